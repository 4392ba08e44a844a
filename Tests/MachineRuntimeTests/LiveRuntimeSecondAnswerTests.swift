import MachineCore
import MachineTesting
import Testing

@testable import MachineRuntime

/// A second answer to one request. A `Perform` returns once, so a provider cannot answer twice
/// through the public API; the live runtime refuses a second answer all the same (it used to
/// come from performing a request twice), and this checks it through the internal entry point
/// that every provider's answer goes through.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeSecondAnswerTests {
    @Test @MainActor func aSecondAnswerIsRefusedReportedAndChangesNothing() async throws {
        let clock = ManualClock()
        let log = StepLog()
        let performs = PerformLog()
        var errors: [RuntimeError] = []
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: AskerProviders.answering(performs), onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        runtime.onError = { errors.append($0) }
        try runtime.send(.ask("q"))
        await log.waitFor(2)
        let state = runtime.state

        clock.advance(by: .milliseconds(5))
        runtime.deliver(.reply("again"), toRequest: 1)
        runtime.deliver(.say("again, and wrong"), toRequest: 1)
        await settle()
        #expect(errors == [.alreadyAnswered("lookup#1"), .wrongAnswer(kind: "lookup", event: "say")])
        #expect(runtime.state == state)
        #expect(log.steps.count == 2)
        #expect(performs.counts == ["q": 1])
    }

    @Test @MainActor func aSecondAnswerToADroppedRequestIsRefusedToo() async throws {
        let clock = ManualClock()
        let log = StepLog()
        var errors: [RuntimeError] = []
        let runtime = LiveRuntime(
            table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
            provider: { request in .reply("live \(request.question)") }, onOutput: { _ in })
        runtime.onStep = { log.record($0) }
        runtime.onError = { errors.append($0) }
        try runtime.send(.ask("old"))
        try runtime.send(.ask("new"))
        await log.waitFor(4)
        runtime.deliver(.reply("old, again"), toRequest: 1)
        #expect(errors == [.alreadyAnswered("lookup#1")])
        #expect(log.steps.count == 4)
        #expect(runtime.state.context.log == ["live new"])
    }
}
