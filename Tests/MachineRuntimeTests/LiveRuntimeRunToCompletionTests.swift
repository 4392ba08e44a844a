import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// Run-to-completion and stopping: the live runtime handles one input at a time to the end, an
/// input sent from a callback waits for the one being handled, and a stop ends everything at
/// once, including the performing of requests the last step made.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeRunToCompletionTests {
    typealias Live = LiveRuntime<Asker, ManualClock>

    @MainActor
    static func live(clock: ManualClock = ManualClock(), provider: @escaping Live.Provider) -> Live {
        LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock, provider: provider,
            onOutput: { _ in })
    }

    /// A short real-time pause, for the request tasks a stop should have cancelled to show
    /// themselves if they were not.
    static func pause() async throws { try await ContinuousClock().sleep(for: .milliseconds(20)) }

    /// Defect: the request's task was already scheduled when `stop()` came, and called the
    /// provider anyway (200 of 200 trials).
    @Test @MainActor func aRequestMadeJustBeforeAStopNeverReachesItsProvider() async throws {
        let performs = PerformLog()
        let runtime = Self.live(provider: AskerProviders.answering(performs))
        try runtime.send(.ask("q"))
        runtime.stop()
        try await Self.pause()
        await settle()
        #expect(performs.total == 0)
    }

    /// Defect: releasing the runtime instead of stopping it let the provider be called too.
    @Test @MainActor func aRequestMadeJustBeforeTheRuntimeIsReleasedNeverReachesItsProvider() async throws {
        let performs = PerformLog()
        var runtime: Live? = Self.live(provider: AskerProviders.answering(performs))
        try runtime?.send(.ask("q"))
        runtime = nil
        try await Self.pause()
        await settle()
        #expect(performs.total == 0)
        #expect(runtime == nil)
    }

    /// Defect: behind a timeout or a retry, the provider was still called after the stop, in a
    /// cancelled task.
    @Test(arguments: ["timeout", "retry", "fallback"])
    @MainActor func behindAPolicyARequestMadeJustBeforeAStopNeverReachesItsProvider(policy: String) async throws {
        let calls = CallCounter()
        let clock = ManualClock()
        let timeout = Timeout(.seconds(5), clock: clock)
        let retry = RetryPolicy(attempts: 3, seed: 1, clock: clock)
        let provider: @Sendable () async throws -> Asker.Event = {
            await calls.increment()
            return .reply("live")
        }
        let runtime = Self.live(clock: clock) { _ in
            do {
                switch policy {
                case "timeout": return try await timeout.run(provider)
                case "retry": return try await retry.run(provider)
                default: return try await withFallback(provider, otherwise: provider)
                }
            } catch {
                return .failed("\(error)")
            }
        }
        try runtime.send(.ask("q"))
        runtime.stop()
        try await Self.pause()
        await settle()
        #expect(await calls.value == 0)
    }

    /// Defect: with `stop()` called from `onInput`, `onOutput` still received the step's outputs.
    @Test @MainActor func aStopFromOnInputSilencesTheStepsOfThatInput() throws {
        var outputs: [Asker.Output] = []
        var steps = 0
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: ManualClock(),
            provider: { _ in .reply("") }, onOutput: { outputs.append($0) })
        runtime.onStep = { _ in steps += 1 }
        runtime.onInput = { [unowned runtime] _ in runtime.stop() }
        try runtime.send(.say("hello"))
        #expect(outputs.isEmpty)
        #expect(steps == 0)
        #expect(runtime.isStopped)
    }

    /// Defect: `send()` from `onInput` reported the nested event's step before the step that
    /// caused it, so the live transcript differed from the replay.
    @Test @MainActor func aSendFromOnInputIsHandledAfterTheInputThatCausedIt() throws {
        var inputs: [String] = []
        var steps: [String] = []
        var outputs: [Asker.Output] = []
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: ManualClock(),
            provider: { _ in .reply("") }, onOutput: { outputs.append($0) })
        runtime.onStep = { steps.append($0.label) }
        runtime.onInput = { [unowned runtime] input in
            guard case .send(let event) = input else { return }
            inputs.append("\(event)")
            if event == .say("first") { try? runtime.send(.say("nested")) }
            // Not handled yet: it waits for the input being handled.
            #expect(steps.isEmpty || event != .say("first"))
        }
        try runtime.send(.say("first"))
        #expect(inputs == [#"say("first")"#, #"say("nested")"#])
        #expect(steps == [#"say("first")"#, #"say("nested")"#])
        #expect(outputs == [.said("first"), .said("nested")])
    }

    /// The inputs sent from callbacks are handled in the order they arrived, each after the
    /// whole of the one before (its outputs and steps reported first).
    @Test @MainActor func sendsFromCallbacksAreHandledInTheOrderTheyArrived() throws {
        var outputs: [Asker.Output] = []
        var runtime: Live?
        runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: ManualClock(),
            provider: { _ in .reply("") },
            onOutput: { output in
                outputs.append(output)
                if output == .said("a") {
                    try? runtime?.send(.say("b"))
                    try? runtime?.send(.say("c"))
                }
                if output == .said("b") { try? runtime?.send(.say("d")) }
            })
        try runtime?.send(.say("a"))
        #expect(outputs == [.said("a"), .said("b"), .said("c"), .said("d")])
        runtime = nil
    }

    /// A stop from a callback drops the inputs still waiting.
    @Test @MainActor func aStopFromACallbackDropsTheInputsWaiting() throws {
        var outputs: [Asker.Output] = []
        var runtime: Live?
        runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: ManualClock(),
            provider: { _ in .reply("") },
            onOutput: { output in
                outputs.append(output)
                if output == .said("a") {
                    try? runtime?.send(.say("b"))
                    runtime?.stop()
                }
            })
        try runtime?.send(.say("a"))
        #expect(outputs == [.said("a")])
        #expect(runtime?.state.context.log == [])
        runtime = nil
    }

    /// Defect: saving 900 ms into a one-second timer saved the time of the last input (0), so
    /// the restored timer took a whole second again.
    @Test @MainActor func aSaveRecordsTheMomentOfSavingAndTheTimeLeft() throws {
        let clock = ManualClock()
        var inputs: [Input<Asker>] = []
        let runtime = Self.live(clock: clock, provider: { _ in .reply("") })
        runtime.onInput = { inputs.append($0) }
        try runtime.send(.arm(.a, milliseconds: 1_000))
        clock.advance(by: .milliseconds(900))
        let saved = try runtime.savedState()
        #expect(saved.now == .milliseconds(900))
        #expect(saved.timers.map(\.deadline) == [.milliseconds(1_000)])
        // The catch-up is an input like any other: a recording of the session has it.
        #expect(inputs.last == .advance(.milliseconds(900)))

        var restored = try Runtime(restoring: saved, table: Asker.table)
        #expect(try restored.advance(by: .milliseconds(99)).isEmpty)
        #expect(try restored.advance(by: .milliseconds(1)).map(\.label) == ["timer a"])
    }

    /// Defect: `live.runtime.savedState` saved the time of the last input, so a restored timer
    /// waited its whole time again. The runtime a live runtime shows is at the present moment,
    /// no step taken, and never past a deadline that has not fired yet.
    @Test @MainActor func theRuntimeShownIsAtThePresentMomentWithNothingFired() throws {
        let clock = ManualClock()
        var inputs: [Input<Asker>] = []
        let live = Self.live(clock: clock, provider: { _ in .reply("") })
        live.onInput = { inputs.append($0) }
        try live.send(.arm(.a, milliseconds: 1_000))
        clock.advance(by: .milliseconds(900))
        #expect(live.runtime.now == .milliseconds(900))
        #expect(live.runtime.timers.map(\.deadline) == [.milliseconds(1_000)])
        #expect(inputs.count == 1, "reading the runtime takes no step")
        var restored = try Runtime(restoring: live.runtime.savedState, table: Asker.table)
        #expect(try restored.advance(by: .milliseconds(99)).isEmpty)
        #expect(try restored.advance(by: .milliseconds(1)).map(\.label) == ["timer a"])

        clock.advance(by: .milliseconds(500))
        #expect(live.runtime.now == .milliseconds(1_000), "as far as the deadline not fired yet")
        #expect(live.runtime.state.context.log.isEmpty)
    }

    /// Saving first fires the timers due by the moment of saving.
    @Test @MainActor func aSaveFiresTheTimersDueFirst() throws {
        let clock = ManualClock()
        let runtime = Self.live(clock: clock, provider: { _ in .reply("") })
        try runtime.send(.arm(.a, milliseconds: 300))
        clock.advance(by: .milliseconds(450))
        let saved = try runtime.savedState()
        #expect(saved.now == .milliseconds(450))
        #expect(saved.timers.isEmpty)
        #expect(saved.context.log == ["A"])
    }

    @Test @MainActor func aStoppedRuntimeRefusesToSave() throws {
        let runtime = Self.live(provider: { _ in .reply("") })
        runtime.stop()
        #expect(throws: RuntimeError.stopped) { try runtime.savedState() }
    }
}
