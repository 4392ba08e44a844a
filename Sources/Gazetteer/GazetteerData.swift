/// The gazetteer's tables as the builder makes them, in arrays; ``encoded()`` lays them out as a
/// file (see ``GazetteerFormat``), which ``GazetteerFile`` reads in place.
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

    /// The whole file, header and payload, in the current format (see ``GazetteerFormat``); the
    /// unit vectors of the places are computed here, once, from their latitudes and longitudes.
    func encoded() -> [UInt8] {
        var payload = ByteWriter()
        for count in [
            placeCount, areaRegion.count, countryCode.count, stringOffsets.count - 1, stringBytes.count,
            keyBytes.count, prefixKey.count, prefixLists.count,
        ] {
            payload.append(UInt32(count))
        }
        payload.appendColumn(stringOffsets)
        payload.appendColumn(stringBytes)
        for column in [countryCode, countryName, areaRegion, areaSubregion, areaCountry, areaContext, areaMask] {
            payload.appendColumn(column)
        }
        payload.appendColumn(latitudeE5.map { UInt32(bitPattern: $0) })
        payload.appendColumn(longitudeE5.map { UInt32(bitPattern: $0) })
        for column in [population, name, area] { payload.appendColumn(column) }
        payload.appendColumn(axis)
        payload.appendColumn(unitVectors().map(\.bitPattern))
        payload.appendColumn(keyOffsets)
        payload.appendColumn(keyBytes)
        payload.appendColumn(sorted)
        payload.appendColumn(prefixKey)
        payload.appendColumn(prefixLength)
        payload.appendColumn(prefixStart)
        payload.appendColumn(prefixCount)
        payload.appendColumn(prefixLists)

        var file = ByteWriter()
        file.append(bytes: GazetteerFormat.magic)
        file.append(GazetteerFormat.version)
        file.append(UInt32(GazetteerFormat.headerSize))
        file.append(payload.bytes.withUnsafeBytes { GazetteerFormat.checksum($0) })
        file.append(UInt64(payload.bytes.count))
        file.append(bytes: payload.bytes)
        return file.bytes
    }

    /// The places' unit vectors, x, y, z of each in turn.
    func unitVectors() -> [Double] {
        var vectors: [Double] = []
        vectors.reserveCapacity(placeCount * 3)
        for index in 0..<placeCount {
            let vector = Gazetteer.unitVector(
                latitude: Double(latitudeE5[index]) / 1e5, longitude: Double(longitudeE5[index]) / 1e5)
            vectors += [vector.x, vector.y, vector.z]
        }
        return vectors
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

    mutating func append(bytes more: [UInt8]) { bytes += more }

    /// A column: the values, then zeros up to the next multiple of ``GazetteerFormat/alignment``.
    mutating func appendColumn<Value: FixedWidthInteger & UnsignedInteger>(_ values: [Value]) {
        bytes.reserveCapacity(bytes.count + values.count * MemoryLayout<Value>.size + GazetteerFormat.alignment)
        for value in values {
            for shift in stride(from: 0, to: Value.bitWidth, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        while bytes.count % GazetteerFormat.alignment != 0 { bytes.append(0) }
    }
}
