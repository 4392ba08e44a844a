import Foundation
import Testing

@Suite("address-picker search, reverse and --provider gazetteer") struct GazetteerCommandTests {
    /// `--limit` is the most lines printed: the completion that searches every Springfield
    /// counts as one.
    @Test func searchPrintsAtMostTheLimit() throws {
        let result = try Tool.run(["search", "springfield", "--limit", "3"])
        #expect(result.status == 0)
        #expect(
            result.output
                == "Springfield — Search Nearby\nSpringfield — Missouri, United States\nSpringfield — Massachusetts, United States\n"
        )
        let near = try Tool.run(["search", "springfield", "--limit", "2", "--near", "39.8,-89.6"])
        #expect(near.output.split(separator: "\n").count == 2 + 1 + 2, "\(near.output)")
    }

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

    /// A point is written `latitude,longitude` everywhere: in `--near`, in `--location` and here.
    @Test func reverseTakesThePointAsNearAndLocationDo() throws {
        let london = try Tool.run(["reverse", "51.5,-0.12"])
        #expect(london.status == 0, "\(london.error)")
        #expect(london.output == (try Tool.run(["reverse", "51.5", "-0.12"])).output)
        #expect(try Tool.run(["reverse", "-33.8688,151.2093"]).output.hasPrefix("Sydney, New South Wales, Australia"))
        #expect(try Tool.run(["reverse", "51.5, -0.12"]).output == london.output)
        let bad = try Tool.run(["reverse", "51.5"])
        #expect(bad.status == 64)
        #expect(bad.error.hasPrefix("error: give the point as latitude,longitude, not '51.5'\n"))
        #expect(try Tool.run(["reverse", "91,0"]).error.hasPrefix("error: latitude 91.0 is outside -90...90"))
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

    /// Replayed without the provider it was written for, the script fails, and says what to try.
    @Test func withoutItsProviderTheGazetteerExampleSaysWhichToName() throws {
        let result = try Tool.run(["replay", "--quiet", "Examples/Gazetteer/springfield-offline.events"])
        #expect(result.status == 1)
        #expect(
            result.error.hasSuffix(
                "hint: Examples/Gazetteer/springfield-offline.events made 4 requests and answered none itself; "
                    + "was it written for a provider? Replay it with --provider gazetteer.\n"))
        let failing = try Tool.folder(["fail.events": "machine address-picker\nsend appeared\nexpect map == idle\n"])
        let answered = try Tool.run(
            ["replay", "--quiet", "fail.events"], in: failing)
        #expect(answered.status == 1)
        #expect(answered.error.contains("hint: fail.events made 1 request and answered none itself"))
        let responding = try Tool.folder([
            "fail.events":
                "machine address-picker\nsend appeared\nrespond address address(city: \"X\")\nexpect map == geocoding\n"
        ])
        let selfAnswered = try Tool.run(["replay", "--quiet", "fail.events"], in: responding)
        #expect(selfAnswered.status == 1, "\(selfAnswered.error)")
        #expect(!selfAnswered.error.contains("hint:"), "a script that answers is not written for a provider")
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
