import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The live runtime on a clock that runs past the virtual clock's range: it stops, it neither
/// traps nor loops.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeLimitsTests {
    @Test @MainActor func aSendAfterTheClockRanPastTheRangeThrowsAndStops() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: { request in .reply("live \(request.question)") }, onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        try runtime.send(.arm(.a, milliseconds: 10))
        // A whole number of milliseconds past the range: the runtime catches up in whole
        // milliseconds, so this is the advance it refuses.
        let past = Duration.seconds(4_611_686_020)
        #expect(past > Runtime<Asker>.latestTime)
        clock.advance(by: past)
        #expect(throws: RuntimeError.clockOverflow(now: .zero, advance: past)) { try runtime.send(.say("late")) }
        await settle()
        #expect(log.steps.count == 1)
        #expect(throws: RuntimeError.stopped) { try runtime.send(.say("later")) }
        #expect(log.steps.count == 1)
    }

    @Test @MainActor func aClockPastTheRangeWhileATimerSleepsStopsTheRuntime() async throws {
        let clock = ManualClock()
        let log = StepLog()
        var errors: [RuntimeError] = []
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: { request in .reply("live \(request.question)") }, onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        runtime.onError = { errors.append($0) }
        try runtime.send(.arm(.a, milliseconds: 10))
        await settle()
        let past = Duration.seconds(4_611_686_020)
        clock.advance(by: past)
        await settle()
        #expect(errors == [.clockOverflow(now: .zero, advance: past)])
        #expect(runtime.isStopped)
        #expect(log.steps.count == 1)
        #expect(runtime.state.context.log.isEmpty)
    }

    /// A timer that never fires is not slept for: the runtime does not wake at the end of time.
    @Test @MainActor func aTimerThatNeverFiresIsNotSleptFor() async throws {
        let clock = ManualClock()
        let log = StepLog()
        var errors: [RuntimeError] = []
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: { request in .reply("live \(request.question)") }, onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        runtime.onError = { errors.append($0) }
        try runtime.send(.armFor(.a, .seconds(Int64.max)))
        await settle()
        #expect(clock.sleeperCount == 0)
        clock.advance(by: Runtime<Asker>.latestTime)
        await settle()
        #expect(clock.sleeperCount == 0)
        #expect(log.steps.count == 1)
        #expect(errors.isEmpty)
        #expect(!runtime.isStopped)
        #expect(runtime.runtime.timers.map(\.canFire) == [false])
        runtime.stop()
    }
}
