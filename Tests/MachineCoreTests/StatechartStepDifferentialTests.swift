import MachineCore
import MachineRuntime
import Testing

/// The statechart step (SCXML's microstep on the table's tree) and the planned step (each
/// region's plans, worked out when the table is built) agree on every table whose regions are
/// independent: random steps of each table and of its twin, which declares its compound state's
/// initial transition as the default one (an ``Initial`` makes every step of a table the
/// statechart step), reach the same states with the same rows, commands, state changes and
/// reasons to ignore.
@Suite struct StatechartStepDifferentialTests {
    /// Steps `table` and `twin` alike from `initial` on `moves` random events (and random flips
    /// of the context by `vary`), recording `recording`; returns how many rows fired.
    func compare<M: MachineDefinition>(
        _ table: TransitionTable<M>, _ twin: TransitionTable<M>, from initial: MachineState<M>, events: [M.Event],
        recording: StepRecording, seed: UInt64, vary: (inout MachineState<M>, Bool) -> Void
    ) -> Int where M.Context: Equatable {
        var random = SplitMix64(seed: seed)
        var planned = initial
        var charted = initial
        var plannedResult = StepResult<M>(recording: recording)
        var chartedResult = StepResult<M>(recording: recording)
        var fired = 0
        for move in 0..<4_000 {
            if Bool.random(using: &random) {
                let flag = Bool.random(using: &random)
                vary(&planned, flag)
                vary(&charted, flag)
            }
            let event = events.randomElement(using: &random)!
            table.step(&planned, event, into: &plannedResult)
            twin.step(&charted, event, into: &chartedResult)
            fired += plannedResult.firedRows.count
            guard planned == charted, plannedResult.firedRows == chartedResult.firedRows,
                plannedResult.commands == chartedResult.commands, plannedResult.ignored == chartedResult.ignored,
                plannedResult.stateChanges.map({ [$0.region, $0.state] })
                    == chartedResult.stateChanges.map({ [$0.region, $0.state] }),
                plannedResult.stateChanges.map(\.kind) == chartedResult.stateChanges.map(\.kind),
                plannedResult.guardChecks == chartedResult.guardChecks
            else {
                Issue.record(
                    """
                    seed \(seed), move \(move), \(event), recording \(recording):
                    planned \(plannedResult.firedRows) \(plannedResult.commands) \(plannedResult.stateChanges)
                    charted \(chartedResult.firedRows) \(chartedResult.commands) \(chartedResult.stateChanges)
                    """)
                return fired
            }
        }
        return fired
    }

    @Test(arguments: [1, 2] as [UInt64], [StepRecording.all, []])
    func aNestedRegionWithHistoryStepsAlike(seed: UInt64, recording: StepRecording) {
        let twin = TransitionTable<Jukebox>(
            regions: [Jukebox.deck], rows: Jukebox.rows, stateActions: Jukebox.stateActions,
            initials: [Initial(in: Jukebox.deck, of: .on, to: .idle)])
        let fired = compare(
            Jukebox.table, twin, from: Jukebox.table.initialState(context: .init()), events: HierarchyDifferentialTests.events,
            recording: recording, seed: seed
        ) { state, flag in
            state.context.loud = flag
            if state.context.log.count > 100 { state.context.log.removeAll() }
        }
        #expect(fired > 1_000)
    }

    @Test(arguments: [1, 2] as [UInt64], [StepRecording.all, []])
    func twoRegionsWithActionsStepAlike(seed: UInt64, recording: StepRecording) {
        for lightGuard in [false, true] {
            let table = lightGuard ? Field.guardedTable : Field.table
            let twin = TransitionTable<Field>(
                regions: [Field.input, Field.light], rows: Field.rows(lightGuard: lightGuard), stateActions: Field.actions,
                initials: [Initial(in: Field.input, of: .active, to: .typing)])
            let fired = compare(
                table, twin, from: table.initialState(context: .init()), events: [.type, .wait, .load, .cancel, .back, .toggle],
                recording: recording, seed: seed
            ) { state, flag in
                state.context.strict = flag
                if state.context.log.count > 100 { state.context.log.removeAll() }
            }
            #expect(fired > 1_000)
        }
    }
}
