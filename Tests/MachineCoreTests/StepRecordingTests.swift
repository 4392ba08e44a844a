import MachineCore
import MachineRuntime
import Testing

/// A nested machine whose rows are partly plain (they only move the leaf and run their action)
/// and partly not (an entry action, a history), with a second region, so that a step without
/// recording takes each of the step's short paths.
enum Field: MachineDefinition {
    struct Context: Equatable, Sendable {
        var log: [String] = []
        var strict = false
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case type, wait, load, cancel, back, toggle
        var kind: Event { self }
    }

    enum Input: Int, ControlState { case idle, active, typing, loading, showing }
    enum Light: Int, ControlState { case off, on }

    static let input = Region<Input>("input", index: 0, initial: .idle, children: [.active: [.typing, .loading, .showing]])
    static let light = Region<Light>("light", index: 1, initial: .off)

    static func log(_ entry: String) -> Action<Field> { { context, _, _ in context.log.append(entry) } }

    static let strict = Guard<Field>("strict") { state, _ in state.context.strict }

    static func rows(lightGuard: Bool) -> [Row<Field>] {
        [
            Row("start", in: input, from: [.idle], on: .type, to: .typing, action: log("start")),
            Row("retype", in: input, from: [.active], on: .type, to: .typing),
            Row("wait", in: input, from: [.typing], on: .wait, when: strict, to: .loading, action: log("wait")),
            Row("waitLoose", in: input, from: [.typing], on: .wait, to: .showing),
            Row("load", in: input, from: [.loading], on: .load, to: .showing, action: log("load")),
            Row("cancel", in: input, from: [.active], on: .cancel, to: .idle, action: log("cancel")),
            Row("back", in: input, from: [.idle], on: .back, to: .active, history: .deep),
            Row("toggleOn", in: light, from: [.off], on: .toggle, when: lightGuard ? strict : nil, to: .on),
            Row("toggleOff", in: light, from: [.on], on: .toggle, to: .off, action: log("off")),
            Row("lightCancel", in: light, from: .any, on: .cancel, to: .off),
        ]
    }

    static let actions = [StateActions<Field>(in: input, .showing, entry: log("showing"))]
    /// Guards in the first region only: each region's row fires as soon as it is chosen.
    static let table = TransitionTable<Field>(regions: [input, light], rows: rows(lightGuard: false), stateActions: actions)
    /// A guard in the second region: every row is chosen before any fires.
    static let guardedTable = TransitionTable<Field>(
        regions: [input, light], rows: rows(lightGuard: true), stateActions: actions)
}

/// A step that records nothing but the fired rows and commands (`StepResult(recording: [])`)
/// takes the same step as one that records everything.
@Suite struct StepRecordingTests {
    func sameSteps<M: MachineDefinition>(
        _ table: TransitionTable<M>, _ initial: MachineState<M>, events: [M.Event], seed: UInt64,
        vary: (inout MachineState<M>, Bool) -> Void
    ) where M.Context: Equatable {
        var random = SplitMix64(seed: seed)
        var lean = initial
        var full = initial
        var leanResult = StepResult<M>(recording: [])
        var fullResult = StepResult<M>()
        var fired = 0
        for move in 0..<3_000 {
            let flag = Bool.random(using: &random)
            vary(&lean, flag)
            vary(&full, flag)
            guard let event = events.randomElement(using: &random) else { return }
            table.step(&lean, event, into: &leanResult)
            table.step(&full, event, into: &fullResult)
            fired += fullResult.firedRows.count
            guard lean == full, leanResult.firedRows == fullResult.firedRows, leanResult.commands == fullResult.commands,
                leanResult.ignored == fullResult.ignored, leanResult.firedRowCount == fullResult.firedRows.count,
                leanResult.guardChecks.isEmpty, leanResult.stateChanges.isEmpty
            else {
                Issue.record("seed \(seed), move \(move): \(leanResult.firedRows) vs \(fullResult.firedRows)")
                return
            }
        }
        #expect(fired > 1_000)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aLeanStepOfANestedMachineIsTheSame(seed: UInt64) {
        for table in [Field.table, Field.guardedTable] {
            sameSteps(table, table.initialState(context: .init()), events: Field.Event.allCases, seed: seed) { state, flag in
                state.context.strict = flag
                if state.context.log.count > 100 { state.context.log.removeAll() }
            }
        }
    }

    @Test(arguments: [1, 2] as [UInt64])
    func aLeanStepOfTheJukeboxesIsTheSame(seed: UInt64) {
        sameSteps(
            Jukebox.table, Jukebox.table.initialState(context: .init()), events: HierarchyDifferentialTests.events, seed: seed
        ) { state, flag in
            state.context.loud = flag
            if state.context.log.count > 100 { state.context.log.removeAll() }
        }
        sameSteps(
            FlatJukebox.table, FlatJukebox.table.initialState(context: .init()), events: HierarchyDifferentialTests.events,
            seed: seed
        ) { state, flag in
            state.context.loud = flag
            if state.context.log.count > 100 { state.context.log.removeAll() }
        }
    }

    @Test func theRecordingIsWhatWasAskedFor() {
        var result = StepResult<Field>(recording: [.guardChecks])
        #expect(result.recording == [.guardChecks])
        var state = Field.table.initialState(context: .init())
        Field.table.step(&state, .type, into: &result)
        Field.table.step(&state, .wait, into: &result)
        #expect(result.guardChecks.map(\.passed) == [false])
        #expect(result.firedRows.map { Field.table.rows[$0].id } == ["waitLoose"])
        #expect(result.stateChanges.isEmpty)
        #expect(state[Field.input] == .showing)
        #expect(state.context.log == ["start", "showing"])
        result.recording = .all
        Field.table.step(&state, .cancel, into: &result)
        // `cancel` leaves `showing` and `active` for `idle`; `lightCancel` re-enters `off`. In
        // SCXML's order: every exit (the later region's first), then every entry.
        #expect(result.stateChanges.map(\.kind) == [.exited, .exited, .exited, .entered, .entered])
        #expect(result.stateChanges.map(\.region) == [1, 0, 0, 0, 1])
        #expect(StepResult<Field>().recording == .all)
    }
}
