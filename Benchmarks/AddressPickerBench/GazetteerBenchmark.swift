import AddressPicker
import Foundation
import Gazetteer
import MachineAnalysis
import MachineRuntime

/// The embedded gazetteer against brute-force scans of the same data, in the same run: load time,
/// completion latency, reverse-geocoding latency, and agreement of every indexed answer with the
/// brute-force one.
enum GazetteerBenchmark {
    /// Every one-, two- and three-letter prefix, and the names of every 50th place.
    static func completionQueries(_ gazetteer: Gazetteer) -> [String] {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let two = letters.flatMap { a in letters.map { a + $0 } }
        let three = two.flatMap { ab in letters.map { ab + $0 } }
        let names = stride(from: 0, to: gazetteer.count, by: 50).map { gazetteer.entry($0).name }
        return letters + two + three + names
    }

    /// Search queries: the name, region, country and country code of every 400th place, each
    /// also within a map region around another place.
    static func searchQueries(_ gazetteer: Gazetteer) -> [(text: String, region: MapRegion?)] {
        let texts = stride(from: 0, to: gazetteer.count, by: 400).flatMap { index in
            let entry = gazetteer.entry(index)
            return [entry.name, entry.region, entry.country, entry.countryCode.lowercased()].filter { !$0.isEmpty }
        }
        return texts.enumerated().flatMap { offset, text in
            let around = gazetteer.entry((offset * 7_919) % gazetteer.count).coordinate
            return [(text, nil), (text, MapRegion(center: around, span: Span(checkedLatitudeDelta: 4, longitudeDelta: 4)))]
        }
    }

    /// How many points the index and the brute-force scan disagree on, checked on every core.
    static func countMismatches(_ points: [Coordinate], _ gazetteer: Gazetteer) -> Int {
        final class Tally: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var total = 0
            func add(_ count: Int) { lock.withLock { total += count } }
        }
        let tally = Tally()
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 4
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var mismatches = 0
            for index in stride(from: chunk, to: points.count, by: chunks)
            where gazetteer.nearest(to: points[index]) != gazetteer.bruteForceNearest(to: points[index]) {
                mismatches += 1
            }
            tally.add(mismatches)
        }
        return tally.total
    }

    /// `count` points spread evenly over latitude and longitude, the same for the same seed.
    static func randomCoordinates(_ count: Int, seed: UInt64) -> [Coordinate] {
        var random = SplitMix64(seed: seed)
        func next() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        return (0..<count).map { _ in Coordinate(clampingLatitude: next() * 180 - 90, longitude: next() * 360 - 180) }
    }

    static func run(runs: Int, reverseChecks: Int, into report: inout Report) throws {
        // Load: the whole load (checksum and checks of the file where the binary holds it, ready
        // to answer) against only copying the embedded bytes into an array.
        var loads: [Double] = []
        var reads: [Double] = []
        var gazetteer = try Gazetteer.bundled()
        var copied = 0
        for _ in 0..<max(runs, 5) {
            reads.append(elapsedNanoseconds { copied &+= Array(Gazetteer.embeddedFile).count })
            loads.append(elapsedNanoseconds { if let loaded = try? Gazetteer.bundled() { gazetteer = loaded } })
        }
        let size = Double(Gazetteer.embeddedFile.count) / 1e6
        report.add(
            Comparison(
                subject: Measurement(name: "gazetteer load", nanosecondsPerOperation: loads),
                baseline: Measurement(name: "reading the file alone", nanosecondsPerOperation: reads),
                note: String(format: "%d places, %.1f MB file: checksum and checks, read in place", gazetteer.count, size)))

        // Completions: every query timed alone; brute force on every 37th query.
        let queries = completionQueries(gazetteer)
        var checksum = copied
        let indexed = queries.map { query in elapsedNanoseconds { checksum &+= gazetteer.completions(for: query).count } }
        let brute = stride(from: 0, to: queries.count, by: 37).map { index in
            elapsedNanoseconds { checksum &+= gazetteer.bruteForceCompletions(for: queries[index]).count }
        }
        let completions = Measurement(name: "completion, one query", nanosecondsPerOperation: indexed)
        report.add(
            Comparison(
                subject: completions,
                baseline: Measurement(name: "completion by brute-force scan", nanosecondsPerOperation: brute),
                note: String(
                    format: "%d queries (every 1-, 2- and 3-letter prefix, every 50th name), each timed alone; p99 %.2f µs",
                    queries.count, completions.percentile(0.99) / 1e3)))

        // Reverse geocoding: single queries timed alone.
        let points = randomCoordinates(100_000, seed: 42)
        let reverse = points.map { point in elapsedNanoseconds { checksum &+= gazetteer.nearest(to: point) ?? 0 } }
        let bruteReverse = points.prefix(200).map { point in
            elapsedNanoseconds { checksum &+= gazetteer.bruteForceNearest(to: point) ?? 0 }
        }
        let nearest = Measurement(name: "reverse geocode, one point", nanosecondsPerOperation: reverse)
        report.add(
            Comparison(
                subject: nearest,
                baseline: Measurement(name: "reverse geocode by brute-force scan", nanosecondsPerOperation: bruteReverse),
                note: String(
                    format: "%d random points, each timed alone (brute force on 200); p99 %.2f µs",
                    points.count, nearest.percentile(0.99) / 1e3)))

        // Place search: the first search builds the index of country and region names (timed
        // alone, on a gazetteer loaded for it); then every query timed alone, against the search
        // without that index (which normalises every country and region name at each call).
        let fresh = try Gazetteer.bundled()
        let firstSearch = elapsedNanoseconds { checksum &+= fresh.search("Paris").count }
        let searches = searchQueries(gazetteer)
        _ = gazetteer.search("Paris")
        let searched = searches.map { query in
            elapsedNanoseconds { checksum &+= gazetteer.search(query.text, in: query.region).count }
        }
        var mismatchedSearches: [String] = []
        let bruteSearched = stride(from: 0, to: searches.count, by: 7).map { index in
            let (text, region) = searches[index]
            var unindexed: [Int] = []
            let time = elapsedNanoseconds { unindexed = gazetteer.bruteForceSearch(text, in: region) }
            if unindexed != gazetteer.search(text, in: region) { mismatchedSearches.append(text) }
            return time
        }
        let search = Measurement(name: "place search, one query", nanosecondsPerOperation: searched)
        report.add(
            Comparison(
                subject: search,
                baseline: Measurement(name: "place search without the name index", nanosecondsPerOperation: bruteSearched),
                note: String(
                    format:
                        "%d queries (names, regions, countries and codes of every 400th place, half with a map region), each timed alone (without the index on every 7th); p99 %.2f µs; the first search, building the index, %.2f ms",
                    searches.count, search.percentile(0.99) / 1e3, firstSearch / 1e6)))

        // Agreement with brute force.
        let mismatchedCompletions = queries.filter { gazetteer.completions(for: $0) != gazetteer.bruteForceCompletions(for: $0) }
        report.add(
            "completion agrees with brute force",
            "\(queries.count - mismatchedCompletions.count) of \(queries.count) queries"
                + (mismatchedCompletions.isEmpty ? "" : " (first differing: \(mismatchedCompletions.prefix(3)))"))
        let checked = randomCoordinates(reverseChecks, seed: 7)
        let mismatches = countMismatches(checked, gazetteer)
        report.add(
            "place search agrees with the search without its index",
            "\(bruteSearched.count - mismatchedSearches.count) of \(bruteSearched.count) queries (every 7th)"
                + (mismatchedSearches.isEmpty ? "" : " (first differing: \(mismatchedSearches.prefix(3)))"))
        report.add("reverse geocode agrees with brute force", "\(checked.count - mismatches) of \(checked.count) random points")
        if checksum == 42 { print("") }
        guard mismatchedCompletions.isEmpty, mismatchedSearches.isEmpty, mismatches == 0 else {
            throw BenchmarkError.mismatch("the gazetteer's indexes and the brute-force scans give different answers")
        }
    }
}

func require<T>(_ value: T?, _ message: String) throws -> T {
    guard let value else { throw BenchmarkError.mismatch(message) }
    return value
}
