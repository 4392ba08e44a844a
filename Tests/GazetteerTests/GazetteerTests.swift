import AddressPicker
import Foundation
import MachineAnalysis
import MachineRuntime
import ScriptTestSupport
import Testing

@testable import Gazetteer

/// The bundled gazetteer, loaded once for every test.
let bundled: Gazetteer? = try? Gazetteer.bundled()

func gazetteer() throws -> Gazetteer { try #require(bundled, "the bundled gazetteer does not load") }

func names(_ gazetteer: Gazetteer, _ places: [Int]) -> [String] { places.map { gazetteer.entry($0).name } }

@Suite("Gazetteer: loading") struct GazetteerLoadingTests {
    @Test func theBundledDataHasEveryPlace() throws {
        let gazetteer = try gazetteer()
        #expect(gazetteer.count == 155_210)
        let paris = try #require(gazetteer.search("Paris").first)
        #expect(gazetteer.entry(paris).countryCode == "FR")
    }

    func bundledBytes() throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/EmbeddedGazetteer/data/gazetteer.bin")
        return [UInt8](try Data(contentsOf: url))
    }

    @Test func theBinaryCarriesTheCommittedFileByteForByte() throws {
        let embedded = Array(Gazetteer.embeddedFile)
        #expect(embedded.count > 1_000_000)
        #expect(embedded == (try bundledBytes()))
    }

    @Test func theCommittedFileIsInTheCurrentFormat() throws {
        let bytes = try bundledBytes()
        #expect(try GazetteerBuilder.upgrade(bytes) == bytes)
        // Loaded from a copy as from the binary: the same answers.
        let copy = try Gazetteer(bytes: bytes)
        let embedded = try gazetteer()
        for place in stride(from: 0, to: embedded.count, by: 997) {
            #expect(copy.entry(place) == embedded.entry(place))
        }
        let point = try Coordinate(latitude: 35.68, longitude: 139.76)
        #expect(copy.nearest(to: point) == embedded.nearest(to: point))
        #expect(copy.completions(for: "tok") == embedded.completions(for: "tok"))
    }

    @Test func aDamagedFileIsRefused() throws {
        var bytes = try bundledBytes()
        bytes[bytes.count / 2] ^= 0x40
        #expect {
            _ = try Gazetteer(bytes: bytes)
        } throws: { error in
            guard case GazetteerError.checksumMismatch = error else { return false }
            return "\(error)".hasPrefix("the gazetteer file is damaged")
        }
    }

    @Test func aTruncatedFileIsRefused() throws {
        let bytes = Array(try bundledBytes().dropLast(1000))
        #expect(throws: GazetteerError.truncated(expected: bytes.count + 1000, actual: bytes.count)) {
            try Gazetteer(bytes: bytes)
        }
        #expect(throws: GazetteerError.self) { try Gazetteer(bytes: Array(bytes.prefix(20))) }
    }

    @Test func aForeignFileIsRefused() throws {
        #expect(throws: GazetteerError.notAGazetteer) { try Gazetteer(bytes: Array("{\"places\": []}".utf8)) }
        #expect(throws: GazetteerError.notAGazetteer) { try Gazetteer(bytes: []) }
        var bytes = try bundledBytes()
        bytes[8] = 3
        #expect(throws: GazetteerError.unsupportedVersion(3)) { try Gazetteer(bytes: bytes) }
    }

    @Test func aFileOfTheFirstVersionIsRefusedWithTheWayToRewriteIt() throws {
        var bytes = try bundledBytes()
        bytes[8] = 1
        #expect {
            _ = try Gazetteer(bytes: bytes)
        } throws: { error in
            guard case GazetteerError.unsupportedVersion(1) = error else { return false }
            return "\(error)".contains("version 1 is not supported") && "\(error)".contains("address-picker build-gazetteer")
        }
    }

    @Test func aConsistentChecksumDoesNotHideBadIndexes() throws {
        var data = GazetteerBuilder.makeData(smallRecords)
        data.area[0] = 99
        #expect(throws: GazetteerError.corrupt("an area index out of range")) { try Gazetteer(bytes: data.encoded()) }
        data = GazetteerBuilder.makeData(smallRecords)
        data.sorted[0] = data.sorted[1]
        #expect(throws: GazetteerError.corrupt("the name order is not a permutation of the places")) {
            try Gazetteer(bytes: data.encoded())
        }
    }

    @Test func aConsistentChecksumDoesNotHideBadValues() throws {
        let file = GazetteerBuilder.build(smallRecords)
        // A count claiming more than the file.
        var bytes = file
        bytes[GazetteerFormat.headerSize + 3] = 0x7F
        #expect(throws: GazetteerError.corrupt("a section count of \(0x7F00_0004) exceeds the file")) {
            try Gazetteer(bytes: resealed(bytes))
        }
        // A unit vector that is not a number.
        let x = GazetteerBuilder.makeData(smallRecords).unitVectors()[0].bitPattern
        let pattern = (0..<8).map { UInt8(truncatingIfNeeded: x >> ($0 * 8)) }
        let offset = try #require((0...(file.count - 8)).first { file[$0..<($0 + 8)].elementsEqual(pattern) })
        bytes = file
        for (index, byte) in (0..<8).map({ UInt8(truncatingIfNeeded: Double.nan.bitPattern >> ($0 * 8)) }).enumerated() {
            bytes[offset + index] = byte
        }
        #expect(throws: GazetteerError.corrupt("a unit vector out of range")) { try Gazetteer(bytes: resealed(bytes)) }
    }

    @Test func damageToAnyByteOfThePayloadIsCaught() throws {
        let file = GazetteerBuilder.build(smallRecords)
        for offset in GazetteerFormat.headerSize..<file.count {
            var bytes = file
            bytes[offset] ^= 0x01
            #expect(throws: GazetteerError.self, "byte \(offset)") { try Gazetteer(bytes: bytes) }
        }
    }

    /// Forged files, checksum and all: refused with an error or loaded, never a crash, and a
    /// loaded one answers every kind of lookup.
    @Test func forgedFilesAreRefusedOrAnswerWithoutCrashing() throws {
        let file = GazetteerBuilder.build(smallRecords)
        var random = SplitMix64(seed: 11)
        var refused = 0
        var loaded = 0
        for _ in 0..<3000 {
            var bytes = file
            for _ in 0...Int(random.next() % 3) {
                let offset = GazetteerFormat.headerSize + Int(random.next() % UInt64(file.count - GazetteerFormat.headerSize))
                bytes[offset] = random.next() % 2 == 0 ? UInt8(truncatingIfNeeded: random.next()) : bytes[offset] ^ 0x80
            }
            guard let forged = try? Gazetteer(bytes: resealed(bytes)) else {
                refused += 1
                continue
            }
            loaded += 1
            for place in 0..<forged.count { _ = forged.entry(place) }
            _ = forged.completions(for: "s")
            _ = forged.completions(for: "sa fi", limit: 40)
            _ = forged.search("Fiji")
            _ = forged.nearest(to: try Coordinate(latitude: -17, longitude: -179.5))
        }
        #expect(refused > 100)
        #expect(loaded > 100)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: GazetteerError.self) { try Gazetteer(contentsOf: URL(fileURLWithPath: "/no/such/gazetteer.bin")) }
    }
}

/// `bytes` with the header's checksum made to match the payload again: a forgery.
func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let checksum = bytes[GazetteerFormat.headerSize...].withUnsafeBytes { GazetteerFormat.checksum($0) }
    for index in 0..<8 { bytes[16 + index] = UInt8(truncatingIfNeeded: checksum >> (index * 8)) }
    return bytes
}

let smallRecords: [GazetteerBuilder.Record] = [
    .init(
        name: "Zürich", latitudeE5: 4_736_667, longitudeE5: 854_167, population: 341_730, region: "Zurich",
        subregion: "", countryCode: "CH", countryName: "Switzerland"),
    .init(
        name: "São Paulo", latitudeE5: -2_354_750, longitudeE5: -4_663_611, population: 10_021_295, region: "São Paulo",
        subregion: "", countryCode: "BR", countryName: "Brazil"),
    .init(
        name: "Suva", latitudeE5: -1_814_161, longitudeE5: 17_844_150, population: 77_366, region: "Central",
        subregion: "Rewa", countryCode: "FJ", countryName: "Fiji"),
    .init(
        name: "Apia", latitudeE5: -1_383_333, longitudeE5: -17_176_667, population: 40_407, region: "Tuamasaga",
        subregion: "", countryCode: "WS", countryName: "Samoa"),
]

@Suite("Gazetteer: the builder") struct GazetteerBuilderTests {
    @Test func roundTripsAndIsDeterministic() throws {
        let bytes = GazetteerBuilder.build(smallRecords)
        #expect(bytes == GazetteerBuilder.build(smallRecords))
        let small = try Gazetteer(bytes: bytes)
        #expect(small.count == 4)
        let suva = try #require(small.completions(for: "su").first)
        #expect(
            small.entry(suva)
                == Gazetteer.Entry(
                    name: "Suva", coordinate: try Coordinate(latitude: -18.14161, longitude: 178.4415), population: 77_366,
                    region: "Central", subregion: "Rewa", country: "Fiji", countryCode: "FJ"))
        #expect(small.entry(suva).subtitle == "Central, Fiji")
    }

    @Test func parsesRecordsAndRejectsBadLines() throws {
        let records = try GazetteerBuilder.records(fromTSV: "Apia\t-13.83333\t-171.76667\t40407\tTuamasaga\t\tWS\tSamoa\n")
        #expect(records == [smallRecords[3]])
        #expect(throws: GazetteerSourceError.self) { try GazetteerBuilder.records(fromTSV: "Apia\t-93\t0\t1\t\t\tWS\tSamoa\n") }
        #expect(throws: GazetteerSourceError.self) { try GazetteerBuilder.records(fromTSV: "just a name\n") }
    }

    @Test func nearestAcrossTheAntimeridian() throws {
        let small = try Gazetteer(bytes: GazetteerBuilder.build(smallRecords))
        // From 179.5° W, Suva (178.4° E) is 250 km away across the antimeridian, Apia 900 km;
        // in raw degrees of longitude Suva would look 358° away.
        let point = try Coordinate(latitude: -17.0, longitude: -179.5)
        let nearest = try #require(small.nearest(to: point))
        #expect(small.entry(nearest).name == "Suva")
        #expect(small.bruteForceNearest(to: point) == nearest)
    }
}

@Suite("Gazetteer: completions") struct GazetteerCompletionTests {
    @Test(
        "Insensitive to case and diacritics",
        arguments: [
            ("sao", "São Paulo"), ("SÃO P", "São Paulo"), ("zurich", "Zürich"),
            ("Zürich", "Zürich"), ("muenchen", nil), ("munic", "Munich"),
        ])
    func foldsCaseAndDiacritics(query: String, first: String?) throws {
        let gazetteer = try gazetteer()
        #expect(names(gazetteer, gazetteer.completions(for: query, limit: 1)).first == first)
    }

    @Test func rankedByPopulationThenName() throws {
        let gazetteer = try gazetteer()
        let places = gazetteer.completions(for: "lon", limit: 10)
        #expect(names(gazetteer, places).first == "London")
        let populations = places.map { gazetteer.entry($0).population }
        #expect(populations == populations.sorted(by: >))
    }

    @Test func otherWordsNarrow() throws {
        let gazetteer = try gazetteer()
        let illinois = gazetteer.completions(for: "springfield illinois")
        #expect(illinois.count == 1)
        #expect(gazetteer.entry(illinois[0]).region == "Illinois")
        let paris = gazetteer.completions(for: "paris fr", limit: 3)
        #expect(paris.allSatisfy { gazetteer.entry($0).countryCode == "FR" })
        #expect(names(gazetteer, gazetteer.completions(for: "new yo", limit: 1)) == ["New York City"])
    }

    @Test func emptyOrOverlongQueriesFindNothing() throws {
        let gazetteer = try gazetteer()
        #expect(gazetteer.completions(for: "").isEmpty)
        #expect(gazetteer.completions(for: "  ,.;  ").isEmpty)
        #expect(gazetteer.completions(for: String(repeating: "a", count: 1 << 20)).isEmpty)
        #expect(gazetteer.completions(for: "paris", limit: 0).isEmpty)
    }

    /// A sample here (a full scan is slow in debug builds); the release benchmark checks every
    /// one-, two- and three-letter prefix and thousands of names.
    @Test("The index finds what a full scan finds, for every letter and a sample of two-letter prefixes")
    func shortPrefixesMatchBruteForce() throws {
        let gazetteer = try gazetteer()
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let pairs = letters.flatMap { a in letters.map { a + $0 } }
        for prefix in letters + stride(from: 0, to: pairs.count, by: TestDepth.count(deep: 9, quick: 67)).map({ pairs[$0] }) {
            #expect(gazetteer.completions(for: prefix) == gazetteer.bruteForceCompletions(for: prefix), "prefix \(prefix)")
        }
    }

    @Test("The index finds what a full scan finds, for real names and narrowed queries")
    func namesMatchBruteForce() throws {
        let gazetteer = try gazetteer()
        var queries = stride(from: 0, to: gazetteer.count, by: TestDepth.count(deep: 7919, quick: 39_119)).map {
            gazetteer.entry($0).name
        }
        queries += [
            "san jose", "new york", "paris fr", "springfield illinois", "la paz bolivia", "sao paulo brazil",
            "st", "saint", "xyz", "москва", "東京", "10",
        ]
        for query in queries {
            #expect(gazetteer.completions(for: query) == gazetteer.bruteForceCompletions(for: query), "query \(query)")
            #expect(
                gazetteer.completions(for: query, limit: 40) == gazetteer.bruteForceCompletions(for: query, limit: 40),
                "query \(query), 40")
        }
    }
}

@Suite("Gazetteer: reverse geocoding") struct GazetteerReverseTests {
    @Test func theNearestPlaceOfKnownPoints() throws {
        let gazetteer = try gazetteer()
        func nearest(_ latitude: Double, _ longitude: Double) throws -> Gazetteer.Entry? {
            try gazetteer.nearest(to: Coordinate(latitude: latitude, longitude: longitude)).map(gazetteer.entry)
        }
        #expect(try nearest(48.8566, 2.3522)?.name == "Paris")
        #expect(try nearest(51.5007, -0.1246)?.country == "United Kingdom")
        #expect(try nearest(-33.8688, 151.2093)?.countryCode == "AU")
    }

    @Test("Agrees with a brute-force great-circle scan, at the antimeridian, the poles and random points")
    func agreesWithBruteForce() throws {
        let gazetteer = try gazetteer()
        var generator = SplitMix64(seed: 7)
        var points = [
            (90.0, 0.0), (-90.0, 0.0), (0.0, 180.0), (0.0, -180.0), (-18.1, 179.99), (-18.1, -179.99),
            (89.99, 45.0), (-89.99, -135.0), (71.0, -179.5), (65.0, 179.5),
        ]
        // A sample here; the release benchmark checks 100,000 random points.
        for _ in 0..<60 { points.append((generator.uniform(-90, 90), generator.uniform(-180, 180))) }
        for (latitude, longitude) in points {
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            #expect(gazetteer.nearest(to: point) == gazetteer.bruteForceNearest(to: point), "\(latitude), \(longitude)")
        }
    }
}

@Suite("Gazetteer: place search") struct GazetteerSearchTests {
    @Test func aSharedNameFindsManyPlaces() throws {
        let gazetteer = try gazetteer()
        let springfields = gazetteer.search("Springfield", limit: 100)
        #expect(springfields.count > 20)
        #expect(springfields.allSatisfy { gazetteer.entry($0).name == "Springfield" })
        #expect(gazetteer.placesNamed("springfield").count == springfields.count)
    }

    @Test func aCountryOrARegionFindsItsPlaces() throws {
        let gazetteer = try gazetteer()
        let france = gazetteer.search("France", limit: 50)
        #expect(france.count == 50)
        #expect(france.allSatisfy { gazetteer.entry($0).countryCode == "FR" })
        #expect(gazetteer.entry(france[0]).name == "Paris")
        let bavaria = gazetteer.search("bavaria", limit: 20)
        #expect(bavaria.count == 20)
        #expect(bavaria.allSatisfy { gazetteer.entry($0).region == "Bavaria" })
        #expect(gazetteer.search("de", limit: 5).allSatisfy { gazetteer.entry($0).countryCode == "DE" })
    }

    /// The search looks names up in an index built at its first call; the search without it
    /// normalises every country and region name at each call and sorts every place found. Many
    /// queries on every 50th place of the bundled data (rebuilt, so it has real names, regions and
    /// countries, and the brute force is quick), a few on the whole of it.
    @Test func theIndexedSearchAgreesWithTheSearchWithoutItsIndex() throws {
        let bundled = try gazetteer()
        let sample = try Gazetteer(
            bytes: GazetteerBuilder.build(
                stride(from: 0, to: bundled.count, by: 50).map { index in
                    let entry = bundled.entry(index)
                    return GazetteerBuilder.Record(
                        name: entry.name, latitudeE5: Int32((entry.coordinate.latitude * 1e5).rounded()),
                        longitudeE5: Int32((entry.coordinate.longitude * 1e5).rounded()),
                        population: UInt32(clamping: entry.population), region: entry.region, subregion: entry.subregion,
                        countryCode: entry.countryCode, countryName: entry.country)
                }))
        var queries = ["France", "fr", "FR", "bavaria", "Bayern", "springfield", "paris fr", "new yo", "sao paulo", "Zürich"]
        queries += ["united states", "us", "england", "île-de-france", "x", "", "   ", "queensland", "Nordrhein-Westfalen"]
        let every = TestDepth.count(deep: 150, quick: 1_500)
        for index in stride(from: 0, to: sample.count, by: every) {
            let entry = sample.entry(index)
            queries += [entry.name, entry.region, entry.subregion, entry.country, entry.countryCode]
        }
        let munich = MapRegion(
            center: try Coordinate(latitude: 48.1, longitude: 11.6), span: try Span(latitudeDelta: 3, longitudeDelta: 3))
        var found = 0
        for query in queries {
            for region in [nil, munich] {
                for limit in [1, 25, 400] {
                    let indexed = sample.search(query, in: region, limit: limit)
                    #expect(indexed == sample.bruteForceSearch(query, in: region, limit: limit), "\(query) \(limit)")
                    if !indexed.isEmpty { found += 1 }
                }
            }
        }
        #expect(found > 45_000 / every, "most queries find something")
        for query in ["France", "bavaria", "Springfield", "de", "new yo"] {
            #expect(
                bundled.search(query, in: munich, limit: 30) == bundled.bruteForceSearch(query, in: munich, limit: 30), "\(query)"
            )
        }
    }

    @Test func placesInsideTheRegionComeFirst() throws {
        let gazetteer = try gazetteer()
        let illinois = MapRegion(
            center: try Coordinate(latitude: 39.8, longitude: -89.6), span: try Span(latitudeDelta: 1, longitudeDelta: 1))
        let first = try #require(gazetteer.search("Springfield", in: illinois).first)
        #expect(gazetteer.entry(first).region == "Illinois")
        #expect(gazetteer.entry(try #require(gazetteer.search("Springfield").first)).region == "Missouri")
        // Across the antimeridian: Fiji's Suva is inside a region centred at 179.9° W.
        let fiji = MapRegion(
            center: try Coordinate(latitude: -18.1, longitude: -179.9), span: try Span(latitudeDelta: 2, longitudeDelta: 4))
        #expect(gazetteer.entry(try #require(gazetteer.search("Suva", in: fiji).first)).countryCode == "FJ")
    }

    @Test func theProviderOffersSearchNearbyAndItsPlaces() throws {
        let provider = GazetteerProvider(gazetteer: try gazetteer())
        let completions = provider.completionList(for: "Springfield")
        #expect(completions.first == Completion(title: "Springfield", subtitle: "Search Nearby"))
        #expect(completions[1].subtitle.hasSuffix("United States"))
        let nearby = provider.placeAnswer(for: .completion(completions[0]))
        #expect(nearby.places.count > 20)
        #expect(nearby.boundingRegion != nil)
        let one = provider.placeAnswer(for: .completion(Completion(title: "Springfield", subtitle: "Illinois, United States")))
        #expect(one.places.map(\.address.region) == ["Illinois"])
        #expect(provider.answer(.requestLocation) == .locationFailed("the offline gazetteer has no device location"))
        #expect(
            provider.answer(.reverseGeocode(center: try Coordinate(latitude: 48.8566, longitude: 2.3522)))
                == .address(Address(city: "Paris", region: "Île-de-France", country: "France", countryCode: "FR")))
    }
}

extension SplitMix64 {
    /// A number in `low..<high`, the same for the same seed: reproducible test points.
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
