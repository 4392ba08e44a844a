import EventScripts
import Foundation
import MachineAnalysis
import MachineReports

/// Replays `source` twice against the gate: into its summary, then into its page.
func gatePage(_ source: String, file: String = "gate.events") throws -> (summary: ReplaySummary, html: String) {
    try page(source, file: file, vocabulary: GateVocabulary())
}

/// Replays `source` twice against `vocabulary`'s machine, as `replay --html` does: into its
/// summary, then into its page.
func page<V: ScriptVocabulary>(_ source: String, file: String, vocabulary: V) throws -> (summary: ReplaySummary, html: String) {
    let program = try ScriptChecker(vocabulary: vocabulary).check(Array(source.utf8), file: file)
    let listing = vocabulary.table.listing
    let player = Player(vocabulary: vocabulary)
    var summary = ReplaySummary(
        listing: listing, initialStates: listing.regions.indices.map { program.initialState.controls[$0] })
    try player.play(program, into: &summary)
    var page = ReplayPage(summary: summary, output: "")
    try player.play(program, into: &page)
    return (summary, page.output)
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
