import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

/// Fails the test when `coverage` fired fewer than `minimum` percent of the table's rows, listing
/// the rows that never fired.
public func assertRowCoverage<M>(
    _ coverage: TransitionCoverage<M>, minimum: Double = 100, sourceLocation: SourceLocation = #_sourceLocation
) {
    let report = coverage.report
    guard report.rows.percent < minimum else { return }
    TestIssue.record(
        """
        Row coverage is \(report.rows), below \(minimum)%. Rows that never fired:
        \(report.uncoveredRows.map { "  • \($0)" }.joined(separator: "\n"))
        """, at: sourceLocation)
}

/// Replays the event scripts at `urls` and fails the test when they fire fewer than `minimum`
/// percent of the rows (listing the missing ones), or when a script is invalid or fails.
@discardableResult
public func assertRowCoverage<V: ScriptVocabulary>(
    ofScripts urls: [URL], vocabulary: V, minimum: Double = 100, provider: Provider<V.Machine>? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> TransitionCoverage<V.Machine> {
    let checker = ScriptChecker(vocabulary: vocabulary)
    let player = Player(vocabulary: vocabulary)
    var coverage = TransitionCoverage(table: vocabulary.table)
    for url in urls {
        do {
            let bytes = [UInt8](try Data(contentsOf: url))
            let outcome = try coverage.record(
                try checker.check(bytes, file: url.lastPathComponent), player: player, provider: provider)
            if outcome.exitCode != 0 {
                TestIssue.record("\(url.lastPathComponent) did not pass: \(outcome)", at: sourceLocation)
            }
        } catch {
            TestIssue.record("\(url.lastPathComponent): \(error)", at: sourceLocation)
        }
    }
    assertRowCoverage(coverage, minimum: minimum, sourceLocation: sourceLocation)
    return coverage
}
