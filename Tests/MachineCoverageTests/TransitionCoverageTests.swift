import AddressPicker
import MachineCore
import MachineCoverage
import MachineRuntime
import Testing

@Suite("Transition coverage") struct TransitionCoverageTests {
    let table = AddressPicker.table

    func row(_ id: String) -> Int { table.rows.firstIndex { $0.id == id } ?? -1 }

    func run(_ inputs: (inout Runtime<AddressPicker>) throws -> [RuntimeStep<AddressPicker>]...) throws -> TransitionCoverage<AddressPicker> {
        var runtime = Runtime(table: table, state: AddressPicker.initialState())
        var coverage = TransitionCoverage(table: table)
        coverage.beginRun(at: runtime.state)
        for input in inputs { coverage.record(try input(&runtime)) }
        return coverage
    }

    @Test func countsRowsStatesEventsGuardsAndPairs() throws {
        let far = MapRegion(center: try Coordinate(latitude: 41, longitude: -74), span: Span(latitudeDelta: 1, longitudeDelta: 1))
        let coverage = try run(
            { try $0.send(.regionChanged(far, byUser: true)) },
            { try $0.send(.regionChanged(far, byUser: true)) },
            { try $0.advance(by: .milliseconds(500)) },
            { try $0.respond(.address, with: .address(Address(city: "X"))) })
        #expect(coverage.rowHits[row("M3.moved")] == 1)
        #expect(coverage.rowHits[row("M3.stillMoving")] == 1)
        #expect(coverage.rowHits[row("M4.lookUp")] == 1)
        #expect(coverage.rowHits[row("M5.resolved")] == 1)
        #expect(coverage.rowHits.reduce(0, +) == 4)

        // The initial states, then settling twice, geocoding and idle.
        let map = table.regions.firstIndex { $0.name == "map" } ?? -1
        #expect(coverage.stateEntries[map] == [2, 2, 1, 0])
        #expect(coverage.stateEntries[0] == [1, 0])

        let report = coverage.report
        #expect(report.events.covered == 3)
        #expect(report.rows.covered == 4)
        #expect(report.uncoveredRows.count == table.rows.count - 4)

        // In idle M1.echo's guard was false and M3.moved's true; in settling isEcho false, isUserMove true.
        #expect(coverage.guardOutcomes[row("M1.echo")] == .init(wasTrue: false, wasFalse: true))
        #expect(coverage.guardOutcomes[row("M3.moved")] == .init(wasTrue: true, wasFalse: false))
        // A guard seen one way only is not covered.
        #expect(report.guards.covered == 0)

        #expect(coverage.pairs[map] == [
            .init(first: row("M3.moved"), second: row("M3.stillMoving")),
            .init(first: row("M3.stillMoving"), second: row("M4.lookUp")),
            .init(first: row("M4.lookUp"), second: row("M5.resolved")),
        ])
        #expect(report.rowPairs.covered == 3)
    }

    @Test func aGuardSeenBothWaysCounts() throws {
        var coverage = try run({ try $0.send(.regionChanged(AddressPicker.Context.defaultRegion, byUser: false)) })
        coverage.merge(try run({ try $0.send(.regionChanged(AddressPicker.Context.defaultRegion, byUser: true)) }))
        #expect(coverage.guardOutcomes[row("M1.echo")] == .init(wasTrue: true, wasFalse: true))
        let bothWays = table.rows.indices.filter { coverage.guardOutcomes[$0].wasTrue && coverage.guardOutcomes[$0].wasFalse }
        #expect(bothWays.map { table.rows[$0].id } == ["M1.echo"])
        #expect(coverage.report.guards.covered == 1)
        #expect(coverage.report.guards.total == table.rows.filter { $0.guard != nil }.count)
        #expect(coverage.rowHits[row("M1.echo")] == 1)
        #expect(coverage.rowHits[row("M3.moved")] == 1)
    }

    @Test func pairsDoNotCrossRuns() throws {
        var coverage = try run({ try $0.send(.searchActivated) })
        coverage.merge(try run({ try $0.send(.categoryTapped("cafe")) }))
        #expect(coverage.pairs.allSatisfy { $0.isEmpty })
    }

    @Test func theReportListsUncoveredRowsFirst() throws {
        let text = try run({ try $0.send(.searchActivated) }).report.text
        let lines = text.split(separator: "\n")
        #expect(lines[0].hasPrefix("rows        1 of \(table.rows.count) ("))
        #expect(lines.last?.contains("S1.activate") == true)
        #expect(lines.last?.hasPrefix("    1  S1.activate") == true)
        #expect(text.contains("    0  K1.dismissAlert              picker: picking --alertDismissed [alertShown]--> (stays)"))
    }
}
