import AddressPicker
import FuzzChecks
import Gazetteer

/// A gazetteer file: refused with a ``GazetteerError``, or loaded into a gazetteer that answers
/// completions, a search (the same as the search without its index of names) and nearest lookups
/// with places it has. An input that does not start with the magic bytes is taken as a payload
/// and given a valid header (its checksum and length), so that mutations reach the columns behind
/// the checksum.
enum GazetteerFile {
    static let magic = Array("APGAZETR".utf8)

    static func test(_ bytes: [UInt8]) {
        require(headerIsTheLoaders, "the target's header differs from the one the embedded file has")
        let file = bytes.starts(with: magic) ? bytes : withHeader(bytes)
        let gazetteer: Gazetteer
        do {
            gazetteer = try Gazetteer(bytes: file)
        } catch {
            if case .unreadable = error { require(false, "bytes in memory reported unreadable: \(error)") }
            require(!error.description.isEmpty, "an error without a description")
            return
        }
        let count = gazetteer.count
        let inRange = { (place: Int) in (0..<count).contains(place) }
        let span: Span
        do { span = try Span(latitudeDelta: 1, longitudeDelta: 1) } catch {
            return require(false, "a span of one degree: \(error)")
        }
        for place in 0..<min(count, 4) {
            let entry = gazetteer.entry(place)
            let coordinate = entry.coordinate
            require(abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180, "place \(place) at \(coordinate)")
            let nearest = gazetteer.nearest(to: coordinate)
            require(nearest.map(inRange) == true, "nearest to place \(place): \(String(describing: nearest)) of \(count)")
            for query in [entry.name, String(entry.name.prefix(2)), "\(entry.name) \(entry.country)"] {
                let completions = gazetteer.completions(for: query, limit: 5)
                require(
                    completions.count <= 5 && completions.allSatisfy(inRange) && Set(completions).count == completions.count,
                    "completions of \(query.debugDescription): \(completions) of \(count)")
                let found = gazetteer.search(
                    query, in: MapRegion(center: coordinate, span: span), limit: 5)
                require(
                    found.count <= 5 && found.allSatisfy(inRange) && Set(found).count == found.count,
                    "search of \(query.debugDescription): \(found) of \(count)")
                let unindexed = gazetteer.bruteForceSearch(
                    query, in: MapRegion(center: coordinate, span: span), limit: 5)
                require(found == unindexed, "search of \(query.debugDescription): \(found), without its index \(unindexed)")
                _ = found.map { gazetteer.entry($0).address }
            }
        }
        if count == 0 {
            require(
                gazetteer.nearest(to: Coordinate(clampingLatitude: 0, longitude: 0)) == nil,
                "a place nearest in an empty gazetteer")
        }
    }

    /// `payload` behind the header of the current format (version 2): magic, version, header size,
    /// checksum and length, little-endian. The payload is first padded with zeros to whole 64-bit
    /// words, as the format requires, so that mutations of any length reach the columns.
    static func withHeader(_ payload: [UInt8]) -> [UInt8] {
        var payload = payload
        while payload.count % 8 != 0 { payload.append(0) }
        var file = magic
        for (value, width) in [(UInt64(2), 4), (32, 4), (checksum(payload), 8), (UInt64(payload.count), 8)] {
            for byte in 0..<width { file.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * byte))) }
        }
        return file + payload
    }

    /// The format's checksum of a payload of whole 64-bit words (as `GazetteerFormat.checksum`,
    /// which is internal; ``headerIsTheLoaders`` checks that the two agree).
    static func checksum(_ payload: [UInt8]) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: [UInt64] = [0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89]
        func step(_ lane: inout UInt64, _ word: UInt64) {
            let mixed = lane ^ word
            lane = (mixed << 29 | mixed >> 35) &* prime
        }
        let words = payload.count / 8
        func word(_ index: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(payload[index * 8 + $1]) << UInt64(8 * $1) }
        }
        var index = 0
        while index + 4 <= words {
            for lane in 0..<4 { step(&lanes[lane], word(index + lane)) }
            index += 4
        }
        while index < words {
            step(&lanes[0], word(index))
            index += 1
        }
        var hash = lanes[0]
        for value in [lanes[1], lanes[2], lanes[3], UInt64(words)] { step(&hash, value) }
        return hash
    }

    /// Whether ``withHeader(_:)`` gives the embedded file back from its payload: the header is
    /// the one the loader expects, so headerless inputs get past the checksum.
    static let headerIsTheLoaders: Bool = {
        let embedded = Array(Gazetteer.embeddedFile)
        return withHeader(Array(embedded.dropFirst(32))) == embedded
    }()
}

runFuzzer { data, size in
    GazetteerFile.test(bytes(data, size))
    return 0
}
