import MachineCore
import MachineRuntime
import Testing

/// The live runtime on the real `ContinuousClock`, with providers that answer late (seeded random
/// delays), with the wrong kind, with a failure, after the runtime stopped, or never.
///
/// These are the only tests that use real time. Each takes well under a second, and they assert
/// on counts and order, never on exact timings: on a loaded machine everything may come late,
/// but a timer never fires before its deadline and each request is performed exactly once.
@Suite(.timeLimit(.minutes(1))) struct LiveRuntimeRealClockTests {
    typealias Live = LiveRuntime<Asker, ContinuousClock>

    /// A live runtime on the real clock whose steps go to `log`, each with the real time elapsed
    /// when it was reported (measured from before the runtime started, so never too large).
    @MainActor
    final class Harness {
        let log = StepLog()
        let performs = PerformLog()
        var outputs: [Asker.Output] = []
        var elapsedAtStep: [Duration] = []
        var runtime: Live!

        init(provider: @escaping (PerformLog) -> Live.Provider) {
            let clock = ContinuousClock()
            let begun = clock.now
            runtime = LiveRuntime(
                table: Asker.table, state: Asker.table.initialState(context: .init()), clock: clock,
                provider: provider(performs), onOutput: { [unowned self] in outputs.append($0) })
            runtime.onStep = { [unowned self] step in
                elapsedAtStep.append(begun.duration(to: clock.now))
                log.record(step)
            }
        }

        /// Sleeps `duration` of real time.
        func pause(_ duration: Duration) async {
            try? await Task.sleep(for: duration)
        }
    }

    /// A provider that answers `reply("live <question>")` after its question's delay; like a real
    /// one it returns early when its task is cancelled (the request was superseded).
    static func delayed(_ delays: [String: Duration]) -> (PerformLog) -> Live.Provider {
        { performs in
            { request in
                await performs.record(request)
                try? await Task.sleep(for: delays[request.question] ?? .zero)
                return .reply("live \(request.question)")
            }
        }
    }

    @Test @MainActor func concurrentSendsAndLateAnswersArePerformedOnceAndReplayExactly() async throws {
        var random = SplitMix64(seed: 0x5EED)
        var delays: [String: Duration] = [:]
        var inputs: [Asker.Event] = []
        for index in 0..<60 {
            switch random.next() % 4 {
            case 0, 1:
                inputs.append(.ask("q\(index)"))
                delays["q\(index)"] = .milliseconds(Int(random.next() % 12))
            case 2:
                inputs.append(.arm(random.next() % 2 == 0 ? .a : .b, milliseconds: Int(1 + random.next() % 15)))
            default:
                inputs.append(.say("s\(index)"))
            }
        }
        let pauses = inputs.map { _ in Duration.milliseconds(Int(random.next() % 4)) }
        let asked = inputs.filter { if case .ask = $0 { true } else { false } }.count

        let harness = Harness(provider: Self.delayed(delays))
        let runtime = try #require(harness.runtime)
        for (input, pause) in zip(inputs, pauses) {
            try runtime.send(input)
            await harness.pause(pause)
        }
        // Every request is answered or dropped, and every timer has fired.
        await harness.log.wait(until: "\(asked) answers or drops and no timer running") { steps in
            steps.filter { step in
                switch step.cause {
                case .answer, .drop: true
                case .event, .timer, .eventless, .raised, .done, .start, .sent, .delay: false
                }
            }.count == asked && runtime.runtime.timers.isEmpty
        }
        let settled = (steps: harness.log.steps.count, performs: harness.performs.total)
        await harness.pause(.milliseconds(100))

        #expect(harness.log.steps.count == settled.steps, "steps after everything settled")
        #expect(harness.performs.total == settled.performs, "performs after everything settled")
        #expect(harness.performs.total == asked)
        #expect(harness.performs.counts.values.allSatisfy { $0 == 1 }, "\(harness.performs.counts.filter { $0.value > 1 })")
        #expect(runtime.runtime.requests.count == asked)
        let steps = harness.log.steps
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.time <= $1.time }, "step times never go back")
        for (step, elapsed) in zip(steps, harness.elapsedAtStep) {
            #expect(step.time <= elapsed, "\(step.cause) at \(step.time) reported after only \(elapsed)")
        }
        #expect(harness.outputs == inputs.compactMap { if case .say(let words) = $0 { .said(words) } else { nil } })

        // The live run is exactly the deterministic run of the same inputs at the same times.
        let replayed = try Self.replay(steps)
        #expect(replayed.map(Self.summary) == steps.map(Self.summary))
        runtime.stop()
    }

    /// Replays the inputs of `steps` at their times on a deterministic runtime: timers are not
    /// inputs, the runtime fires them itself on its way to the next input.
    static func replay(_ steps: [RuntimeStep<Asker>]) throws -> [RuntimeStep<Asker>] {
        var runtime = Asker.runtime()
        var replayed: [RuntimeStep<Asker>] = []
        for step in steps {
            switch step.cause {
            case .timer, .eventless, .raised, .done, .start, .sent, .delay:
                continue
            case .event(let event):
                replayed += try runtime.advance(by: step.time - runtime.now)
                replayed += try runtime.send(event)
            case .answer(let reference, let answer), .drop(let reference, let answer, _):
                replayed += try runtime.advance(by: step.time - runtime.now)
                replayed += try runtime.respond(reference.kind, reference.ordinal, with: answer)
            }
        }
        if let last = steps.last { replayed += try runtime.advance(by: last.time - runtime.now) }
        return replayed
    }

    static func summary(_ step: RuntimeStep<Asker>) -> String {
        "\(step.time) \(step.cause) -> \(step.after[Asker.line]) \(step.after.context.log)"
    }

    @Test @MainActor func timersFireNoEarlierThanTheirDeadline() async throws {
        let harness = Harness(provider: Self.delayed([:]))
        let runtime = try #require(harness.runtime)
        try runtime.send(.arm(.a, milliseconds: 40))
        try runtime.send(.arm(.b, milliseconds: 15))
        await harness.log.waitFor(4)
        let steps = harness.log.steps
        let armedAt = steps[0].time
        #expect(
            steps.map(\.label) == [
                "arm(MachineRuntimeTests.Asker.Timer.a, milliseconds: 40)",
                "arm(MachineRuntimeTests.Asker.Timer.b, milliseconds: 15)", "timer b", "timer a",
            ])
        #expect(steps[2].time == steps[1].time + .milliseconds(15))
        #expect(steps[3].time == armedAt + .milliseconds(40))
        #expect(harness.elapsedAtStep[2] >= steps[2].time)
        #expect(harness.elapsedAtStep[3] >= steps[3].time)
        runtime.stop()
    }

    /// Defect: a wrong-kind answer was swallowed and the request performed again at once, in a
    /// loop (over 10,000 performs a second with no input).
    @Test @MainActor func aWrongKindAnswerDoesNotLoop() async throws {
        let harness = Harness { performs in
            { request in
                await performs.record(request)
                return .say("wrong")
            }
        }
        let runtime = try #require(harness.runtime)
        try runtime.send(.ask("q"))
        await harness.pause(.milliseconds(150))
        #expect(harness.performs.total == 1)
        #expect(harness.log.steps.count == 1)
        #expect(runtime.state[Asker.line] == .waiting)
        #expect(runtime.runtime.pendingRequests.count == 1)
        runtime.stop()
    }

    /// Defect: answers arriving after `stop()` were applied, and timers fired.
    @Test @MainActor func aStoppedRuntimeChangesNothingAsAnswersArrive() async throws {
        let harness = Harness { performs in
            { request in
                await performs.record(request)
                // A provider that ignores cancellation and answers 30 ms later all the same.
                await Task.detached { try? await Task.sleep(for: .milliseconds(30)) }.value
                return .reply("late \(request.question)")
            }
        }
        let runtime = try #require(harness.runtime)
        try runtime.send(.ask("q"))
        try runtime.send(.arm(.a, milliseconds: 10))
        try runtime.send(.arm(.b, milliseconds: 0))
        // The provider has begun (a request made just before a stop is never performed).
        while harness.performs.total == 0 { await Task.yield() }
        let before = runtime.state
        let steps = harness.log.steps.count
        runtime.stop()
        await harness.pause(.milliseconds(120))
        #expect(harness.log.steps.count == steps)
        #expect(runtime.state == before)
        #expect(harness.performs.total == 1)
        #expect(harness.outputs.isEmpty)
        #expect(throws: RuntimeError.stopped) { try runtime.send(.say("after")) }
        #expect(harness.log.steps.count == steps)
        #expect(harness.outputs.isEmpty)
    }

    @Test @MainActor func aProviderThatNeverAnswersDoesNotLoop() async throws {
        let harness = Harness { performs in
            { request in
                await performs.record(request)
                try? await Task.sleep(for: .seconds(30))
                return .reply("too late")
            }
        }
        let runtime = try #require(harness.runtime)
        try runtime.send(.ask("q"))
        try runtime.send(.arm(.a, milliseconds: 20))
        await harness.log.waitFor(3)
        await harness.pause(.milliseconds(100))
        #expect(harness.performs.total == 1)
        #expect(harness.log.steps.count == 3)
        #expect(runtime.runtime.pendingRequests.map(\.reference.description) == ["lookup#1"])
        runtime.stop()
    }

    @Test @MainActor func aFailingProviderIsAnsweredOnce() async throws {
        let harness = Harness { performs in
            { request in
                await performs.record(request)
                try? await Task.sleep(for: .milliseconds(5))
                return .failed("offline")
            }
        }
        let runtime = try #require(harness.runtime)
        try runtime.send(.ask("q"))
        await harness.log.waitFor(2)
        await harness.pause(.milliseconds(50))
        #expect(runtime.state.context.log == ["failed: offline"])
        #expect(harness.performs.total == 1)
        runtime.stop()
    }
}
