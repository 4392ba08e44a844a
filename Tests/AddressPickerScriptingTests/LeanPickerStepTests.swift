import AddressPicker
import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

/// A host that only performs the commands steps the picker with `StepResult(recording: [])`,
/// which takes the table's short path for every event, timers' firings and answers included
/// (the picker has final states and a nested region, so every event is routed). It must take
/// exactly the step a recording result takes: over random exploration, each step of the runtime
/// (which records everything) is taken again from its `before` state with a lean result.
@Suite struct LeanPickerStepTests {
    @Test(arguments: [AddressPicker.Configuration(), .samplePolicies])
    func aLeanStepIsTheRecordedStep(configuration: AddressPicker.Configuration) throws {
        let explorer = AddressPicker.explorer(configuration: configuration)
        let table = explorer.table
        var random = SplitMix64(seed: 19)
        var runtime = Runtime(table: table, state: explorer.initial)
        var lean = StepResult<AddressPicker>(recording: [])
        var episodeMoves = 0
        var compared = (timers: 0, answers: 0, events: 0)
        for move in 0..<20_000 {
            if episodeMoves >= explorer.maximumEpisodeLength || table.finalState(of: runtime.state.controls) != nil {
                runtime = Runtime(table: table, state: explorer.initial)
                episodeMoves = 0
            }
            episodeMoves += 1
            for step in try runtime.apply(explorer.nextMove(in: runtime, using: &random)) {
                let event: AddressPicker.Event
                switch step.cause {
                case .event(let sent): event = sent; compared.events += 1
                case .timer(let timer): event = AddressPicker.event(firing: timer); compared.timers += 1
                case .answer(_, let answer): event = answer; compared.answers += 1
                case .drop, .eventless, .raised, .done, .start, .sent, .delay: continue
                }
                var state = step.before
                table.step(&state, event, into: &lean)
                guard let recorded = step.result, state == step.after, lean.firedRows == recorded.firedRows,
                    lean.commands == recorded.commands, lean.ignored == recorded.ignored
                else {
                    Issue.record("move \(move): \(step.cause) steps differently with a lean result")
                    return
                }
            }
        }
        #expect(compared.timers > 400 && compared.answers > 1_000 && compared.events > 5_000, "\(compared)")
    }

    /// The statechart step (SCXML's microstep on the table's tree) takes the planned step's
    /// steps on the picker: its twin declares `search.active`'s initial transition as the default
    /// one, which makes every step of it the statechart step, and random runtimes of both take
    /// the same steps.
    @Test func theStatechartStepIsThePlannedStep() throws {
        let explorer = AddressPicker.explorer(configuration: .samplePolicies)
        let table = explorer.table
        let twin = TransitionTable<AddressPicker>(
            regions: [AddressPicker.picker, AddressPicker.location, AddressPicker.map, AddressPicker.search, AddressPicker.poi],
            rows: table.rows, initials: [Initial(in: AddressPicker.search, of: .active, to: .editing)])
        var random = SplitMix64(seed: 23)
        var planned = Runtime(table: table, state: explorer.initial)
        var charted = Runtime(table: twin, state: explorer.initial)
        var fired = 0
        for move in 0..<20_000 {
            if move % 60 == 0 || table.finalState(of: planned.state.controls) != nil {
                planned = Runtime(table: table, state: explorer.initial)
                charted = Runtime(table: twin, state: explorer.initial)
            }
            let input = explorer.nextMove(in: planned, using: &random)
            let plannedSteps = try planned.apply(input)
            let chartedSteps = try charted.apply(input)
            fired += plannedSteps.reduce(0) { $0 + ($1.result?.firedRows.count ?? 0) }
            let same =
                plannedSteps.count == chartedSteps.count
                && zip(plannedSteps, chartedSteps).allSatisfy { planned, charted in
                    planned.after == charted.after && planned.commands == charted.commands
                        && planned.result?.firedRows == charted.result?.firedRows
                        && planned.result?.stateChanges == charted.result?.stateChanges
                        && planned.result?.ignored == charted.result?.ignored
                }
            guard same else {
                Issue.record(
                    "move \(move): \(input) steps differently: \(plannedSteps.map(\.commands)) vs \(chartedSteps.map(\.commands))"
                )
                return
            }
        }
        #expect(fired > 6_000)
    }
}
