import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

/// A nested machine for coverage: a shelf `closed` or `open`, open `browsing` or `reading`; it
/// reopens by shallow history.
enum Shelf: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case open, close, read
        var kind: Event { self }
    }
    enum Place: Int, ControlState { case closed, open, browsing, reading }
    static let place = Region<Place>("place", index: 0, initial: .closed, children: [.open: [.browsing, .reading]])
    static let table = TransitionTable<Shelf>(
        regions: [place],
        rows: [
            Row("open", in: place, from: [.closed], on: .open, to: .open, history: .shallow),
            Row("close", in: place, from: [.open], on: .close, to: .closed),
            Row("read", in: place, from: [.browsing], on: .read, to: .reading),
        ])
}

@Suite("Transition coverage, nested states") struct NestedCoverageTests {
    @Test func countsLeavesAndCompoundStatesEnteredAndHistoryRestores() throws {
        var runtime = Runtime(table: Shelf.table, state: Shelf.table.initialState(context: 0))
        var coverage = TransitionCoverage(table: Shelf.table)
        coverage.beginRun(at: runtime.state)
        #expect(coverage.report.histories.map { [$0.covered, $0.total] } == [0, 1])
        for event in [Shelf.Event.open, .read, .close, .open] { coverage.record(try runtime.send(event)) }
        // closed (initial, then close), open twice, browsing once (default), reading twice (read, then history).
        #expect(coverage.stateEntries[0] == [2, 2, 1, 2])
        #expect(coverage.historyRestores[0] == [0, 1, 0, 0])
        let report = coverage.report
        #expect([report.states.covered, report.states.total] == [4, 4])
        #expect(report.histories.map { [$0.covered, $0.total] } == [1, 1])
        #expect(report.text.contains("history     1 of 1 (100.0%)  compound states restored by their history"))
        // open then close or read (history may reopen either leaf), close then open, read then close.
        #expect(report.rowPairs.total == 4)
    }
}
