import Foundation
import Testing

@Suite("address-picker search, reverse and --provider gazetteer") struct GazetteerCommandTests {
    @Test func searchPrintsCompletions() throws {
        let result = try Tool.run(["search", "Lond", "--limit", "3"])
        #expect(result.status == 0)
        #expect(result.output == "London — England, United Kingdom\nLondrina — Paraná, Brazil\nLondon — Ontario, Canada\n")
        let nothing = try Tool.run(["search", "qqqqq"])
        #expect(nothing.output == "no completions for \"qqqqq\"\n")
        #expect(try Tool.run(["search", ""]).status == 0)
    }

    @Test func searchNearAPoint() throws {
        let result = try Tool.run(["search", "Springfield", "--limit", "2", "--near=39.8,-89.6"])
        #expect(result.output.contains("places, those near 39.8, -89.6 first:\nSpringfield, Illinois, United States (3.7 km)"))
    }

    @Test func reversePrintsTheNearestPlace() throws {
        let result = try Tool.run(["reverse", "48.8566", "2.3522"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Paris, Île-de-France, France (48.85341, 2.3488, 0.4 km away)"))
        #expect(try Tool.run(["reverse", "-33.8688", "151.2093"]).output.hasPrefix("Sydney, New South Wales, Australia"))
    }

    @Test(
        "Out-of-range or malformed coordinates are usage errors",
        arguments: [["91", "0"], ["0", "-180.5"], ["nan", "0"], ["1"], ["a", "b"]])
    func reverseRejectsBadCoordinates(arguments: [String]) throws {
        let result = try Tool.run(["reverse"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("error: "))
    }

    @Test func theGazetteerExampleReplaysOffline() throws {
        let result = try Tool.run([
            "replay", "--quiet", "--provider", "gazetteer", "Examples/Gazetteer/springfield-offline.events",
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    @Test func buildGazetteerWritesAFileThatItKeepsAsItIs() throws {
        let folder = try Tool.folder([
            "places.tsv": "Suva\t-18.14161\t178.4415\t77366\tCentral\tRewa\tFJ\tFiji\n"
                + "Apia\t-13.83333\t-171.76667\t40407\tTuamasaga\t\tWS\tSamoa\n"
        ])
        let built = try Tool.run(["build-gazetteer", "places.tsv", "--output", "a.bin"], in: folder)
        #expect(built.status == 0, "\(built.error)")
        #expect(built.output.hasPrefix("wrote a.bin: 2 places, "))
        let again = try Tool.run(["build-gazetteer", "a.bin", "--output", "b.bin"], in: folder)
        #expect(again.status == 0, "\(again.error)")
        let first = try Data(contentsOf: folder.appendingPathComponent("a.bin"))
        #expect(first.count > 100)
        #expect(try Data(contentsOf: folder.appendingPathComponent("b.bin")) == first)
    }

    @Test func versionCreditsGeoNames() throws {
        #expect(try Tool.run(["--version"]).output.contains("GeoNames, geonames.org, CC BY 4.0"))
    }
}
