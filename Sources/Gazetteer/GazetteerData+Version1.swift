/// Reading a file of format version 1, so that `address-picker build-gazetteer` can rewrite it in
/// the current format: the same tables, the same places in the same order, so every answer stays
/// the same. (The loader reads only the current version.)
extension GazetteerData {
    /// The tables of a whole version 1 file. Its header and checksum are checked and no read goes
    /// past its end; the indexes are checked when the rewritten file is loaded.
    init(decodingVersion1 bytes: [UInt8]) throws(GazetteerError) {
        guard bytes.starts(with: GazetteerFormat.magic) else { throw .notAGazetteer }
        var header = ByteReader(bytes, from: GazetteerFormat.magic.count)
        let version = try header.uint32()
        guard version == 1 else { throw .unsupportedVersion(version) }
        guard try header.uint32() == UInt32(GazetteerFormat.headerSize) else { throw .corrupt("unexpected header size") }
        let checksum = try header.uint64()
        let length = try header.uint64()
        let expected = GazetteerFormat.fileSize(payloadLength: length)
        guard bytes.count >= expected else { throw .truncated(expected: expected, actual: bytes.count) }
        guard bytes.count == expected else { throw .corrupt("\(bytes.count - expected) bytes after the payload") }
        let actual = GazetteerData.version1Checksum(bytes[GazetteerFormat.headerSize...])
        guard actual == checksum else { throw .checksumMismatch(expected: checksum, actual: actual) }

        self.init()
        var reader = ByteReader(bytes, from: GazetteerFormat.headerSize)
        let places = try reader.count()
        let areas = try reader.count()
        let countries = try reader.count()
        let strings = try reader.count()
        let stringByteCount = try reader.count()
        let keyByteCount = try reader.count()
        let prefixes = try reader.count()
        let listLength = try reader.count()

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
    }

    /// Version 1's checksum: FNV-1a, 64 bits, byte by byte.
    static func version1Checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
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
                    buffer[index] = UInt32(
                        littleEndian: raw.loadUnaligned(fromByteOffset: range.lowerBound + index * 4, as: UInt32.self))
                }
            }
            initialized = count
        }
    }
}
