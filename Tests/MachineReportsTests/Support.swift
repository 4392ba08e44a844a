import EventScripts
import Foundation
import MachineAnalysis
import MachineReports

/// Replays `source` against the gate and returns its timeline.
func gateTimeline(_ source: String, file: String = "gate.events", limit: Int = ReplayTimeline.stepLimit) throws -> ReplayTimeline
{
    let vocabulary = GateVocabulary()
    let program = try ScriptChecker(vocabulary: vocabulary).check(Array(source.utf8), file: file)
    let listing = vocabulary.table.listing
    var timeline = ReplayTimeline(
        listing: listing, initialStates: listing.regions.indices.map { program.initialState.controls[$0] },
        limit: limit)
    try Player(vocabulary: vocabulary).play(program, into: &timeline)
    return timeline
}

/// The gate's coverage by `sources`.
func gateCoverage(_ sources: [String]) throws -> CoverageReport {
    let vocabulary = GateVocabulary()
    var coverage = TransitionCoverage(table: vocabulary.table)
    for source in sources {
        try coverage.record(
            try ScriptChecker(vocabulary: vocabulary).check(Array(source.utf8), file: "gate.events"),
            player: Player(vocabulary: vocabulary))
    }
    return coverage.report
}

/// The folder of the committed reference pages.
let referencePages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots/Reports")
