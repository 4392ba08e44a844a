import MachineAnalysis
import MachineCore
import MachineRuntime
import StatechartFixtures
import Testing

@Suite("Transition coverage") struct TransitionCoverageTests {
    let table = Lookup.table

    func row(_ id: String) -> Int { table.rows.firstIndex { $0.id == id } ?? -1 }

    func run(_ inputs: Input<Lookup>...) throws -> TransitionCoverage<Lookup> {
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        var coverage = TransitionCoverage(table: table)
        coverage.beginRun(at: runtime.state)
        for input in inputs { coverage.record(try runtime.apply(input)) }
        return coverage
    }

    @Test func countsRowsStatesEventsGuardsAndPairs() throws {
        let coverage = try run(
            .send(.typed), .send(.typed), .advance(.milliseconds(200)), .respond(.lookup, ordinal: nil, .found(1)))
        #expect(coverage.rowHits[row("P1.type")] == 1)
        #expect(coverage.rowHits[row("P2.retype")] == 1)
        #expect(coverage.rowHits[row("P3.ask")] == 1)
        #expect(coverage.rowHits[row("P4.show")] == 1)
        #expect(coverage.rowHits.reduce(0, +) == 4)

        // The initial states, then settling twice, loading and shown.
        #expect(coverage.stateEntries[0] == [1, 2, 1, 1])
        #expect(coverage.stateEntries[1] == [1, 0])
        // typed, settled and found.
        #expect(coverage.eventHits == [2, 0, 0, 1, 1, 0])

        let report = coverage.report
        #expect(report.events.covered == 3)
        #expect(report.rows.covered == 4)
        #expect(report.states.covered == 5)
        #expect(report.uncoveredRows == ["P5.full", "P6.fail", "P7.cancel", "L1.on", "L2.off"])

        // hasRoom was true; a guard seen one way only is not covered.
        #expect(coverage.guardOutcomes[row("P4.show")] == .init(wasTrue: true, wasFalse: false))
        #expect(report.guards.covered == 0)
        #expect(report.guards.total == 2)

        #expect(
            coverage.pairs[0] == [
                .init(first: row("P1.type"), second: row("P2.retype")),
                .init(first: row("P2.retype"), second: row("P3.ask")),
                .init(first: row("P3.ask"), second: row("P4.show")),
            ])
        #expect(coverage.pairs[1].isEmpty)
        #expect(report.rowPairs.covered == 3)
    }

    @Test func aGuardSeenBothWaysCounts() throws {
        let find: [Input<Lookup>] = [.send(.typed), .advance(.milliseconds(200))]
        var coverage = try run(find[0], find[1], .respond(.lookup, ordinal: nil, .found(1)))
        coverage.merge(try run(find[0], find[1], .respond(.lookup, ordinal: nil, .found(5))))
        #expect(coverage.guardOutcomes[row("P4.show")] == .init(wasTrue: true, wasFalse: true))
        let bothWays = table.rows.indices.filter { coverage.guardOutcomes[$0].wasTrue && coverage.guardOutcomes[$0].wasFalse }
        #expect(bothWays.map { table.rows[$0].id } == ["P4.show"])
        #expect(coverage.report.guards.covered == 1)
        #expect(coverage.report.guards.total == table.rows.filter { $0.guard != nil }.count)
        #expect(coverage.rowHits[row("P4.show")] == 1)
        #expect(coverage.rowHits[row("P5.full")] == 1)
        #expect(coverage.rowHits[row("P1.type")] == 2)
    }

    @Test func aGuardOfAnotherRegionIsSeenFalse() throws {
        let coverage = try run(.send(.typed), .send(.toggle))
        #expect(coverage.guardOutcomes[row("L1.on")] == .init(wasTrue: false, wasFalse: true))
        #expect(coverage.rowHits[row("L1.on")] == 0)
    }

    @Test func pairsDoNotCrossRuns() throws {
        var coverage = try run(.send(.typed))
        coverage.merge(try run(.send(.typed)))
        #expect(coverage.pairs.allSatisfy { $0.isEmpty })

        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        var again = TransitionCoverage(table: table)
        again.beginRun(at: runtime.state)
        again.record(try runtime.send(.typed))
        runtime = Runtime(table: table, state: table.initialState(context: .init()))
        again.beginRun(at: runtime.state)
        again.record(try runtime.send(.typed))
        #expect(again.rowHits[row("P1.type")] == 2)
        #expect(again.pairs.allSatisfy { $0.isEmpty })
    }

    @Test func droppedAnswersCountNothing() throws {
        let coverage = try run(
            .send(.typed), .advance(.milliseconds(200)), .send(.cancel), .respond(.lookup, ordinal: 1, .found(1)))
        #expect(coverage.rowHits[row("P7.cancel")] == 1)
        #expect(coverage.rowHits[row("P4.show")] == 0)
        #expect(coverage.eventHits[Lookup.Event.Kind.found.rawValue] == 0)
        #expect(coverage.guardOutcomes[row("P4.show")] == .init())
    }

    /// The text names the guards seen one way only, as the HTML page marks them.
    @Test func theReportNamesTheGuardsSeenOneWayOnly() throws {
        let report = try run(.send(.typed), .advance(.milliseconds(200)), .respond(.lookup, ordinal: nil, .found(1))).report
        #expect(
            report.guardsSeenOneWay.map { "\($0.row) \($0.guard) \($0.seen)" } == [
                "P4.show hasRoom seen true only", "L1.on isIdle never checked",
            ])
        #expect(
            report.text.contains(
                "guards seen one way only:\n  P4.show  hasRoom  seen true only\n  L1.on    isIdle   never checked\n"))
    }

    /// The Mixer's 12 event kinds include its start event, which no row takes: 11 count.
    @Test func theStartEventIsNotAnEventToCover() throws {
        var runtime = Runtime(table: Mixer.table, state: Mixer.table.initialState(context: .init()))
        var coverage = TransitionCoverage(table: Mixer.table)
        coverage.beginRun(at: runtime.state)
        coverage.record(runtime.startSteps)
        for event in Mixer.Event.allCases where event != .start { coverage.record(try runtime.send(event)) }
        #expect(Mixer.table.eventNames.count == 12)
        #expect(coverage.eventHits[Mixer.Event.start.rawValue] == 0)
        #expect(coverage.report.events.total == 11)
        #expect(coverage.report.events.covered == coverage.eventHits.filter { $0 > 0 }.count)
    }

    @Test func theReportListsUncoveredRowsFirst() throws {
        let text = try run(.send(.typed)).report.text
        #expect(
            text == """
                rows        1 of 9 (11.1%)
                states      3 of 6 (50.0%)
                events      1 of 6 (16.7%)
                guards      0 of 2 (0.0%)  seen both true and false
                row pairs   0 of 16 (0.0%)  consecutive rows of one region

                guards seen one way only:
                  P4.show  hasRoom  never checked
                  L1.on    isIdle   never checked

                 hits  row                          transition
                    0  P2.retype                    phase: settling --typed--> settling
                    0  P3.ask                       phase: settling --settled--> loading
                    0  P4.show                      phase: loading --found [hasRoom]--> shown
                    0  P5.full                      phase: loading --found--> idle
                    0  P6.fail                      phase: loading --failed--> idle
                    0  P7.cancel                    phase: settling|loading --cancel--> idle
                    0  L1.on                        lamp: off --toggle [isIdle]--> on
                    0  L2.off                       lamp: on --toggle--> off
                    1  P1.type                      phase: idle|shown --typed--> settling

                """)
    }
}
