/// A gazetteer file, checked and read in place: the columns of ``GazetteerFormat`` over its bytes.
///
/// Loading converts and builds nothing. It checks the header, the checksum of the payload, that
/// the columns fit the payload exactly, and every value a lookup uses as an index or an offset,
/// so that a damaged or forged file is refused with an error rather than crashing a lookup later.
///
/// Unchecked `Sendable`: the byte columns point into ``bytes``, which this value keeps alive and
/// nothing writes.
struct GazetteerFile: @unchecked Sendable {
    let bytes: GazetteerBytes
    let stringOffsets: GazetteerColumn<UInt32>
    let stringBytes: UnsafeBufferPointer<UInt8>
    let countryCode: GazetteerColumn<UInt32>
    let countryName: GazetteerColumn<UInt32>
    let areaRegion: GazetteerColumn<UInt32>
    let areaSubregion: GazetteerColumn<UInt32>
    let areaCountry: GazetteerColumn<UInt32>
    let areaContext: GazetteerColumn<UInt32>
    let areaMask: GazetteerColumn<UInt32>
    let latitudeE5: GazetteerColumn<Int32>
    let longitudeE5: GazetteerColumn<Int32>
    let population: GazetteerColumn<UInt32>
    let name: GazetteerColumn<UInt32>
    let area: GazetteerColumn<UInt32>
    let axis: UnsafeBufferPointer<UInt8>
    /// The places' unit vectors, x, y, z of each in turn.
    let vectors: GazetteerColumn<Double>
    let keyOffsets: GazetteerColumn<UInt32>
    let keyBytes: UnsafeBufferPointer<UInt8>
    let sorted: GazetteerColumn<UInt32>
    let prefixKey: GazetteerColumn<UInt64>
    let prefixLength: UnsafeBufferPointer<UInt8>
    let prefixStart: GazetteerColumn<UInt32>
    let prefixCount: GazetteerColumn<UInt32>
    let prefixLists: GazetteerColumn<UInt32>

    var placeCount: Int { latitudeE5.count }

    /// The gazetteer in `bytes` (a whole file), checked.
    init(_ bytes: GazetteerBytes) throws(GazetteerError) {
        self.bytes = bytes
        let file = bytes.buffer
        let magic = GazetteerFormat.magic
        guard file.count >= magic.count, file.prefix(magic.count).elementsEqual(magic) else { throw .notAGazetteer }
        let headerSize = GazetteerFormat.headerSize
        guard file.count >= headerSize else { throw .truncated(expected: headerSize, actual: file.count) }
        let version = file.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian
        guard version == GazetteerFormat.version else { throw .unsupportedVersion(version) }
        guard file.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian == UInt32(headerSize) else {
            throw .corrupt("unexpected header size")
        }
        let checksum = file.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian
        let length = file.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian
        let expected = GazetteerFormat.fileSize(payloadLength: length)
        guard file.count >= expected else { throw .truncated(expected: expected, actual: file.count) }
        guard file.count == expected else { throw .corrupt("\(file.count - expected) bytes after the payload") }
        guard length % UInt64(GazetteerFormat.alignment) == 0 else { throw .corrupt("the payload is not whole columns") }
        let payload = UnsafeRawBufferPointer(rebasing: file[headerSize...])
        let actual = GazetteerFormat.checksum(payload)
        guard actual == checksum else { throw .checksumMismatch(expected: checksum, actual: actual) }

        var reader = ColumnReader(payload: payload)
        let counts = try reader.counts(8)
        let (places, areas, countries, strings) = (counts[0], counts[1], counts[2], counts[3])
        let (stringByteCount, keyByteCount, prefixes, listLength) = (counts[4], counts[5], counts[6], counts[7])
        stringOffsets = try reader.column(strings + 1)
        stringBytes = try reader.bytes(stringByteCount)
        countryCode = try reader.column(countries)
        countryName = try reader.column(countries)
        areaRegion = try reader.column(areas)
        areaSubregion = try reader.column(areas)
        areaCountry = try reader.column(areas)
        areaContext = try reader.column(areas)
        areaMask = try reader.column(areas)
        latitudeE5 = try reader.column(places)
        longitudeE5 = try reader.column(places)
        population = try reader.column(places)
        name = try reader.column(places)
        area = try reader.column(places)
        axis = try reader.bytes(places)
        vectors = try reader.column(places, each: 3)
        keyOffsets = try reader.column(places + 1)
        keyBytes = try reader.bytes(keyByteCount)
        sorted = try reader.column(places)
        prefixKey = try reader.column(prefixes)
        prefixLength = try reader.bytes(prefixes)
        prefixStart = try reader.column(prefixes)
        prefixCount = try reader.column(prefixes)
        prefixLists = try reader.column(listLength)
        guard reader.isAtEnd else { throw .corrupt("the payload is longer than its columns") }
        try validate()
    }

    /// Checks every value a lookup uses as an index or an offset (and the few it relies on
    /// otherwise), so that no lookup reads out of bounds, traps or loops on a forged file.
    private func validate() throws(GazetteerError) {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) throws(GazetteerError) {
            if !condition { throw .corrupt(what()) }
        }
        try check(isMonotonic(stringOffsets, end: stringBytes.count), "string offsets out of order")
        try check(isMonotonic(keyOffsets, end: keyBytes.count), "name offsets out of order")
        let strings = UInt32(clamping: stringOffsets.count - 1)
        for column in [countryCode, countryName, areaRegion, areaSubregion, areaContext, name] {
            try check(column.allSatisfy { $0 < strings }, "a string index out of range")
        }
        try check(areaCountry.allSatisfy { $0 < countryCode.count }, "a country index out of range")
        try check(area.allSatisfy { $0 < areaRegion.count }, "an area index out of range")
        try check(latitudeE5.allSatisfy { $0.magnitude <= 9_000_000 }, "a latitude out of range")
        try check(longitudeE5.allSatisfy { $0.magnitude <= 18_000_000 }, "a longitude out of range")
        try check(axis.allSatisfy { $0 < 3 }, "a k-d axis out of range")
        // Finite, so that every distance is, and the search always settles on a place.
        try check(vectors.allSatisfy { abs($0) <= 1 }, "a unit vector out of range")
        var seen = [Bool](repeating: false, count: placeCount)
        for place in sorted {
            try check(Int(place) < placeCount && !seen[Int(place)], "the name order is not a permutation of the places")
            seen[Int(place)] = true
        }
        try check(prefixLength.allSatisfy { (1...8).contains($0) }, "a prefix length out of range")
        for index in prefixStart.indices {
            let end = UInt64(prefixStart[index]) + UInt64(prefixCount[index])
            try check(end <= UInt64(prefixLists.count), "a prefix list out of range")
        }
        try check(prefixLists.allSatisfy { $0 < placeCount }, "a prefix list names no place")
        try check(zip(prefixKey, prefixKey.dropFirst()).allSatisfy { $0 < $1 }, "the prefix table is not sorted")
    }

    private func isMonotonic(_ offsets: GazetteerColumn<UInt32>, end: Int) -> Bool {
        offsets.first == 0 && offsets.last == UInt32(clamping: end) && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
    }
}

/// Takes the columns of a payload in order, each padded to ``GazetteerFormat/alignment``,
/// refusing to take past the end.
private struct ColumnReader {
    let payload: UnsafeRawBufferPointer
    private var position = 0

    init(payload: UnsafeRawBufferPointer) {
        self.payload = payload
    }

    var isAtEnd: Bool { position == payload.count }

    /// `count` values of `size` bytes, and the padding after them.
    private mutating func take(_ count: Int, size: Int) throws(GazetteerError) -> UnsafeRawPointer {
        let alignment = GazetteerFormat.alignment
        let (length, overflow) = count.multipliedReportingOverflow(by: size)
        let left = payload.count - position
        guard !overflow, length <= left, let base = payload.baseAddress else {
            throw .corrupt("a column of \(count) values exceeds the payload")
        }
        // Within the payload: it is whole columns, and this one starts at a column boundary.
        defer { position += length + (alignment - length % alignment) % alignment }
        return base + position
    }

    /// A column of `number` counts, none of which may claim more than the bytes left.
    mutating func counts(_ number: Int) throws(GazetteerError) -> [Int] {
        let column: GazetteerColumn<UInt32> = try column(number)
        let counts = column.map { Int($0) }
        if let large = counts.first(where: { $0 > payload.count - position }) {
            throw .corrupt("a section count of \(large) exceeds the file")
        }
        return counts
    }

    mutating func column<Value: LittleEndianValue>(_ count: Int, each: Int = 1) throws(GazetteerError) -> GazetteerColumn<Value> {
        let base = try take(count, size: MemoryLayout<Value>.size * each)
        return GazetteerColumn(base: base, count: count * each)
    }

    mutating func bytes(_ count: Int) throws(GazetteerError) -> UnsafeBufferPointer<UInt8> {
        // Bound to UInt8: the linked file is a C array of bytes; a copy is bound when it is made.
        UnsafeBufferPointer(start: try take(count, size: 1).assumingMemoryBound(to: UInt8.self), count: count)
    }
}
