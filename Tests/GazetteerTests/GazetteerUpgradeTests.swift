import AddressPicker
import MachineAnalysis
import MachineRuntime
import Testing

@testable import Gazetteer

/// The tables in format version 1, as its builder wrote them: the header, then the payload
/// record by record, under a byte-at-a-time FNV-1a checksum.
func version1File(_ data: GazetteerData) -> [UInt8] {
    var payload = ByteWriter()
    for count in [
        data.placeCount, data.areaRegion.count, data.countryCode.count, data.stringOffsets.count - 1, data.stringBytes.count,
        data.keyBytes.count, data.prefixKey.count, data.prefixLists.count,
    ] {
        payload.append(UInt32(count))
    }
    for value in data.stringOffsets { payload.append(value) }
    payload.append(bytes: data.stringBytes)
    for index in data.countryCode.indices {
        payload.append(data.countryCode[index])
        payload.append(data.countryName[index])
    }
    for index in data.areaRegion.indices {
        for column in [data.areaRegion, data.areaSubregion, data.areaCountry, data.areaContext, data.areaMask] {
            payload.append(column[index])
        }
    }
    for index in 0..<data.placeCount {
        payload.append(UInt32(bitPattern: data.latitudeE5[index]))
        payload.append(UInt32(bitPattern: data.longitudeE5[index]))
        payload.append(data.population[index])
        payload.append(data.name[index])
        payload.append(data.area[index])
        payload.append(bytes: [data.axis[index]])
    }
    for value in data.keyOffsets { payload.append(value) }
    payload.append(bytes: data.keyBytes)
    for value in data.sorted { payload.append(value) }
    for index in data.prefixKey.indices {
        payload.append(data.prefixKey[index])
        payload.append(bytes: [data.prefixLength[index]])
        payload.append(data.prefixStart[index])
        payload.append(data.prefixCount[index])
    }
    for value in data.prefixLists { payload.append(value) }
    var file = ByteWriter()
    file.append(bytes: GazetteerFormat.magic)
    file.append(UInt32(1))
    file.append(UInt32(GazetteerFormat.headerSize))
    file.append(GazetteerData.version1Checksum(payload.bytes[...]))
    file.append(UInt64(payload.bytes.count))
    file.append(bytes: payload.bytes)
    return file.bytes
}

@Suite("Gazetteer: rewriting a version 1 file") struct GazetteerUpgradeTests {
    /// Enough places that some prefixes get top lists and the k-d tree has levels.
    static let records: [GazetteerBuilder.Record] =
        smallRecords
        + (0..<300).map { (index: Int) -> GazetteerBuilder.Record in
            let suffix = ["Nord", "Süd", "Saint-Ouen"][index % 3]
            let latitude = Int32(index * 59_999 % 17_000_001 - 8_500_000)
            let longitude = Int32(index * 1_234_567 % 36_000_001 - 18_000_000)
            let french = index % 2 == 0
            return GazetteerBuilder.Record(
                name: "Sample \(index % 37) \(suffix)", latitudeE5: latitude, longitudeE5: longitude,
                population: UInt32(1_000 + index * 7 % 50), region: "Region \(index % 5)", subregion: "",
                countryCode: french ? "FR" : "DE", countryName: french ? "France" : "Germany")
        }

    @Test func theRewrittenFileIsTheOneTheBuilderWritesAndAnswersAlike() throws {
        let data = GazetteerBuilder.makeData(Self.records)
        #expect(!data.prefixKey.isEmpty)
        let old = version1File(data)
        #expect(throws: GazetteerError.unsupportedVersion(1)) { try Gazetteer(bytes: old) }
        let upgraded = try GazetteerBuilder.upgrade(old)
        #expect(upgraded == GazetteerBuilder.build(Self.records))
        let gazetteer = try Gazetteer(bytes: upgraded)
        for place in 0..<gazetteer.count {
            let entry = gazetteer.entry(place)
            #expect(entry.population == Int(data.population[place]))
            #expect(
                Array(entry.name.utf8)
                    == Array(
                        data.stringBytes[
                            Int(data.stringOffsets[Int(data.name[place])])..<Int(data.stringOffsets[Int(data.name[place]) + 1])]))
        }
        for query in ["s", "sa", "sample 1", "sample 3 sud", "saint", "zu", "sample fr"] {
            #expect(
                gazetteer.completions(for: query, limit: 40) == gazetteer.bruteForceCompletions(for: query, limit: 40), "\(query)"
            )
        }
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let point = try Coordinate(latitude: random.uniform(-90, 90), longitude: random.uniform(-180, 180))
            #expect(gazetteer.nearest(to: point) == gazetteer.bruteForceNearest(to: point))
        }
    }

    @Test func aCurrentFileIsKeptAndADamagedOldOneRefused() throws {
        let current = GazetteerBuilder.build(smallRecords)
        #expect(try GazetteerBuilder.upgrade(current) == current)
        var old = version1File(GazetteerBuilder.makeData(smallRecords))
        old[old.count - 1] ^= 0x10
        #expect {
            _ = try GazetteerBuilder.upgrade(old)
        } throws: { error in
            guard case GazetteerError.checksumMismatch = error else { return false }
            return true
        }
        #expect(throws: GazetteerError.truncated(expected: old.count, actual: old.count - 1)) {
            try GazetteerBuilder.upgrade(Array(old.dropLast()))
        }
        #expect(throws: GazetteerError.notAGazetteer) {
            try GazetteerBuilder.upgrade(Array("name\t1\t2\t3\t\t\tFR\tFrance\n".utf8))
        }
    }
}
