import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The choices at the points where SCXML and XState disagree, each as a test (the MachineCore
/// article "Statechart semantics" lists them all; the others are in `StatechartSemanticsTests`).
@Suite struct StatechartDecisionTests {
    /// Point 3: two sibling states delay the same timer; leaving one for the other cancels the
    /// one instance running, then starts it again for the new state's delay.
    @Test func aTimerSharedBySiblingStatesIsCancelledThenStartedAgain() throws {
        enum Step: Int, ControlState { case first, second, third }
        let region = Region<Step>("step", index: 0, initial: .first)
        let table = TransitionTable<Beacon>(
            regions: [region],
            rows: [
                Row("next", in: region, from: [.first], on: .connect, to: .second),
                Row("firstLate", in: region, from: [.first], after: .seconds(1), timer: .retry, to: .third),
                Row("secondLate", in: region, from: [.second], after: .seconds(2), timer: .retry, to: .third),
            ])
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        #expect(try runtime.send(.connect).flatMap(\.commands) == [.cancelTimer(.retry), .startTimer(.retry, .seconds(2))])
        #expect(try runtime.advance(by: .seconds(1)).isEmpty, "the first state's delay is gone")
        _ = try runtime.advance(by: .seconds(1))
        #expect(runtime.state[region] == .third)
    }

    /// Point 6: once a top-level final state ends the machine, the events still queued are taken
    /// and ignored, as every event after the end is: the transcript shows them.
    @Test func eventsQueuedWhenTheMachineEndsAreIgnored() throws {
        enum Phase: Int, ControlState { case running, over }
        let region = Region<Phase>("phase", index: 0, initial: .running, final: [.over])
        let table = TransitionTable<Beacon>(
            regions: [region],
            rows: [
                Row("end", in: region, from: [.running], on: .shutdown, to: .over) { _, _, outbox in
                    outbox.raise(.flushed)
                },
                Row("flushed", in: region, from: .any, on: .flushed),
            ])
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        let steps = try runtime.send(.shutdown)
        #expect(steps.count == 2)
        #expect(steps.last?.isMicrostep == true)
        #expect(steps.last?.result?.ignored == .finished(region: 0, state: Phase.over.rawValue))
    }

    /// Point 7: stopping a live runtime from outside runs no exit action and no cancellation the
    /// machine would emit: its state stays as it was, and its timers simply never fire.
    @Test @MainActor func stoppingALiveRuntimeRunsNoExitActions() async throws {
        let clock = ManualClock()
        let live = LiveRuntime(
            runtime: try StatechartSemanticsTests.online(), clock: clock, provider: { _ in .ack }, onOutput: { _ in })
        var steps: [RuntimeStep<Beacon>] = []
        live.onStep = { steps.append($0) }
        let before = live.state
        live.stop()
        clock.advance(by: .seconds(60))
        for _ in 0..<50 { await Task.yield() }
        #expect(steps.isEmpty)
        #expect(live.state.work == before.work, "the heartbeat is still recorded as running: nothing exited")
    }
}
