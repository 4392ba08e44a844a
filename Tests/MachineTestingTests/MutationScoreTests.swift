import EventScripts
import Foundation
import MachineTesting
import ScriptTestSupport
import Testing

@Suite struct MutationScoreTests {
    /// Writes `text` to a fresh file and returns its URL.
    func script(_ text: String) throws -> URL {
        let url = try scratchFolder("mutation").appendingPathComponent("lookup.events")
        try Data(("machine lookup\n" + text).utf8).write(to: url)
        return url
    }

    @Test func expectationsKillMutantsAndTheReportNamesTheSurvivors() throws {
        let url = try script("send typed(\"apple\")\nexpect search == debouncing\nexpect query == \"apple\"\n")
        let report = try #require(assertMutationScore(ofScripts: [url], vocabulary: LookupVocabulary(), minimum: 10))
        let survivors = Set(report.survivors.map(\.id))
        // The script checks where `type` goes and what it stores: those faults are noticed.
        #expect(!survivors.contains("type/removed"))
        #expect(!survivors.contains("type/target=loading"))
        #expect(!survivors.contains("type/action-skipped"))
        // It never checks the timer the row starts.
        #expect(survivors.contains("type/command-1-dropped"))
        #expect(survivors.contains("type/timer-debounce-doubled"))
        #expect(report.killed + report.survivors.count == report.results.count)
    }

    @Test func aScoreBelowTheMinimumFailsTheTest() throws {
        let url = try script("send typed(\"apple\")\n")
        var killed: Int?
        let issues = capturingTestIssues {
            killed = assertMutationScore(ofScripts: [url], vocabulary: LookupVocabulary(), minimum: 50)?.killed
        }
        // Without an expectation, no mutant is noticed.
        #expect(killed == 0)
        #expect(issues.count == 1)
        let message = issues.first ?? ""
        #expect(message.hasPrefix("Mutation score is 0.0% (0 of "))
        #expect(message.contains(" killed), below 50.0%. Survivors:\n  • type/removed: row type: removed\n"))
    }

    @Test func aScriptThatFailsOnTheMachineItselfIsAnIssue() throws {
        let url = try script("send typed(\"apple\")\nexpect search == idle\n")
        var analysed = true
        let issues = capturingTestIssues {
            analysed = assertMutationScore(ofScripts: [url], vocabulary: LookupVocabulary(), minimum: 0) != nil
        }
        #expect(!analysed)
        #expect(
            issues == [
                "mutation analysis could not run: \(url.lastPathComponent) does not pass on the machine itself"
                    + " (1 expectation failed): mutation analysis needs scripts that pass"
            ])
    }
}
