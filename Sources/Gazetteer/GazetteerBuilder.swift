import Foundation

/// Builds the gazetteer file from place records: interns strings, groups places into areas,
/// orders them as a balanced k-d tree of their positions on the unit sphere, sorts them by
/// normalised name, and precomputes the top places of every busy prefix.
public enum GazetteerBuilder {
    /// One place as the source data gives it.
    public struct Record: Equatable, Sendable {
        /// The place's name.
        public var name: String
        /// Latitude and longitude in 1e-5 degrees (the source's precision).
        public var latitudeE5: Int32
        /// Longitude in 1e-5 degrees.
        public var longitudeE5: Int32
        /// The number of people living there.
        public var population: UInt32
        /// First-level region ("Bavaria"), second-level region, country code and country name.
        public var region: String
        /// Second-level region, possibly empty.
        public var subregion: String
        /// The country's ISO 3166-1 alpha-2 code.
        public var countryCode: String
        /// The country's name in English.
        public var countryName: String

        /// A record with every field.
        package init(
            name: String, latitudeE5: Int32, longitudeE5: Int32, population: UInt32, region: String,
            subregion: String, countryCode: String, countryName: String
        ) {
            self.name = name
            self.latitudeE5 = latitudeE5
            self.longitudeE5 = longitudeE5
            self.population = population
            self.region = region
            self.subregion = subregion
            self.countryCode = countryCode
            self.countryName = countryName
        }
    }

    /// The file for `records`.
    public static func build(_ records: [Record]) -> [UInt8] {
        makeData(records).encoded()
    }

    /// The file in `bytes` rewritten in the current format: a file of format version 1 gets the
    /// same tables, the same places in the same order, so every answer stays the same; a file
    /// already in the current format is checked and returned as it is.
    package static func upgrade(_ bytes: [UInt8]) throws(GazetteerError) -> [UInt8] {
        let upgraded: [UInt8]
        do {
            _ = try Gazetteer(bytes: bytes)
            return bytes
        } catch .unsupportedVersion(1) {
            upgraded = try GazetteerData(decodingVersion1: bytes).encoded()
        }
        // Loading checks every index of the tables read.
        _ = try Gazetteer(bytes: upgraded)
        return upgraded
    }

    static func makeData(_ records: [Record]) -> GazetteerData {
        var data = GazetteerData()
        var strings: [String: UInt32] = [:]
        func intern(_ text: String) -> UInt32 {
            if let index = strings[text] { return index }
            let index = UInt32(data.stringOffsets.count - 1)
            strings[text] = index
            data.stringBytes += Array(text.utf8)
            data.stringOffsets.append(UInt32(data.stringBytes.count))
            return index
        }
        _ = intern("")

        var countries: [String: UInt32] = [:]
        for record in records.sorted(by: { $0.countryCode < $1.countryCode }) where countries[record.countryCode] == nil {
            countries[record.countryCode] = UInt32(data.countryCode.count)
            data.countryCode.append(intern(record.countryCode))
            data.countryName.append(intern(record.countryName))
        }
        struct AreaKey: Hashable { let region: String, subregion: String, country: String }
        var areas: [AreaKey: UInt32] = [:]
        var recordArea: [UInt32] = []
        for record in records {
            let key = AreaKey(region: record.region, subregion: record.subregion, country: record.countryCode)
            if areas[key] == nil {
                areas[key] = UInt32(data.areaRegion.count)
                let context = SearchText.normalize(
                    "\(record.region) \(record.subregion) \(record.countryName) \(record.countryCode)")
                data.areaRegion.append(intern(record.region))
                data.areaSubregion.append(intern(record.subregion))
                data.areaCountry.append(countries[record.countryCode] ?? 0)
                data.areaContext.append(intern(context))
                data.areaMask.append(context.split(separator: " ").reduce(0) { $0 | Gazetteer.letterBit($1.utf8.first) })
            }
            recordArea.append(areas[key] ?? 0)
        }

        // Order the places as a k-d tree over their unit vectors.
        let vectors = records.map {
            Gazetteer.unitVector(latitude: Double($0.latitudeE5) / 1e5, longitude: Double($0.longitudeE5) / 1e5)
        }
        var order = Array(records.indices)
        var axes = [UInt8](repeating: 0, count: records.count)
        buildTree(&order, &axes, vectors, range: 0..<records.count)
        for (position, source) in order.enumerated() {
            let record = records[source]
            data.latitudeE5.append(record.latitudeE5)
            data.longitudeE5.append(record.longitudeE5)
            data.population.append(record.population)
            data.name.append(intern(record.name))
            data.area.append(recordArea[source])
            data.axis.append(axes[position])
        }
        let keys = order.map { Array(SearchText.normalize(records[$0].name).utf8) }
        for key in keys {
            data.keyBytes += key
            data.keyOffsets.append(UInt32(data.keyBytes.count))
        }

        // Rank: population first, then display name, then position.
        let names = order.map { Array(records[$0].name.utf8) }
        func ranks(_ a: Int, before b: Int) -> Bool {
            let (pa, pb) = (data.population[a], data.population[b])
            if pa != pb { return pa > pb }
            if names[a] != names[b] { return names[a].lexicographicallyPrecedes(names[b]) }
            return a < b
        }
        let sorted = keys.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : ranks(a, before: b)
        }
        data.sorted = sorted.map(UInt32.init)

        // Top lists for every prefix (up to 8 bytes, at character boundaries) matching many places.
        var entries: [(key: UInt64, length: UInt8, list: [UInt32])] = []
        for length in 1...8 {
            var start = 0
            while start < sorted.count {
                let key = keys[sorted[start]]
                guard key.count >= length, length == key.count || key[length] & 0xC0 != 0x80 else {
                    start += 1
                    continue
                }
                let prefix = key[..<length]
                var end = start + 1
                while end < sorted.count, keys[sorted[end]].starts(with: prefix) { end += 1 }
                if end - start > GazetteerFormat.scanLimit {
                    let top = sorted[start..<end].sorted(by: ranks).prefix(GazetteerFormat.topCount)
                    entries.append((Gazetteer.packedPrefix(prefix), UInt8(length), top.map(UInt32.init)))
                }
                start = end
            }
        }
        for entry in entries.sorted(by: { $0.key < $1.key }) {
            data.prefixKey.append(entry.key)
            data.prefixLength.append(entry.length)
            data.prefixStart.append(UInt32(data.prefixLists.count))
            data.prefixCount.append(UInt32(entry.list.count))
            data.prefixLists += entry.list
        }
        return data
    }

    /// Orders `order[range]` as a balanced k-d tree: the median along the axis of largest spread
    /// at the middle, the smaller ones before it, the larger after.
    private static func buildTree(_ order: inout [Int], _ axes: inout [UInt8], _ vectors: [SIMD3<Double>], range: Range<Int>) {
        guard range.count > 1 else {
            if let only = range.first { axes[only] = 0 }
            return
        }
        var low = SIMD3<Double>(repeating: .infinity)
        var high = SIMD3<Double>(repeating: -.infinity)
        for index in range {
            low = pointwiseMin(low, vectors[order[index]])
            high = pointwiseMax(high, vectors[order[index]])
        }
        let spread = high - low
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        order[range].sort { (vectors[$0][axis], $0) < (vectors[$1][axis], $1) }
        let middle = range.lowerBound + range.count / 2
        axes[middle] = UInt8(axis)
        buildTree(&order, &axes, vectors, range: range.lowerBound..<middle)
        buildTree(&order, &axes, vectors, range: (middle + 1)..<range.upperBound)
    }
}
