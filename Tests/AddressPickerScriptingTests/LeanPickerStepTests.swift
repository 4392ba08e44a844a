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
                case .drop, .eventless, .raised, .done, .start: continue
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
}
