import AddressPicker
import FuzzChecks
import Gazetteer

/// A gazetteer file: refused with a ``GazetteerError``, or loaded into a gazetteer that answers
/// completions, a search and nearest lookups with places it has. An input that does not start
/// with the magic bytes is taken as a payload and given a valid header (its checksum and length),
/// so that mutations reach the sections behind the checksum.
enum GazetteerFile {
    static let magic = Array("APGAZETR".utf8)

    static func test(_ bytes: [UInt8]) {
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
                    query, in: MapRegion(center: coordinate, span: Span(latitudeDelta: 1, longitudeDelta: 1)), limit: 5)
                require(
                    found.count <= 5 && found.allSatisfy(inRange) && Set(found).count == found.count,
                    "search of \(query.debugDescription): \(found) of \(count)")
                _ = found.map { gazetteer.entry($0).address }
            }
        }
        if count == 0 {
            require(
                gazetteer.nearest(to: Coordinate(clampingLatitude: 0, longitude: 0)) == nil,
                "a place nearest in an empty gazetteer")
        }
    }

    /// `payload` behind the header version 1 expects: magic, version, header size, FNV-1a 64
    /// checksum and length, little-endian.
    static func withHeader(_ payload: [UInt8]) -> [UInt8] {
        var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in payload { checksum = (checksum ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var file = magic
        for (value, width) in [(UInt64(1), 4), (32, 4), (checksum, 8), (UInt64(payload.count), 8)] {
            for byte in 0..<width { file.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * byte))) }
        }
        return file + payload
    }
}

runFuzzer { data, size in
    GazetteerFile.test(bytes(data, size))
    return 0
}
