import Foundation
import Testing

/// A valid record of the source, its line end not included.
private let springfield = "Springfield\t39.8\t-89.6\t116250\tIllinois\tSangamon County\tUS\tUnited States"

@Suite("address-picker build-gazetteer with a malformed source") struct BuildGazetteerCommandTests {
    /// A source the tool must refuse: its bytes, and the line standard error must be.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: [UInt8]
        let error: String

        init(_ name: String, _ source: [UInt8], _ error: String) {
            self.name = name
            self.source = source
            self.error = error
        }

        init(_ name: String, _ source: String, _ error: String) {
            self.init(name, Array(source.utf8), error)
        }

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            "a carriage return that ends no line", "\(springfield)\r\(springfield)\r\n",
            "places.tsv:1: error: field 8 (country name) holds a carriage return (\\r) that does not end the line: "
                + "lines end with \\n or \\r\\n"),
        Case(
            "blank lines before a bad record", "\n\n\(springfield)\nBad\t1\t2\n",
            "places.tsv:1: error: the line is blank: every line must hold a record (blank lines are refused, at the end too)"),
        Case(
            "a bad record on the third line, after CRLF lines", "\(springfield)\r\n\(springfield)\r\nBad\t1\t2\r\n",
            "places.tsv:3: error: 3 fields, 8 expected, separated by tabs: "
                + "name, latitude, longitude, population, region, subregion, country code, country name"),
        Case("an empty file", "", "places.tsv: error: no places: the file is empty"),
        Case(
            "invalid UTF-8", Array("\(springfield)\nSpr".utf8) + [0xFF] + Array("ing\t1\t2\t3\t\t\tUS\tUnited States\n".utf8),
            "places.tsv:2: error: field 1 (name) is not valid UTF-8 (byte 0xFF)"),
        Case(
            "a byte order mark after the first", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("\(springfield)\n".utf8),
            "places.tsv:1: error: field 1 (name) holds a byte order mark (U+FEFF): only the file's first bytes may be one"),
        Case(
            "a NUL byte in a field", "\(springfield)\nSpr\0ing\t1\t2\t3\t\t\tUS\tUnited States\n",
            "places.tsv:2: error: field 1 (name) holds a NUL byte"),
        Case(
            "a population of -0", "S\t1\t2\t-0\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the population '-0' is not a whole number written in decimal digits"),
        Case(
            "a population out of range", "S\t1\t2\t4294967296\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the population 4294967296 is out of range: 0 to 4294967295"),
        Case(
            "a latitude in hexadecimal", "S\t0x10\t2\t3\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the latitude '0x10' is not decimal degrees (such as -89.6: digits, an optional '-' and '.', no exponent)"
        ),
        Case(
            "an infinite longitude", "S\t1\tinf\t3\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the longitude 'inf' is not decimal degrees (such as -89.6: digits, an optional '-' and '.', no exponent)"
        ),
        Case(
            "a latitude that is not a number", "S\tnan\t2\t3\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the latitude 'nan' is not decimal degrees (such as -89.6: digits, an optional '-' and '.', no exponent)"
        ),
        Case(
            "a longitude with an exponent", "S\t1\t1e2\t3\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the longitude '1e2' is not decimal degrees (such as -89.6: digits, an optional '-' and '.', no exponent)"
        ),
        Case(
            "a latitude out of range", "S\t-90.5\t2\t3\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the latitude -90.5 is out of range: -90 to 90"),
        Case(
            "a longitude out of range", "S\t1\t180.00001\t3\t\t\tUS\tUnited States\n",
            "places.tsv:1: error: the longitude 180.00001 is out of range: -180 to 180"),
        Case(
            "an empty country code", "S\t1\t2\t3\t\t\t\tUnited States\n", "places.tsv:1: error: field 7 (country code) is empty"),
        Case("an empty name", "\t1\t2\t3\t\t\tUS\tUnited States\n", "places.tsv:1: error: field 1 (name) is empty"),
        Case("an empty country name", "S\t1\t2\t3\t\t\tUS\t\n", "places.tsv:1: error: field 8 (country name) is empty"),
    ]

    @Test(arguments: cases) func isRefusedWithItsFileAndLineAndWritesNothing(_ example: Case) throws {
        let folder = try Tool.folder([:])
        try Data(example.source).write(to: folder.appendingPathComponent("places.tsv"))
        let refused = try Tool.run(["build-gazetteer", "places.tsv", "-o", "g.bin"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.error == example.error + "\n")
        #expect(refused.output == "")
        #expect(try HostileInputTests.listing(folder) == ["places.tsv"], "no output file, no temporary file")

        // An existing output is left as it was.
        try Data("an older gazetteer".utf8).write(to: folder.appendingPathComponent("g.bin"))
        let again = try Tool.run(["build-gazetteer", "places.tsv", "-o", "g.bin"], in: folder)
        #expect(again.status == 2)
        #expect(again.error == example.error + "\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("g.bin")) == Data("an older gazetteer".utf8))
        #expect(try HostileInputTests.listing(folder) == ["g.bin", "places.tsv"])
    }

    @Test func standardInputIsNamedInItsErrors() throws {
        let folder = try Tool.folder([:])
        let refused = try Tool.run(["build-gazetteer", "-", "-o", "g.bin"], in: folder, input: "\(springfield)\n\n")
        #expect(refused.status == 2)
        #expect(
            refused.error
                == "<stdin>:2: error: the line is blank: every line must hold a record (blank lines are refused, at the end too)\n"
        )
        #expect(try HostileInputTests.listing(folder) == [])
    }

    @Test func crlfLineEndsAndALeadingByteOrderMarkBuildTheSameFileAsLineFeeds() throws {
        let lines = [springfield, "Apia\t-13.83333\t-171.76667\t40407\tTuamasaga\t\tWS\tSamoa"]
        let folder = try Tool.folder([
            "lf.tsv": lines.joined(separator: "\n") + "\n",
            "crlf.tsv": lines.joined(separator: "\r\n") + "\r\n",
            "no-final-end.tsv": lines.joined(separator: "\n"),
        ])
        try Data([0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\n") + "\n").utf8))
            .write(to: folder.appendingPathComponent("bom.tsv"))
        for name in ["lf", "crlf", "no-final-end", "bom"] {
            let built = try Tool.run(["build-gazetteer", "\(name).tsv", "-o", "\(name).bin"], in: folder)
            #expect(built.status == 0, "\(name): \(built.error)")
            #expect(built.output.hasPrefix("wrote \(name).bin: 2 places, "))
        }
        let expected = try Data(contentsOf: folder.appendingPathComponent("lf.bin"))
        for name in ["crlf", "no-final-end", "bom"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(name).bin")) == expected, "\(name)")
        }
        // From standard input too.
        let piped = try Tool.run(["build-gazetteer", "-", "-o", "stdin.bin"], in: folder, input: lines.joined(separator: "\r\n"))
        #expect(piped.status == 0, "\(piped.error)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("stdin.bin")) == expected)
    }

    @Test func theGazetteerIsNeverWrittenToAFileNamedDash() throws {
        let folder = try Tool.folder(["places.tsv": "\(springfield)\n"])
        let refused = try Tool.run(["build-gazetteer", "places.tsv", "-o", "-"], in: folder)
        #expect(refused.status == 64)
        #expect(
            refused.error.hasPrefix(
                "error: --output takes a file (./- names one called -): the gazetteer is binary and is not written to standard output\n"
            ))
        #expect(refused.output == "")
        #expect(try HostileInputTests.listing(folder) == ["places.tsv"])
        let named = try Tool.run(["build-gazetteer", "places.tsv", "-o", "./-"], in: folder)
        #expect(named.status == 0, "\(named.error)")
        #expect(try HostileInputTests.listing(folder) == ["-", "places.tsv"])
    }

    @Test func theHelpStatesTheSourceRulesAndStandardInput() throws {
        let help = try Tool.run(["build-gazetteer", "--help"]).output
        #expect(help.contains("- reads standard input"))
        #expect(help.contains("\nSOURCE:\n"))
        #expect(help.contains("Lines end with \\n or \\r\\n (the last line's end is optional); a blank line is an error"))
        #expect(help.contains("Population: decimal digits only, 0 to 4294967295."))
    }
}
