import Testing

@testable import MachineCore

@Suite struct TransitionTableTests {
    let table = Kettle.table

    @Test func listsRegionsStatesEventsAndRows() {
        #expect(table.regions.map(\.name) == ["water", "light"])
        #expect(table.regions[0].states == ["cold", "heating", "hot", "unplugged"])
        #expect(table.regions[0].finalStates == [3])
        #expect(table.eventNames.first == "switchOn")
        #expect(table.timerNames == ["boil", "keepWarm"])
        #expect(table.requestKindNames == ["thermometer"])
        #expect(table.rows.map(\.id).first == "heat")
        #expect(table.isHostEvent(.switchOn))
        #expect(!table.isHostEvent(.boiled))
        #expect(!table.isHostEvent(.reading))
    }

    @Test func firesOneRowPerRegionInRegionOrder() {
        let (state, result) = table.step(table.initialState(context: .init()), .switchOn)
        #expect(result.firedRows.map { table.rows[$0].id } == ["heat", "lightOn"])
        #expect(state[Kettle.water] == .heating)
        #expect(state[Kettle.light] == .red)
        #expect(state.context.log == ["heat", "light"])
        #expect(result.commands == [.startTimer(.boil, .seconds(90)), .request(.measure)])
        #expect(state.work.timers.elements == [.boil])
        #expect(state.work.pending.elements == [.thermometer])
    }

    @Test func guardsSeeTheStateBeforeTheStep() {
        var state = table.step(table.initialState(context: .init()), .switchOn).state
        var result = StepResult<Kettle>()
        table.step(&state, .switchOff, into: &result)
        // The water row leaves `heating`, yet the light's guard, evaluated first, saw it heating.
        #expect(result.firedRows.map { table.rows[$0].id } == ["stop", "lightOff"])
        #expect(state.context.log.suffix(2) == ["stop", "lightOff"])
        #expect(result.commands == [.cancelTimer(.boil), .cancel(.thermometer)])
    }

    @Test func reportsWhyAnEventIsIgnored() {
        let start = table.initialState(context: .init())
        #expect(table.step(start, .switchOff).result.ignored == .noRow)
        #expect(table.step(start, .boiled).result.ignored == .notAwaited)
        #expect(table.step(start, .reading(80)).result.ignored == .notAwaited)
        let unplugged = table.step(start, .unplug).state
        #expect(table.step(unplugged, .switchOn).result.ignored == .finished(region: 0, state: 3))
    }

    @Test func guardsPickTheFirstEnabledRowAndAreRecorded() {
        let start = table.initialState(context: .init())
        let cold = table.step(start, .poke).result
        #expect(cold.firedRows.map { table.rows[$0].id } == ["pokeCold"])
        #expect(cold.guardChecks.map(\.passed) == [true])
        var hot = start
        hot.context.temperature = 90
        let result = table.step(hot, .poke).result
        #expect(result.firedRows.map { table.rows[$0].id } == ["pokeHot"])
        #expect(result.guardChecks.map(\.passed) == [false, true])
    }

    @Test func anAnswerLeavesTheLedgerEvenWhenNoRowFires() {
        var state = table.step(table.initialState(context: .init()), .switchOn).state
        var result = StepResult<Kettle>()
        table.step(&state, .readingFailed, into: &result)
        #expect(result.ignored == .noRow)
        #expect(state.work.pending.isEmpty)
        #expect(state.work.timers.elements == [.boil])
    }

    @Test func aTimerEventEndsTheTimer() {
        var state = table.step(table.initialState(context: .init()), .switchOn).state
        var result = StepResult<Kettle>()
        table.step(&state, .boiled, into: &result)
        #expect(state[Kettle.water] == .hot)
        #expect(state.work.timers.isEmpty)
        #expect(result.commands == [.output(.beep)])
    }

    @Test func cancelEverythingGoesTimersThenRequests() {
        var state = table.step(table.initialState(context: .init()), .switchOn).state
        var result = StepResult<Kettle>()
        table.step(&state, .unplug, into: &result)
        #expect(result.commands == [.cancelTimer(.boil), .cancel(.thermometer)])
        #expect(state.work.isIdle)
    }
}

@Suite struct OutboxTests {
    @Test func cancelsOnlyWhatRuns() {
        var outbox = Outbox<Kettle>()
        outbox.cancelTimer(.boil)
        outbox.cancel(.thermometer)
        #expect(outbox.commands.isEmpty)
    }

    @Test func restartingATimerEmitsOnlyStart() {
        var outbox = Outbox<Kettle>()
        outbox.startTimer(.boil, after: .seconds(1))
        outbox.startTimer(.keepWarm, after: .seconds(2))
        outbox.startTimer(.boil, after: .seconds(3))
        #expect(
            outbox.commands == [
                .startTimer(.boil, .seconds(1)), .startTimer(.keepWarm, .seconds(2)), .startTimer(.boil, .seconds(3)),
            ])
        #expect(outbox.work.timers.elements == [.keepWarm, .boil])
    }

    @Test func aSecondRequestOfAKindCancelsTheFirst() {
        var outbox = Outbox<Kettle>()
        outbox.request(.measure)
        outbox.request(.measure)
        #expect(outbox.commands == [.request(.measure), .cancel(.thermometer), .request(.measure)])
        #expect(outbox.work.pending.elements == [.thermometer])
    }
}

@Suite struct TableValidationTests {
    enum Wrong: Int, ControlState { case a, b }

    @Test func rejectsDuplicateRowIDs() {
        let rows = [
            Row<Kettle>("x", in: Kettle.water, from: .any, on: .poke),
            Row<Kettle>("x", in: Kettle.water, from: .any, on: .switchOn),
        ]
        #expect(throws: TableError.duplicateRowID("x")) {
            try TransitionTable(validating: [Kettle.water], rows: rows)
        }
    }

    @Test func aDeclaredTableKeepsItsMistakeAsItsOnlyFinding() {
        let rows = [
            Row<Kettle>("x", in: Kettle.water, from: .any, on: .poke),
            Row<Kettle>("x", in: Kettle.water, from: .any, on: .switchOn),
        ]
        let table = TransitionTable(regions: [Kettle.water], rows: rows)
        #expect(table.invalidity == .duplicateRowID("x"))
        #expect(table.rows.isEmpty)
        #expect(table.listing.findings == [.invalidTable(.duplicateRowID("x"))])
        #expect("\(table.listing.findings[0])" == "invalid table: two rows have the id 'x'")
        #expect(TransitionTable(regions: [Kettle.water], rows: [rows[0]]).invalidity == nil)
    }

    @Test func rejectsRowsOfUnlistedRegions() {
        let rows = [Row<Kettle>("x", in: Kettle.light, from: .any, on: .poke)]
        #expect(throws: TableError.unknownRegion(row: "x", region: "light")) {
            try TransitionTable(validating: [Kettle.water], rows: rows)
        }
    }

    @Test func rejectsAStateTypeOfAnotherRegion() {
        let impostor = Region<Wrong>("water", index: 0, initial: .a)
        let rows = [Row<Kettle>("x", in: impostor, from: .any, on: .poke)]
        #expect(throws: TableError.stateTypeMismatch(row: "x", region: "water")) {
            try TransitionTable(validating: [Kettle.water], rows: rows)
        }
    }

    @Test func rejectsMisplacedRegionIndexes() {
        #expect(throws: TableError.regionIndexMismatch(region: "light", declared: 1, position: 0)) {
            try TransitionTable<Kettle>(validating: [Kettle.light, Kettle.water], rows: [])
        }
    }

    @Test func rejectsEmptySourceLists() {
        let rows = [Row<Kettle>("x", in: Kettle.water, from: [], on: .poke)]
        #expect(throws: TableError.emptySources(row: "x")) {
            try TransitionTable(validating: [Kettle.water], rows: rows)
        }
    }

    @Test func rejectsNoRegions() {
        #expect(throws: TableError.noRegions) { try TransitionTable<Kettle>(validating: [], rows: []) }
    }

    @Test func rejectsRawValuesThatAreNotPositions() {
        enum Gappy: Int, IndexedCase { case a = 0, b = 2 }
        enum Machine: MachineDefinition {
            struct Event: MachineEvent { var kind: Gappy }
            typealias Context = Int
        }
        #expect(throws: TableError.self) { try TransitionTable<Machine>(validating: [Kettle.water], rows: []) }
    }
}
