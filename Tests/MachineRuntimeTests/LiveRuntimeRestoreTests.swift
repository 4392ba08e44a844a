import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// A live runtime that takes over a `Runtime` value (as restored from a saved state): it carries
/// on from its virtual time, performs again the requests in flight, and schedules its timers.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeRestoreTests {
    /// A runtime 100 ms in, with a lookup in flight, one superseded (and unanswered), and timer
    /// `a` due at 300 ms.
    static func runtimeInProgress() throws -> Runtime<Asker> {
        var runtime = Asker.runtime()
        _ = try runtime.send(.ask("superseded"))
        _ = try runtime.send(.ask("in flight"))
        _ = try runtime.send(.arm(.a, milliseconds: 300))
        _ = try runtime.advance(by: .milliseconds(100))
        return runtime
    }

    @Test @MainActor func theRequestsInFlightArePerformedAgainAndAnsweredAsTheirOwn() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(42))
        let log = StepLog()
        let performs = PerformLog()
        let gate = ProviderGate()
        let runtime = LiveRuntime(
            runtime: try Self.runtimeInProgress(), clock: clock,
            provider: AskerProviders.gated(gate, performs), onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        await settle()
        #expect(performs.questions == ["in flight"], "only the request in flight, once")
        #expect(runtime.runtime.now == .milliseconds(100))

        clock.advance(by: .milliseconds(20))
        gate.open("in flight")
        await log.waitFor(1)
        #expect(log.answers.map(\.time) == [.milliseconds(120)])
        #expect(log.answers.map(\.label) == [#"answer lookup#2 reply("live in flight")"#])
        #expect(runtime.state.context.log == ["live in flight"])
        #expect(runtime.state[Asker.line] == .idle)
        await settle()
        #expect(performs.total == 1)
        runtime.stop()
    }

    @Test @MainActor func theTimersFallDueAgainstTheNewClock() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(7))
        let log = StepLog()
        let runtime = LiveRuntime(
            runtime: try Self.runtimeInProgress(), clock: clock,
            provider: { request in .reply("live \(request.question)") }, onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        await log.waitFor(1)
        #expect(log.steps.map(\.label) == [#"answer lookup#2 reply("live in flight")"#])
        clock.advance(by: .milliseconds(199))
        await settle()
        #expect(log.steps.count == 1, "timer a is due 200 ms after the takeover")
        clock.advance(by: .milliseconds(1))
        await log.waitFor(2)
        #expect(log.steps.last?.label == "timer a")
        #expect(log.steps.last?.time == .milliseconds(300))
        #expect(runtime.state.context.log == ["live in flight", "A"])
        runtime.stop()
    }
}
