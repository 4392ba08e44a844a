import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The inputs a live runtime reports through `onInput`: whole milliseconds, in the order
/// applied, answers with a number only when their request was abandoned, and exactly what a
/// deterministic runtime needs to take the same steps.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeInputTests {
    @MainActor
    final class Harness {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        var inputs: [Input<Asker>] = []
        let runtime: LiveRuntime<Asker, ManualClock>

        init(provider: (PerformLog) -> LiveRuntime<Asker, ManualClock>.Provider) {
            runtime = LiveRuntime(
                table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
                provider: provider(performs), onOutput: { _ in })
            runtime.onStep = { [log] in log.record($0) }
            runtime.onInput = { [unowned self] in inputs.append($0) }
        }

        /// The steps a deterministic runtime takes from the same state with the inputs reported.
        func replayed() throws -> [RuntimeStep<Asker>] {
            var replay = Asker.runtime()
            var steps: [RuntimeStep<Asker>] = []
            for input in inputs { steps += try replay.apply(input) }
            return steps
        }
    }

    static func summary(_ step: RuntimeStep<Asker>) -> String {
        "\(step.time) \(step.label) -> \(step.after[Asker.line]) \(step.after.context.log)"
    }

    @Test @MainActor func anInputCatchesUpToTheElapsedTimeRoundedDown() async throws {
        let harness = Harness { _ in { request in .reply("live \(request.question)") } }
        harness.clock.advance(by: .microseconds(1_700))
        try harness.runtime.send(.say("one"))
        harness.clock.advance(by: .microseconds(999))
        try harness.runtime.send(.say("two"))
        #expect(
            harness.inputs == [.advance(.milliseconds(1)), .send(.say("one")), .advance(.milliseconds(1)), .send(.say("two"))])
        #expect(harness.log.steps.map(\.time) == [.milliseconds(1), .milliseconds(2)])
        #expect(try harness.replayed().map(Self.summary) == harness.log.steps.map(Self.summary))
    }

    /// A deadline between two milliseconds: the runtime wakes at the next whole millisecond, and
    /// the timer fires at its own deadline, as it does in a script.
    @Test @MainActor func aWakeUpFiresItsTimerAtTheDeadlineRoundedUp() async throws {
        let harness = Harness { _ in { request in .reply("live \(request.question)") } }
        try harness.runtime.send(.armFor(.a, .microseconds(2_500)))
        await settle()
        harness.clock.advance(by: .microseconds(2_600))
        await settle()
        #expect(harness.runtime.state.context.log.isEmpty, "asleep until 3ms")
        #expect(harness.clock.sleeperCount == 1)
        harness.clock.advance(by: .microseconds(400))
        await harness.log.waitFor(2)
        #expect(harness.inputs == [.send(.armFor(.a, .microseconds(2_500))), .advance(.milliseconds(3))])
        #expect(harness.log.steps.map(\.time) == [.zero, .microseconds(2_500)])
        await settle()
        #expect(harness.clock.sleeperCount == 0)
        #expect(try harness.replayed().map(Self.summary) == harness.log.steps.map(Self.summary))
    }

    /// A timer started for zero falls due at once: the runtime advances by zero to fire it, once.
    @Test @MainActor func aTimerOfNoDurationFiresWithAnAdvanceOfZeroAndNeverSpins() async throws {
        let harness = Harness { _ in { request in .reply("live \(request.question)") } }
        try harness.runtime.send(.armFor(.b, .zero))
        await harness.log.waitFor(2)
        await settle()
        #expect(harness.inputs == [.send(.armFor(.b, .zero)), .advance(.zero)])
        #expect(harness.runtime.state.context.log == ["B"])
        #expect(harness.clock.sleeperCount == 0)
        #expect(try harness.replayed().map(Self.summary) == harness.log.steps.map(Self.summary))
    }

    /// A timer due at the very millisecond of an input fires first, in the live run and in the
    /// replay alike.
    @Test @MainActor func aTimerDueAtAnInputsMillisecondFiresBeforeIt() async throws {
        let harness = Harness { _ in { request in .reply("live \(request.question)") } }
        try harness.runtime.send(.arm(.a, milliseconds: 5))
        harness.clock.advance(by: .microseconds(5_300))
        try harness.runtime.send(.say("now"))
        #expect(
            harness.log.steps.map(\.label) == [
                "arm(MachineRuntimeTests.Asker.Timer.a, milliseconds: 5)", "timer a", #"say("now")"#,
            ])
        #expect(harness.inputs == [.send(.arm(.a, milliseconds: 5)), .advance(.milliseconds(5)), .send(.say("now"))])
        #expect(try harness.replayed().map(Self.summary) == harness.log.steps.map(Self.summary))
    }

    /// The answer to the request in flight has no number; a superseded request's answer has
    /// its number (and is dropped); a wrong-kind answer is refused and not reported.
    @Test @MainActor func answersAreReportedByTheRequestTheyAnswer() async throws {
        let gate = ProviderGate()
        let harness = Harness { performs in
            { @MainActor request in
                performs.record(request)
                await gate.pass(request.question)
                return request.question == "wrong" ? .say("wrong") : .reply("live \(request.question)")
            }
        }
        try harness.runtime.send(.ask("old"))
        try harness.runtime.send(.ask("new"))
        await harness.log.wait(until: "the drop of lookup#1") { $0.contains { if case .drop = $0.cause { true } else { false } } }
        harness.clock.advance(by: .milliseconds(7))
        gate.open("new")
        await harness.log.waitFor(4)
        try harness.runtime.send(.ask("wrong"))
        gate.open("wrong")
        await settle()
        #expect(
            harness.inputs == [
                .send(.ask("old")), .send(.ask("new")), .respond(.lookup, ordinal: 1, .reply("live old")),
                .advance(.milliseconds(7)), .respond(.lookup, ordinal: nil, .reply("live new")), .send(.ask("wrong")),
            ])
        #expect(harness.runtime.runtime.pendingRequests.map(\.reference.description) == ["lookup#3"])
        #expect(try harness.replayed().map(Self.summary) == harness.log.steps.map(Self.summary))
    }

    /// Releasing a live runtime cancels its providers' tasks and its wake-up.
    @Test @MainActor func releasingTheRuntimeCancelsItsTasks() async throws {
        let clock = ManualClock()
        let gate = ProviderGate()
        let performs = PerformLog()
        var runtime: LiveRuntime<Asker, ManualClock>? = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: AskerProviders.gated(gate, performs), onOutput: { _ in })
        try runtime?.send(.ask("q"))
        try runtime?.send(.arm(.a, milliseconds: 100))
        await settle()
        #expect(gate.isHolding("q"))
        #expect(clock.sleeperCount == 1)
        weak let released = runtime
        runtime = nil
        #expect(released == nil)
        await settle()
        #expect(!gate.isHolding("q"), "the provider's task was cancelled")
        #expect(clock.sleeperCount == 0, "the wake-up was cancelled")
        #expect(performs.total == 1)
    }
}
