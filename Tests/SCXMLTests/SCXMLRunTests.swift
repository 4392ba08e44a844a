import Foundation
import Testing

@testable import SCXMLTool

/// `scxml run` and the tool's refusals, as a user sees them.
@Suite struct SCXMLRunTests {
    /// Writes `text` to a file of its own and runs `scxml` with `arguments` and the file's path
    /// in place of `FILE`.
    func scxml(_ arguments: [String], _ text: String) throws -> (code: Int32, output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scxml-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("chart.scxml")
        try Data(text.utf8).write(to: file)
        var output = ""
        var errors = ""
        let code = SCXMLCommand.run(
            arguments: arguments.map { $0 == "FILE" ? file.path : $0 }, output: &output, errors: &errors)
        return (code.rawValue, output, errors.replacingOccurrences(of: file.path, with: "FILE"))
    }

    @Test func runPrintsEachMacrostepAndTheFinalStateItEndedIn() throws {
        let result = try scxml(
            ["run", "FILE"],
            document(
                """
                <state id="a"><onentry><send event="tick" delay="2s"/></onentry><transition event="tick" target="b"/></state>
                <final id="b"><onentry><log label="Outcome" expr="'pass'"/></onentry></final>
                """))
        #expect(result.output == "0ms start: a\nlog Outcome: pass\n2s tick: b\nfinal b\n")
        #expect(result.code == 0)
    }

    @Test func aChartThatDoesNotEndSaysWhyAndFails() throws {
        let waiting = try scxml(["run", "FILE"], document("<state id=\"a\"/>"))
        #expect(waiting.output.hasSuffix("did not end: nothing is pending (in a)\n"))
        #expect(waiting.code == 1)
        let ticking = try scxml(
            ["run", "FILE", "--for", "5s"],
            document(
                """
                <state id="a"><onentry><send event="tick" delay="2s"/></onentry><transition event="tick" target="a"/></state>
                """))
        #expect(ticking.output.hasSuffix("did not end within 5s: the next event is due at 6s (in a)\n"))
        #expect(ticking.code == 1)
    }

    @Test func eachKindOfRefusalHasItsOwnExitCodeAndSaysWhere() throws {
        let malformed = try scxml(["run", "FILE"], "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\">")
        #expect(malformed.code == 3)
        #expect(malformed.errors.hasPrefix("FILE:1:"))
        let invalid = try scxml(["run", "FILE"], document("<state id=\"a\"><transition target=\"nowhere\"/></state>"))
        #expect(invalid.code == 4)
        #expect(invalid.errors.contains("FILE:2:") && invalid.errors.contains("nowhere"))
        let unsupported = try scxml(["check", "FILE"], document("<state id=\"a\"><onentry><script/></onentry></state>"))
        #expect(unsupported.code == 5)
        #expect(unsupported.errors.contains("<script>"))
        let missing = try scxml(["run", "FILE.missing"], "")
        #expect(missing.code == 74)
    }

    @Test func usageMistakesAreUsageErrors() throws {
        #expect(try scxml([], "").code == 64)
        #expect(try scxml(["launch", "FILE"], "").code == 64)
        #expect(try scxml(["run"], "").code == 64)
        #expect(try scxml(["run", "FILE", "--for", "soon"], document("<state id=\"a\"/>")).code == 64)
        let help = try scxml(["--help"], "")
        #expect(help.code == 0 && help.output.contains("scxml run FILE.scxml"))
    }
}
