import MachineCore
import MachineRuntime
import Testing

/// The live runtime on an injected clock: time moves only when the test advances it, and the
/// test waits for the steps it expects (never longer than a deadline) instead of sleeping.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeTests {
    /// The step log, now shared with the other live-runtime tests (kept here under its old name).
    typealias StepLog = MachineRuntimeTests.StepLog

    @MainActor
    func makeRuntime(clock: ManualClock, log: StepLog, outputs: @escaping (Asker.Output) -> Void = { _ in })
        -> LiveRuntime<Asker, ManualClock> {
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            perform: { request in
                switch request {
                case .lookup(let question): .reply("live \(question)")
                }
            },
            onOutput: outputs)
        runtime.onStep = { log.record($0) }
        return runtime
    }

    @Test @MainActor func timersFireWhenTheClockSaysSo() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let runtime = makeRuntime(clock: clock, log: log)
        try runtime.send(.arm(.a, milliseconds: 300))
        clock.advance(by: .milliseconds(299))
        #expect(runtime.state.context.log.isEmpty)
        clock.advance(by: .milliseconds(1))
        await log.waitFor(2)
        #expect(runtime.state.context.log == ["A"])
        #expect(log.steps[1].time == .milliseconds(300))
    }

    @Test @MainActor func requestsArePerformedAndAnswered() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let runtime = makeRuntime(clock: clock, log: log)
        try runtime.send(.ask("q"))
        await log.waitFor(2)
        #expect(runtime.state.context.log == ["live q"])
        #expect(runtime.runtime.pendingRequests.isEmpty)
    }

    @Test @MainActor func outputsReachTheHost() throws {
        let clock = ManualClock()
        var outputs: [Asker.Output] = []
        let runtime = makeRuntime(clock: clock, log: StepLog()) { outputs.append($0) }
        try runtime.send(.say("hi"))
        #expect(outputs == [.said("hi")])
    }

    @Test @MainActor func aSupersededAnswerIsDropped() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let runtime = makeRuntime(clock: clock, log: log)
        try runtime.send(.ask("old"))
        try runtime.send(.ask("new"))
        // Two sends, then one answer delivered and one dropped, in either order.
        await log.waitFor(4)
        #expect(runtime.state.context.log == ["live new"])
        let drops = log.steps.filter { if case .drop = $0.input { true } else { false } }
        #expect(drops.count == 1)
    }
}
