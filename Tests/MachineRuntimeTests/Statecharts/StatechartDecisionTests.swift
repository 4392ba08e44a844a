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

    /// Point 6: once a top-level final state ends the machine, the macrostep stops: the events
    /// still queued are never taken (SCXML's `mainEventLoop` leaves its loop once not running).
    @Test func eventsQueuedWhenTheMachineEndsAreNeverTaken() throws {
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
        #expect(steps.count == 1)
        #expect(steps[0].raisedEvents == [.flushed])
        #expect(table.finalState(of: runtime.state.controls) != nil)
    }

    /// A beacon asks no provider and tells the host nothing: there is never a value to take.
    @Sendable static func perform(_ request: NoRequest) async -> Beacon.Event {}
    static func show(_ output: NoOutput) {}

    /// Point 7: stopping a live runtime from outside runs no exit action and no cancellation the
    /// machine would emit: its state stays as it was, and its timers simply never fire.
    @Test @MainActor func stoppingALiveRuntimeRunsNoExitActions() async throws {
        let clock = ManualClock()
        let live = LiveRuntime(
            runtime: try StatechartSemanticsTests.online(), clock: clock, provider: Self.perform, onOutput: Self.show)
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

/// The rules where delays meet history and region order.
@Suite struct StatechartInteractionTests {
    /// A state re-entered by history is entered again: its delays start over from their full
    /// duration; the time spent in it before is not resumed.
    @Test func aStateReEnteredByHistoryStartsItsDelaysOver() throws {
        enum Mode: Int, ControlState { case off, busy, working, resting }
        let region = Region<Mode>("mode", index: 0, initial: .off, children: [.busy: [.working, .resting]])
        let table = TransitionTable<Beacon>(
            regions: [region],
            rows: [
                Row("start", in: region, from: [.off], on: .connect, to: .busy, history: .deep),
                Row("pause", in: region, from: [.busy], on: .drop, to: .off),
                Row("rest", in: region, from: [.working], after: .seconds(5), timer: .retry, to: .resting),
            ])
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        _ = try runtime.send(.connect)
        _ = try runtime.advance(by: .seconds(3))
        #expect(try runtime.send(.drop).flatMap(\.commands) == [.cancelTimer(.retry)])
        let resumed = try runtime.send(.connect)
        #expect(resumed.flatMap(\.commands) == [.startTimer(.retry, .seconds(5))])
        #expect(try runtime.advance(by: .seconds(4)).isEmpty, "not the 2 s that were left")
        _ = try runtime.advance(by: .seconds(1))
        #expect(runtime.state[region] == .resting)
    }

    /// Every guard of a step sees the state before it, but actions run in region order, each
    /// seeing the context the previous region's action left: a region whose action reads what
    /// another's writes comes after it in the table.
    @Test func actionsOfOneStepRunInRegionOrderAndSeeEachOthersChanges() throws {
        enum Side: Int, ControlState { case idle }
        func log(writerFirst: Bool) throws -> [String] {
            let writer = Region<Side>("writer", index: writerFirst ? 0 : 1, initial: .idle)
            let reader = Region<Side>("reader", index: writerFirst ? 1 : 0, initial: .idle)
            let rows: [Row<Beacon>] = [
                Row("write", in: writer, from: [.idle], on: .enqueue) { context, _, _ in context.queued = 1 },
                Row("read", in: reader, from: [.idle], on: .enqueue) { context, _, _ in
                    context.log.append("read \(context.queued)")
                },
            ]
            let table = TransitionTable<Beacon>(regions: writerFirst ? [writer, reader] : [reader, writer], rows: rows)
            var runtime = Runtime(table: table, state: table.initialState(context: .init()))
            _ = try runtime.send(.enqueue)
            return runtime.state.context.log
        }
        #expect(try log(writerFirst: true) == ["read 1"])
        #expect(try log(writerFirst: false) == ["read 0"])
    }

    /// Point 4: eventless rows are looked at after every step, one that fired nothing included
    /// (SCXML's `mainEventLoop` looks for them before every event): an eventless guard that reads
    /// the event sees the ignored one. (XState looks only after a step that changed something.)
    @Test func eventlessRowsAreLookedAtAfterAStepThatFiredNothing() throws {
        enum Gate: Int, ControlState { case shut, open }
        let region = Region<Gate>("gate", index: 0, initial: .shut)
        let dropped = Guard<Beacon>("dropped") { _, event in event == .drop }
        let table = TransitionTable<Beacon>(
            regions: [region], rows: [Row("open", in: region, from: [.shut], always: dropped, to: .open)])
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        let steps = try runtime.send(.drop)
        #expect(steps.map(\.isMicrostep) == [false, true])
        #expect(steps.first?.result?.ignored == .noRow)
        #expect(runtime.state[region] == .open)
    }

    /// Point 6: the end of the machine runs the exit action of every state still active, in
    /// reverse document order, the final state's own too (SCXML's `exitInterpreter`, as XState
    /// does); the configuration stays as it ended, so that the finished machine shows where.
    @Test func theEndRunsTheExitActionsOfEveryActiveState() throws {
        enum Job: Int, ControlState { case working, over }
        enum Lamp: Int, ControlState { case lit }
        let job = Region<Job>("job", index: 0, initial: .working, final: [.over])
        let lamp = Region<Lamp>("lamp", index: 1, initial: .lit)
        func logs(_ line: String) -> Action<Beacon> { { context, _, _ in context.log.append(line) } }
        let table = TransitionTable<Beacon>(
            regions: [job, lamp], rows: [Row("finish", in: job, from: [.working], on: .shutdown, to: .over, action: logs("t"))],
            stateActions: [
                StateActions(in: job, .working, exit: logs("exit:working")),
                StateActions(in: job, .over, entry: logs("enter:over"), exit: logs("exit:over")),
                StateActions(in: lamp, .lit, exit: logs("exit:lit")),
            ])
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        _ = try runtime.send(.shutdown)
        #expect(runtime.state.context.log == ["exit:working", "t", "enter:over", "exit:lit", "exit:over"])
        #expect(runtime.isFinished && runtime.state[job] == .over && runtime.state[lamp] == .lit)
        #expect(try runtime.send(.connect).first?.result?.ignored == .finished(region: 0, state: Job.over.rawValue))
    }
}
