import Testing

@testable import Gazetteer

/// One valid record of the source, its line end not included.
private let springfield = "Springfield\t39.8\t-89.6\t116250\tIllinois\tSangamon County\tUS\tUnited States"
private let apia = "Apia\t-13.83333\t-171.76667\t40407\tTuamasaga\t\tWS\tSamoa"

/// The records of `text`, read from a source called `places.tsv`.
private func parse(_ bytes: [UInt8]) throws(GazetteerSourceError) -> [GazetteerBuilder.Record] {
    try GazetteerBuilder.records(fromTSV: bytes, file: "places.tsv")
}

/// The error `bytes` is refused with, as printed.
private func refusal(_ bytes: [UInt8]) -> String? {
    do {
        _ = try parse(bytes)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Gazetteer: the tab-separated source") struct GazetteerSourceTests {
    @Test func parsesEveryColumn() throws {
        #expect(
            try parse(Array("\(springfield)\n\(apia)\n".utf8)) == [
                GazetteerBuilder.Record(
                    name: "Springfield", latitudeE5: 3_980_000, longitudeE5: -8_960_000, population: 116_250, region: "Illinois",
                    subregion: "Sangamon County", countryCode: "US", countryName: "United States"),
                GazetteerBuilder.Record(
                    name: "Apia", latitudeE5: -1_383_333, longitudeE5: -17_176_667, population: 40_407, region: "Tuamasaga",
                    subregion: "", countryCode: "WS", countryName: "Samoa"),
            ])
    }

    @Test func crlfLineEndsReadAsLineFeedsAndTheLastLineEndIsOptional() throws {
        let expected = try parse(Array("\(springfield)\n\(apia)\n".utf8))
        #expect(try parse(Array("\(springfield)\r\n\(apia)\r\n".utf8)) == expected)
        #expect(try parse(Array("\(springfield)\r\n\(apia)\n".utf8)) == expected)
        #expect(try parse(Array("\(springfield)\n\(apia)".utf8)) == expected)
        // Before, a one-line CRLF file kept "\r\n" at the end of its country name.
        #expect(try parse(Array("\(springfield)\r\n".utf8)).map(\.countryName) == ["United States"])
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try parse([0xEF, 0xBB, 0xBF] + Array("\(springfield)\n".utf8)).map(\.name) == ["Springfield"])
        #expect(
            refusal([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("\(springfield)\n".utf8))
                == "places.tsv:1: error: field 1 (name) holds a byte order mark (U+FEFF): only the file's first bytes may be one")
        #expect(
            refusal(Array("\(springfield)\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("\(apia)\n".utf8))
                == "places.tsv:2: error: field 1 (name) holds a byte order mark (U+FEFF): only the file's first bytes may be one")
    }

    @Test func aLoneCarriageReturnIsRefused() {
        #expect(
            refusal(Array("\(springfield)\r\(apia)\r".utf8))
                == "places.tsv:1: error: field 8 (country name) holds a carriage return (\\r) that does not end the line: "
                + "lines end with \\n or \\r\\n")
        #expect(
            refusal(Array("\(springfield)\n\(apia)\r".utf8))
                == "places.tsv:2: error: field 8 (country name) holds a carriage return (\\r) that does not end the line: "
                + "lines end with \\n or \\r\\n")
    }

    @Test func blankLinesAreRefusedAtTheirPhysicalLine() {
        let blank = "error: the line is blank: every line must hold a record (blank lines are refused, at the end too)"
        #expect(refusal(Array("\n\n\(springfield)\nBad\t1\t2\n".utf8)) == "places.tsv:1: \(blank)")
        #expect(refusal(Array("\(springfield)\n\n\(apia)\n".utf8)) == "places.tsv:2: \(blank)")
        #expect(refusal(Array("\(springfield)\r\n\r\n\(apia)\r\n".utf8)) == "places.tsv:2: \(blank)")
        #expect(refusal(Array("\(springfield)\n\(apia)\n\n".utf8)) == "places.tsv:3: \(blank)")
    }

    @Test func lineNumbersCountEveryLineOfTheFile() {
        // Behind two records with CRLF ends and a byte order mark, the bad record is the file's third line.
        #expect(
            refusal([0xEF, 0xBB, 0xBF] + Array("\(springfield)\r\n\(apia)\r\nBad\t1\t2\r\n".utf8))
                == "places.tsv:3: error: 3 fields, 8 expected, separated by tabs: "
                + "name, latitude, longitude, population, region, subregion, country code, country name")
    }

    @Test func aSourceWithNoRecordsIsRefused() {
        #expect(refusal([]) == "places.tsv: error: no places: the file is empty")
        #expect(refusal([0xEF, 0xBB, 0xBF]) == "places.tsv: error: no places: the file is empty")
    }

    @Test func invalidUTF8IsRefusedNotReplaced() {
        #expect(
            refusal(Array("\(springfield)\nSpr".utf8) + [0xFF] + Array("ing\t1\t2\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:2: error: field 1 (name) is not valid UTF-8 (byte 0xFF)")
        // A surrogate encoded in UTF-8 (CESU-8) is not UTF-8 either.
        #expect(
            refusal(Array("S\t1\t2\t3\tR".utf8) + [0xED, 0xA0, 0x80] + Array("\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: field 5 (region) is not valid UTF-8 (byte 0xED)")
    }

    @Test func controlCharactersAreRefused() {
        #expect(
            refusal(Array("Spr\0ing\t1\t2\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: field 1 (name) holds a NUL byte")
        #expect(
            refusal(Array("S\t1\t2\t3\t\tSub\u{1}\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: field 6 (subregion) holds the control character U+0001")
        #expect(
            refusal(Array("S\t1\t2\t3\t\t\tUS\tUnited\u{7F}\n".utf8))
                == "places.tsv:1: error: field 8 (country name) holds the control character U+007F")
    }

    @Test func theFieldCountIsExactlyEight() {
        let expected =
            "8 expected, separated by tabs: name, latitude, longitude, population, region, subregion, country code, country name"
        #expect(refusal(Array("just a name\n".utf8)) == "places.tsv:1: error: 1 field, \(expected)")
        #expect(refusal(Array("\(springfield)\t\n".utf8)) == "places.tsv:1: error: 9 fields, \(expected)")
    }

    @Test(
        "Required fields: name, latitude, longitude, population, country code and name",
        arguments: [
            ("\t1\t2\t3\t\t\tUS\tUnited States", "field 1 (name) is empty"),
            ("S\t\t2\t3\t\t\tUS\tUnited States", "field 2 (latitude) is empty"),
            ("S\t1\t\t3\t\t\tUS\tUnited States", "field 3 (longitude) is empty"),
            ("S\t1\t2\t\t\t\tUS\tUnited States", "field 4 (population) is empty"),
            ("S\t1\t2\t3\t\t\t\tUnited States", "field 7 (country code) is empty"),
            ("S\t1\t2\t3\t\t\tUS\t", "field 8 (country name) is empty"),
        ])
    func anEmptyRequiredFieldIsRefused(line: String, message: String) {
        #expect(refusal(Array("\(line)\n".utf8)) == "places.tsv:1: error: \(message)")
    }

    @Test func regionAndSubregionMayBeEmpty() throws {
        #expect(try parse(Array("S\t1\t2\t3\t\t\tUS\tUnited States\n".utf8)).map(\.region) == [""])
    }

    @Test(
        "Latitude and longitude are plain decimal degrees",
        arguments: ["0x10", "inf", "-inf", "nan", "1e1", "1E-5", "+1", ".5", "5.", "-", "1.2.3", " 1", "1 ", "１"])
    func aCoordinateNotInPlainDecimalIsRefused(_ text: String) {
        let shape = "is not decimal degrees (such as -89.6: digits, an optional '-' and '.', no exponent)"
        #expect(
            refusal(Array("S\t\(text)\t2\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the latitude '\(text)' \(shape)")
        #expect(
            refusal(Array("S\t1\t\(text)\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the longitude '\(text)' \(shape)")
    }

    @Test func coordinatesOutOfRangeAreRefusedAndTheBoundsAccepted() throws {
        #expect(
            refusal(Array("S\t90.00001\t2\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the latitude 90.00001 is out of range: -90 to 90")
        #expect(
            refusal(Array("S\t1\t-180.5\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the longitude -180.5 is out of range: -180 to 180")
        let huge = String(repeating: "9", count: 400)
        #expect(
            refusal(Array("S\t1\t\(huge)\t3\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the longitude \(huge.prefix(40))… is out of range: -180 to 180")
        let bounds = try parse(Array("S\t-90\t180\t0\t\t\tUS\tUnited States\nT\t90.0\t-180\t0\t\t\tUS\tUnited States\n".utf8))
        #expect(bounds.map(\.latitudeE5) == [-9_000_000, 9_000_000])
        #expect(bounds.map(\.longitudeE5) == [18_000_000, -18_000_000])
    }

    @Test(
        "The population is decimal digits", arguments: ["-0", "-1", "+5", "0x10", "1e3", "1.0", "1_000", " 5", "١"])
    func aPopulationNotInDecimalDigitsIsRefused(_ text: String) {
        #expect(
            refusal(Array("S\t1\t2\t\(text)\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the population '\(text)' is not a whole number written in decimal digits")
    }

    @Test func thePopulationIsWithinRange() throws {
        #expect(
            refusal(Array("S\t1\t2\t4294967296\t\t\tUS\tUnited States\n".utf8))
                == "places.tsv:1: error: the population 4294967296 is out of range: 0 to 4294967295")
        #expect(try parse(Array("S\t1\t2\t4294967295\t\t\tUS\tUnited States\n".utf8)).map(\.population) == [.max])
    }

    @Test(arguments: ["usa", "us", "U", "USA", "U1", "ÜS"])
    func aCountryCodeIsTwoCapitalLetters(_ code: String) {
        #expect(
            refusal(Array("S\t1\t2\t3\t\t\t\(code)\tUnited States\n".utf8))
                == "places.tsv:1: error: the country code '\(code)' is not two capital letters (ISO 3166-1 alpha-2, such as US)")
    }

    @Test func aCountryCodeHasOneName() {
        #expect(
            refusal(Array("\(springfield)\n\(apia)\nS\t1\t2\t3\t\t\tUS\tUSA\n".utf8))
                == "places.tsv:3: error: country code US is named 'USA' here but 'United States' on line 1: a code has one name")
    }

    @Test func theTextOverloadNamesItsSource() {
        #expect(throws: GazetteerSourceError("field 1 (name) is empty", file: "<source>", line: 1)) {
            try GazetteerBuilder.records(fromTSV: "\t1\t2\t3\t\t\tUS\tUnited States\n")
        }
    }
}
