import Foundation
import Testing

@testable import SCXML
@testable import SCXMLTool

/// The W3C SCXML 1.0 implementation-report tests the null datamodel can run (W3C/README.md),
/// each run by `scxml run` as a user runs it: a test passes when the machine ends in its
/// top-level final state `pass`.
@Suite struct W3CConformanceTests {
    /// The 32 mandatory automated tests within the importer's subset.
    static let numbers = [
        144, 185, 189, 194, 199, 200, 208, 310, 348, 355, 364, 375, 377, 387, 399, 404, 405, 406, 409, 411, 412, 413,
        416, 417, 419, 421, 423, 436, 495, 496, 521, 576,
    ]

    static func path(_ number: Int) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("W3C/test\(number).scxml").path
    }

    @Test(arguments: numbers)
    func passes(_ number: Int) {
        var output = ""
        var errors = ""
        let code = SCXMLCommand.run(arguments: ["run", Self.path(number)], output: &output, errors: &errors)
        #expect(errors == "")
        #expect(output.split(separator: "\n").last == "final pass", "test \(number):\n\(output)")
        #expect(code.rawValue == 0)
    }

    /// `scxml diagram --format scxml` writes the imported chart back: that document imports to
    /// the same table, writes back the same text, and passes the test again.
    @Test(arguments: numbers)
    func passesAfterARoundTrip(_ number: Int) throws {
        let original = try SCXMLChart(reading: try Data(contentsOf: URL(fileURLWithPath: Self.path(number))))
        let again = try SCXMLChart(reading: Array(original.scxml.utf8))
        #expect(again.scxml == original.scxml)
        #expect(again.table.identity == original.table.identity)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("w3c-round-trip-\(number)-\(UUID()).scxml")
        try Data(original.scxml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var output = ""
        var errors = ""
        let code = SCXMLCommand.run(arguments: ["run", file.path], output: &output, errors: &errors)
        #expect(output.split(separator: "\n").last == "final pass", "test \(number) written back:\n\(output)")
        #expect(code.rawValue == 0 && errors == "")
    }

    /// The documentation's table of results (Conformance.md) lists exactly the tests run here,
    /// each as passing.
    @Test func theConformanceTableListsEveryTestRun() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SCXML/SCXML.docc/Conformance.md").standardizedFileURL
        let text = try String(contentsOf: article, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.firstMatch(of: /^\| \d{3} \|/) != nil }
        #expect(rows.compactMap { Int($0.dropFirst(2).prefix(3)) } == Self.numbers)
        #expect(rows.allSatisfy { $0.hasSuffix("| pass |") })
        #expect(text.contains("**32 of the 32 pass**"))
    }
}
