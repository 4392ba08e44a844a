import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The live runtime on an injected clock: time moves only when the test advances it, and the
/// test waits for the steps it expects (never longer than a deadline) instead of sleeping.
/// Providers run on the main actor, so ``settle()`` lets them finish without real time.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeTests {
    /// The step log, now shared with the real-clock tests (kept here under its old name).
    typealias StepLog = MachineRuntimeTests.StepLog

    @MainActor
    func makeRuntime(
        clock: ManualClock, log: StepLog, provider: LiveRuntime<Asker, ManualClock>.Provider? = nil,
        outputs: @escaping (Asker.Output) -> Void = { _ in }
    ) -> LiveRuntime<Asker, ManualClock> {
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: provider ?? { request in .reply("live \(request.question)") },
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
        await settle()
        #expect(runtime.state.context.log.isEmpty)
        clock.advance(by: .milliseconds(1))
        await log.waitFor(2)
        #expect(runtime.state.context.log == ["A"])
        #expect(log.steps.last?.time == .milliseconds(300))
    }

    @Test @MainActor func requestsArePerformedAndAnswered() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let runtime = makeRuntime(clock: clock, log: log, provider: AskerProviders.answering(performs))
        try runtime.send(.ask("q"))
        await log.waitFor(2)
        #expect(runtime.state.context.log == ["live q"])
        #expect(runtime.runtime.pendingRequests.isEmpty)
        #expect(performs.counts == ["q": 1])
    }

    @Test @MainActor func outputsReachTheHost() throws {
        let clock = ManualClock()
        var outputs: [Asker.Output] = []
        let runtime = makeRuntime(clock: clock, log: StepLog(), outputs: { outputs.append($0) })
        try runtime.send(.say("hi"))
        #expect(outputs == [.said("hi")])
    }

    @Test @MainActor func aSupersededAnswerIsDropped() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let runtime = makeRuntime(clock: clock, log: log, provider: AskerProviders.answering(performs))
        try runtime.send(.ask("old"))
        try runtime.send(.ask("new"))
        // Two sends, then one answer delivered and one dropped, in either order.
        await log.waitFor(4)
        #expect(runtime.state.context.log == ["live new"])
        #expect(log.drops.count == 1)
        await settle()
        #expect(performs.counts == ["old": 1, "new": 1])
        #expect(log.steps.count == 4)
    }

    /// Defect: the answer's delivery caught the clock up first, saw the request still unanswered
    /// and without a task, and performed it again.
    @Test @MainActor func aRequestIsPerformedOnceWhenTimePassesBeforeItsAnswer() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let gate = ProviderGate()
        let runtime = makeRuntime(clock: clock, log: log, provider: AskerProviders.gated(gate, performs))
        try runtime.send(.ask("q"))
        await settle()
        clock.advance(by: .milliseconds(10))
        gate.open("q")
        await log.waitFor(2)
        await settle()
        #expect(performs.counts == ["q": 1])
        #expect(log.answers.map(\.time) == [.milliseconds(10)])
        #expect(runtime.state.context.log == ["live q"])
    }

    /// Defect: an answer of the wrong kind was swallowed and the request performed again on the
    /// next input (and, on a real clock, in a tight loop).
    @Test @MainActor func aWrongKindAnswerIsNeitherAppliedNorPerformedAgain() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let runtime = makeRuntime(clock: clock, log: log, provider: AskerProviders.answering(.say("wrong"), performs))
        var errors: [RuntimeError] = []
        runtime.onError = { errors.append($0) }
        try runtime.send(.ask("q"))
        await settle()
        clock.advance(by: .milliseconds(5))
        try runtime.send(.say("later"))
        await settle()
        #expect(performs.counts == ["q": 1])
        #expect(log.steps.count == 2)
        #expect(runtime.state[Asker.line] == .waiting)
        #expect(runtime.runtime.pendingRequests.map(\.reference.description) == ["lookup#1"])
        #expect(errors == [.wrongAnswer(kind: "lookup", event: "say")])
    }

    /// Defect: after `stop()`, an answer still arriving was applied.
    @Test @MainActor func aStoppedRuntimeChangesNothing() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let gate = ProviderGate()
        var outputs: [Asker.Output] = []
        let runtime = makeRuntime(
            clock: clock, log: log, provider: AskerProviders.gated(gate, performs),
            outputs: { outputs.append($0) })
        try runtime.send(.ask("q"))
        try runtime.send(.arm(.a, milliseconds: 10))
        await settle()
        let before = runtime.state
        runtime.stop()
        gate.open("q")
        clock.advance(by: .milliseconds(20))
        await settle()
        #expect(log.steps.count == 2)
        #expect(runtime.state == before)
        #expect(performs.total == 1)
        #expect(outputs.isEmpty)
        #expect(runtime.isStopped)
        #expect(throws: RuntimeError.stopped) { try runtime.send(.say("after")) }
        await settle()
        #expect(log.steps.count == 2)
        #expect(runtime.state == before)
        #expect(outputs.isEmpty)
    }

    @Test @MainActor func aProviderThatNeverAnswersLeavesItsRequestPending() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let gate = ProviderGate()
        let runtime = makeRuntime(clock: clock, log: log, provider: AskerProviders.gated(gate, performs))
        try runtime.send(.ask("never"))
        for _ in 0..<5 {
            clock.advance(by: .milliseconds(100))
            try runtime.send(.say("tick"))
            await settle()
        }
        #expect(performs.counts == ["never": 1])
        #expect(runtime.runtime.pendingRequests.map(\.reference.description) == ["lookup#1"])
        #expect(gate.isHolding("never"))

        // Superseding it cancels its task: the provider returns early, and that answer is dropped.
        try runtime.send(.ask("next"))
        await log.wait(until: "the drop of lookup#1") { steps in
            steps.contains { if case .drop = $0.cause { true } else { false } }
        }
        #expect(log.drops.first?.time == .milliseconds(500))
        #expect(runtime.state[Asker.line] == .waiting)
        gate.open("next")
        await log.wait(until: "the answer to lookup#2") { steps in
            steps.contains { if case .answer = $0.cause { true } else { false } }
        }
        #expect(runtime.state.context.log == ["live next"])
        #expect(performs.counts == ["never": 1, "next": 1])
    }

    @Test @MainActor func aFailingProviderAnswersOnce() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        let runtime = makeRuntime(clock: clock, log: log, provider: AskerProviders.answering(.failed("offline"), performs))
        try runtime.send(.ask("q"))
        await log.waitFor(2)
        clock.advance(by: .milliseconds(5))
        try runtime.send(.say("later"))
        await settle()
        #expect(runtime.state.context.log == ["failed: offline"])
        #expect(performs.counts == ["q": 1])
    }

    /// A host that sends an event from `onOutput` sees the steps in the order they were taken.
    @Test @MainActor func aReentrantSendIsReportedAfterTheStepThatCausedIt() throws {
        let clock = ManualClock()
        let log = StepLog()
        var outputs: [Asker.Output] = []
        var runtime: LiveRuntime<Asker, ManualClock>?
        runtime = makeRuntime(
            clock: clock, log: log,
            outputs: { output in
                outputs.append(output)
                if output == .said("first") { try? runtime?.send(.say("echo")) }
            })
        try runtime?.send(.say("first"))
        #expect(outputs == [.said("first"), .said("echo")])
        #expect(log.steps.map(\.label) == [#"say("first")"#, #"say("echo")"#])
        runtime = nil
    }

    /// A host that stops the runtime from `onOutput` hears nothing more from it.
    @Test @MainActor func aStopFromACallbackSilencesTheRestAtOnce() throws {
        let clock = ManualClock()
        let log = StepLog()
        var outputs: [Asker.Output] = []
        var runtime: LiveRuntime<Asker, ManualClock>?
        runtime = makeRuntime(
            clock: clock, log: log,
            outputs: { output in
                outputs.append(output)
                if output == .said("first") {
                    try? runtime?.send(.say("second"))
                    runtime?.stop()
                }
            })
        try runtime?.send(.say("first"))
        #expect(outputs == [.said("first")])
        #expect(log.steps.isEmpty)
        #expect(throws: RuntimeError.stopped) { try runtime?.send(.say("third")) }
        runtime = nil
    }
}
