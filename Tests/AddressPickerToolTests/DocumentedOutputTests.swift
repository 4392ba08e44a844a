import Foundation
import Testing

/// The outputs the README and the articles show for `explore`, `mutate`, `check` and `coverage`
/// are the tool's today:
/// a change to the machine, its samples or its examples that changes them fails here until the
/// documents say the new figures.
@Suite("Documented outputs") struct DocumentedOutputTests {
    static func text(of file: String) throws -> String {
        try String(contentsOf: Tool.packageRoot.appendingPathComponent(file), encoding: .utf8)
    }

    /// The examples, as the shell expands `Examples/*.events`.
    static func examples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Tool.packageRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".events") }.sorted().map { "Examples/" + $0 }
    }

    @Test func exploreShowsItsReport() throws {
        let result = try Tool.run(["explore", "--seed", "1", "--steps", "100000"])
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(result.output.split(separator: "\n").last.map(String.init))
        let article = "Sources/MachineTesting/MachineTesting.docc/Testing.md"
        #expect(try Self.text(of: article).contains(report + "\n"), "\(article) does not show: \(report)")
        let invariants = try #require(report.firstMatch(of: /; (\d+) invariants held/)?.1)
        #expect(
            try Self.text(of: "README.md").contains("# random inputs, \(invariants) invariants after every move"),
            "the README's explore line does not say \(invariants) invariants")
    }

    @Test func mutateShowsItsScore() throws {
        let result = try Tool.run(["mutate"] + Self.examples())
        let score = try #require(result.output.split(separator: "\n").first.map(String.init))
        let article = try Self.text(of: "Sources/MachineTesting/MachineTesting.docc/MutationAnalysis.md")
        #expect(article.contains(score + "\n"), "MutationAnalysis.md does not show: \(score)")
        let counts = try #require(score.firstMatch(of: /: (\d+) mutants, (\d+) killed, \d+ survived: score ([\d.]+)%/))
        #expect(
            try Self.text(of: "README.md").contains("# \(counts.1) mutants, \(counts.2) killed: score \(counts.3)%"),
            "the README's mutate line does not say \(counts.1) mutants, \(counts.2) killed")
        #expect(article.contains("The address picker's \(counts.1) mutants over its \(try Self.examples().count) examples"))
    }

    @Test func checkAndCoverageShowTheirCounts() throws {
        let check = try Tool.run(["check"])
        #expect(check.status == 0, "\(check.error)")
        let findings = try #require(check.output.firstMatch(of: /: (no findings \([^)]*\))/)?.1)
        #expect(
            try Self.text(of: "README.md").contains("# \(findings)\n"), "the README's check line does not say \(findings)")
        let coverage = try Tool.run(["coverage"] + Self.examples() + ["--min", "100"])
        #expect(coverage.status == 0, "\(coverage.error)")
        let rows = try #require(coverage.output.firstMatch(of: /rows +(\d+ of \d+ \([\d.]+%\))/)?.1)
        #expect(
            try Self.text(of: "README.md").contains("# rows \(rows), guards"), "the README's coverage line does not say \(rows)")
        let article = "Sources/MachineCore/MachineCore.docc/DefiningAMachine.md"
        #expect(try Self.text(of: article).contains("`address-picker: \(findings)`"), "\(article) does not say \(findings)")
        // The totals, as the articles show them: the report's first five lines.
        let totals = coverage.output.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n"
        for article in [
            "Sources/MachineTesting/MachineTesting.docc/Testing.md",
            "Sources/MachineAnalysis/MachineAnalysis.docc/MachineAnalysis.md",
        ] {
            #expect(try Self.text(of: article).contains("```\n" + totals), "\(article) does not show:\n\(totals)")
        }
    }
}
