import EventScripts
import Foundation
import MachineAnalysis
import MachineRuntime
import Testing

/// Replays the event scripts at `urls` on every mutant of the machine's table (each one fault:
/// a row removed, a target, guard, action, command, timer, row order or history changed) and
/// fails the test when they kill fewer than `minimum` percent, listing the survivors; also when a
/// script is invalid or does not pass on the machine itself.
///
/// - Returns: The report, to inspect further, or `nil` when the scripts could not be analysed.
@discardableResult
public func assertMutationScore<V: ScriptVocabulary>(
    ofScripts urls: [URL], vocabulary: V, minimum: Double, provider: Provider<V.Machine>? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> MutationReport? {
    let runner = ScriptRunner(vocabulary)
    let report: MutationReport
    do {
        let scripts = try urls.map { url in
            try runner.check([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
        }
        report = try MutationRun.run(scripts, vocabulary: vocabulary, runner: runner, provider: provider).report
    } catch {
        TestIssue.record("mutation analysis could not run: \(error)", at: sourceLocation)
        return nil
    }
    if report.score < minimum {
        TestIssue.record(
            """
            Mutation score is \(report.scoreText) (\(report.killed) of \(report.results.count) killed), below \(minimum)%. Survivors:
            \(report.survivors.map { "  • \($0.id): \($0.description)" }.joined(separator: "\n"))
            """, at: sourceLocation)
    }
    return report
}
