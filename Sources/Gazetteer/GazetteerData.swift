/// The gazetteer's tables, as the file holds them (see ``GazetteerFormat``).
struct GazetteerData: Equatable {
    var stringBytes: [UInt8] = []
    var stringOffsets: [UInt32] = [0]
    var countryCode: [UInt32] = []
    var countryName: [UInt32] = []
    var areaRegion: [UInt32] = []
    var areaSubregion: [UInt32] = []
    var areaCountry: [UInt32] = []
    var areaContext: [UInt32] = []
    var areaMask: [UInt32] = []
    var latitudeE5: [Int32] = []
    var longitudeE5: [Int32] = []
    var population: [UInt32] = []
    var name: [UInt32] = []
    var area: [UInt32] = []
    var axis: [UInt8] = []
    var keyBytes: [UInt8] = []
    var keyOffsets: [UInt32] = [0]
    var sorted: [UInt32] = []
    var prefixKey: [UInt64] = []
    var prefixLength: [UInt8] = []
    var prefixStart: [UInt32] = []
    var prefixCount: [UInt32] = []
    var prefixLists: [UInt32] = []

    var placeCount: Int { latitudeE5.count }

    /// The whole file: header and payload.
    func encoded() -> [UInt8] {
        var payload = ByteWriter()
        for count in [placeCount, areaRegion.count, countryCode.count, stringOffsets.count - 1, stringBytes.count,
                      keyBytes.count, prefixKey.count, prefixLists.count] {
            payload.append(UInt32(count))
        }
        payload.append(stringOffsets)
        payload.append(bytes: stringBytes)
        for index in countryCode.indices {
            payload.append(countryCode[index])
            payload.append(countryName[index])
        }
        for index in areaRegion.indices {
            payload.append(areaRegion[index])
            payload.append(areaSubregion[index])
            payload.append(areaCountry[index])
            payload.append(areaContext[index])
            payload.append(areaMask[index])
        }
        for index in 0..<placeCount {
            payload.append(UInt32(bitPattern: latitudeE5[index]))
            payload.append(UInt32(bitPattern: longitudeE5[index]))
            payload.append(population[index])
            payload.append(name[index])
            payload.append(area[index])
            payload.append(bytes: [axis[index]])
        }
        payload.append(keyOffsets)
        payload.append(bytes: keyBytes)
        payload.append(sorted)
        for index in prefixKey.indices {
            payload.append(prefixKey[index])
            payload.append(bytes: [prefixLength[index]])
            payload.append(prefixStart[index])
            payload.append(prefixCount[index])
        }
        payload.append(prefixLists)

        var file = ByteWriter()
        file.append(bytes: GazetteerFormat.magic)
        file.append(GazetteerFormat.version)
        file.append(UInt32(GazetteerFormat.headerSize))
        file.append(GazetteerFormat.checksum(payload.bytes[...]))
        file.append(UInt64(payload.bytes.count))
        file.append(bytes: payload.bytes)
        return file.bytes
    }

    /// Reads and checks a whole file. Every index is checked, so a damaged or forged file is
    /// refused with an error rather than crashing a lookup later.
    init(decoding bytes: [UInt8]) throws(GazetteerError) {
        guard bytes.count >= GazetteerFormat.magic.count, Array(bytes[..<GazetteerFormat.magic.count]) == GazetteerFormat.magic else {
            throw .notAGazetteer
        }
        var header = ByteReader(bytes, from: GazetteerFormat.magic.count)
        let version = try header.uint32()
        guard version == GazetteerFormat.version else { throw .unsupportedVersion(version) }
        guard try header.uint32() == UInt32(GazetteerFormat.headerSize) else { throw .corrupt("unexpected header size") }
        let checksum = try header.uint64()
        let length = try header.uint64()
        // A length near 2^64 must not overflow the sum: such a file is truncated, whatever it holds.
        let expected = GazetteerFormat.headerSize + Int(clamping: min(length, UInt64(Int.max - GazetteerFormat.headerSize)))
        guard bytes.count >= expected else { throw .truncated(expected: expected, actual: bytes.count) }
        guard bytes.count == expected else { throw .corrupt("\(bytes.count - expected) bytes after the payload") }
        let actual = GazetteerFormat.checksum(bytes[GazetteerFormat.headerSize...])
        guard actual == checksum else { throw .checksumMismatch(expected: checksum, actual: actual) }

        var reader = ByteReader(bytes, from: GazetteerFormat.headerSize)
        let places = try reader.count(), areas = try reader.count(), countries = try reader.count()
        let strings = try reader.count(), stringByteCount = try reader.count(), keyByteCount = try reader.count()
        let prefixes = try reader.count(), listLength = try reader.count()

        stringOffsets = try reader.uint32s(strings + 1)
        stringBytes = try reader.bytes(stringByteCount)
        for _ in 0..<countries {
            countryCode.append(try reader.uint32())
            countryName.append(try reader.uint32())
        }
        for _ in 0..<areas {
            areaRegion.append(try reader.uint32())
            areaSubregion.append(try reader.uint32())
            areaCountry.append(try reader.uint32())
            areaContext.append(try reader.uint32())
            areaMask.append(try reader.uint32())
        }
        latitudeE5.reserveCapacity(places)
        longitudeE5.reserveCapacity(places)
        for _ in 0..<places {
            latitudeE5.append(Int32(bitPattern: try reader.uint32()))
            longitudeE5.append(Int32(bitPattern: try reader.uint32()))
            population.append(try reader.uint32())
            name.append(try reader.uint32())
            area.append(try reader.uint32())
            axis.append(try reader.bytes(1)[0])
        }
        keyOffsets = try reader.uint32s(places + 1)
        keyBytes = try reader.bytes(keyByteCount)
        sorted = try reader.uint32s(places)
        for _ in 0..<prefixes {
            prefixKey.append(try reader.uint64())
            prefixLength.append(try reader.bytes(1)[0])
            prefixStart.append(try reader.uint32())
            prefixCount.append(try reader.uint32())
        }
        prefixLists = try reader.uint32s(listLength)
        guard reader.isAtEnd else { throw .corrupt("the payload is longer than its sections") }
        try validate()
    }

    init() {}

    private func validate() throws(GazetteerError) {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) throws(GazetteerError) {
            if !condition { throw .corrupt(what()) }
        }
        try check(isMonotonic(stringOffsets, end: stringBytes.count), "string offsets out of order")
        try check(isMonotonic(keyOffsets, end: keyBytes.count), "name offsets out of order")
        let strings = UInt32(stringOffsets.count - 1)
        try check((countryCode + countryName + areaRegion + areaSubregion + areaContext + name).allSatisfy { $0 < strings },
                  "a string index out of range")
        try check(areaCountry.allSatisfy { $0 < countryCode.count }, "a country index out of range")
        try check(area.allSatisfy { $0 < areaRegion.count }, "an area index out of range")
        try check(latitudeE5.allSatisfy { $0.magnitude <= 9_000_000 }, "a latitude out of range")
        try check(longitudeE5.allSatisfy { $0.magnitude <= 18_000_000 }, "a longitude out of range")
        try check(axis.allSatisfy { $0 < 3 }, "a k-d axis out of range")
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

    private func isMonotonic(_ offsets: [UInt32], end: Int) -> Bool {
        offsets.first == 0 && offsets.last == UInt32(clamping: end) && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
    }
}

/// Appends little-endian integers to bytes.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func append(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func append(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func append(_ values: [UInt32]) {
        bytes.reserveCapacity(bytes.count + values.count * 4)
        for value in values { append(value) }
    }

    mutating func append(bytes more: [UInt8]) { bytes += more }
}

/// Reads little-endian integers from bytes, refusing to read past the end.
struct ByteReader {
    private let bytes: [UInt8]
    private var position: Int

    init(_ bytes: [UInt8], from position: Int) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position == bytes.count }

    private mutating func take(_ count: Int) throws(GazetteerError) -> Range<Int> {
        guard count >= 0, count <= bytes.count - position else {
            throw .truncated(expected: position + max(0, count), actual: bytes.count)
        }
        defer { position += count }
        return position..<(position + count)
    }

    mutating func uint32() throws(GazetteerError) -> UInt32 {
        let range = try take(4)
        return bytes[range].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64() throws(GazetteerError) -> UInt64 {
        let range = try take(8)
        return bytes[range].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A count, which may not claim more than the bytes left.
    mutating func count() throws(GazetteerError) -> Int {
        let value = Int(try uint32())
        guard value <= bytes.count - position else { throw .corrupt("a section count of \(value) exceeds the file") }
        return value
    }

    mutating func bytes(_ count: Int) throws(GazetteerError) -> [UInt8] {
        Array(bytes[try take(count)])
    }

    mutating func uint32s(_ count: Int) throws(GazetteerError) -> [UInt32] {
        let range = try take(count * 4)
        return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                for index in 0..<count {
                    buffer[index] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: range.lowerBound + index * 4, as: UInt32.self))
                }
            }
            initialized = count
        }
    }
}
