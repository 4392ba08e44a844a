import AddressPicker
import Foundation
import Gazetteer

/// The embedded gazetteer against brute-force scans of the same data, in the same run: load time,
/// completion latency, reverse-geocoding latency, and agreement of every indexed answer with the
/// brute-force one.
enum GazetteerBenchmark {
    struct Latencies {
        let name: String
        let nanoseconds: [Double]
        var sorted: [Double] { nanoseconds.sorted() }
        func percentile(_ p: Double) -> Double {
            let values = sorted
            return values.isEmpty ? .nan : values[min(values.count - 1, Int(Double(values.count) * p))]
        }
        var median: Double { percentile(0.5) }
    }

    static func time(_ body: () -> Void) -> Double {
        let (seconds, attoseconds) = ContinuousClock().measure(body).components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// Every one-, two- and three-letter prefix, and the names of every 50th place.
    static func completionQueries(_ gazetteer: Gazetteer) -> [String] {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let two = letters.flatMap { a in letters.map { a + $0 } }
        let three = two.flatMap { ab in letters.map { ab + $0 } }
        let names = stride(from: 0, to: gazetteer.count, by: 50).map { gazetteer.entry($0).name }
        return letters + two + three + names
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

    static func randomCoordinates(_ count: Int, seed: UInt64) -> [Coordinate] {
        var state = seed
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in Coordinate(clampingLatitude: next() * 180 - 90, longitude: next() * 360 - 180) }
    }

    static func run(runs: Int, reverseChecks: Int) throws -> [String] {
        var lines: [String] = []
        let url = try require(Gazetteer.bundledFile, "the gazetteer resource is missing")
        // Load: the whole load (read, checksum, validate, index) against only reading the bytes.
        var loads: [Double] = [], reads: [Double] = []
        var gazetteer = try Gazetteer.bundled()
        for _ in 0..<max(runs, 5) {
            reads.append(time { _ = try? Data(contentsOf: url) })
            loads.append(time { if let loaded = try? Gazetteer(contentsOf: url) { gazetteer = loaded } })
        }
        let load = Latencies(name: "load", nanoseconds: loads), read = Latencies(name: "read", nanoseconds: reads)
        lines.append(String(format: "load %d places: median %.1f ms (min %.1f, max %.1f); reading the %.1f MB file alone: %.1f ms; ratio %.1f×",
                            gazetteer.count, load.median / 1e6, (load.sorted.first ?? 0) / 1e6, (load.sorted.last ?? 0) / 1e6,
                            Double((try? Data(contentsOf: url).count) ?? 0) / 1e6, read.median / 1e6, load.median / read.median))

        // Completions: every query timed alone; brute force on every 37th query.
        let queries = completionQueries(gazetteer)
        var indexed: [Double] = []
        var checksum = 0
        for query in queries {
            var result: [Int] = []
            indexed.append(time { result = gazetteer.completions(for: query) })
            checksum &+= result.count
        }
        let brute = stride(from: 0, to: queries.count, by: 37).map { index in
            time { checksum &+= gazetteer.bruteForceCompletions(for: queries[index]).count }
        }
        let completions = Latencies(name: "completions", nanoseconds: indexed)
        let bruteCompletions = Latencies(name: "brute force", nanoseconds: brute)
        lines.append(String(format: "completion over %d queries: median %.2f µs, p99 %.2f µs, max %.1f µs; brute force median %.0f µs; ratio %.0f× faster",
                            queries.count, completions.median / 1e3, completions.percentile(0.99) / 1e3,
                            (completions.sorted.last ?? 0) / 1e3, bruteCompletions.median / 1e3,
                            bruteCompletions.median / completions.median))

        // Reverse geocoding: single queries timed alone.
        let points = randomCoordinates(100_000, seed: 42)
        var reverse: [Double] = []
        reverse.reserveCapacity(points.count)
        for point in points { reverse.append(time { checksum &+= gazetteer.nearest(to: point) ?? 0 }) }
        let bruteReverse = points.prefix(200).map { point in time { checksum &+= gazetteer.bruteForceNearest(to: point) ?? 0 } }
        let nearest = Latencies(name: "nearest", nanoseconds: reverse), bruteNearest = Latencies(name: "brute", nanoseconds: bruteReverse)
        lines.append(String(format: "reverse geocode over %d random points: median %.2f µs, p99 %.2f µs; brute force median %.0f µs; ratio %.0f× faster",
                            points.count, nearest.median / 1e3, nearest.percentile(0.99) / 1e3, bruteNearest.median / 1e3,
                            bruteNearest.median / nearest.median))

        // Agreement with brute force.
        let mismatchedCompletions = queries.filter { gazetteer.completions(for: $0) != gazetteer.bruteForceCompletions(for: $0) }
        lines.append("completion agrees with brute force: \(queries.count - mismatchedCompletions.count) of \(queries.count) queries"
                     + (mismatchedCompletions.isEmpty ? "" : " (first differing: \(mismatchedCompletions.prefix(3)))"))
        let checked = randomCoordinates(reverseChecks, seed: 7)
        let mismatches = countMismatches(checked, gazetteer)
        lines.append("reverse geocode agrees with brute force: \(checked.count - mismatches) of \(checked.count) random points")
        if checksum == 42 { lines.append("") }
        return lines
    }
}

func require<T>(_ value: T?, _ message: String) throws -> T {
    guard let value else { throw BenchmarkError.mismatch(message) }
    return value
}
