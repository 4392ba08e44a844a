import AddressPickerScripting
import EventScripts
import Foundation
import MachineReports
import ScriptFiles
import Testing

/// One example's HTML report is kept under Tests/Snapshots/Reports, so that a change to the
/// picker's drawing or to the report shows up in review. Record it with
/// `SNAPSHOT_RECORD=missing swift test` (or `=all` after an intended change), and look at it in
/// a browser before committing it.
@Suite("Example report") struct ExampleReportTests {
    @Test func searchAndCancelMatchesItsReference() throws {
        let vocabulary = AddressPickerVocabulary()
        let script = ExampleSnapshotTests.root.appendingPathComponent("Examples/search-and-cancel.events")
        let program = try ScriptChecker(vocabulary: vocabulary).check(
            [UInt8](try Data(contentsOf: script)), file: "Examples/search-and-cancel.events")
        let listing = vocabulary.table.listing
        let player = Player(vocabulary: vocabulary)
        var summary = ReplaySummary(
            listing: listing, initialStates: listing.regions.indices.map { program.initialState.controls[$0] })
        let outcome = try player.play(program, into: &summary)
        #expect(outcome == .passed(expectations: 17))
        #expect(summary.stepCount == 9)
        var page = ReplayPage(summary: summary, output: "")
        try player.play(program, into: &page)
        let environment = ProcessInfo.processInfo.environment
        let store = SnapshotStore(
            directory: ExampleSnapshotTests.root.appendingPathComponent("Tests/Snapshots/Reports"),
            mode: try SnapshotRecordMode.resolve(nil, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment), fileExtension: "html")
        let result = try store.verify(page.output, named: "search-and-cancel")
        #expect(result == .matched, "\(result)")
    }
}
