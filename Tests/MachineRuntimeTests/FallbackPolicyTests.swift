import MachineRuntime
import Testing

/// The fallback: asked on the primary's failure or timeout, never on its success or after
/// cancellation.
@Suite(.timeLimit(.minutes(1))) struct FallbackPolicyTests {
    /// The secondary: answers "offline", counting its calls.
    func secondary(_ calls: CallCounter) -> @Sendable () async throws -> String {
        {
            await calls.increment()
            return "offline"
        }
    }

    @Test func theSecondaryAnswersWhenThePrimaryFails() async throws {
        let calls = CallCounter()
        let answer = try await withFallback({ () async throws -> String in throw Unavailable() }, otherwise: secondary(calls))
        #expect(answer == "offline")
        #expect(await calls.value == 1)
    }

    @Test func theSecondaryIsNotAskedWhenThePrimaryAnswers() async throws {
        let calls = CallCounter()
        #expect(try await withFallback({ "web" }, otherwise: secondary(calls)) == "web")
        #expect(await calls.value == 0)
    }

    @Test func theSecondaryAnswersWhenThePrimaryTimesOut() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let calls = CallCounter()
        let cancelled = CallCounter()
        let timeout = Timeout(.seconds(5), clock: clock)
        let task = Task {
            try await withFallback(
                { try await timeout.run { try await hangUntilCancelled(counting: cancelled) } }, otherwise: secondary(calls))
        }
        let wait = try await waits.nextWait(from: clock.now)
        clock.advance(by: wait.length - .milliseconds(1))
        #expect(await calls.value == 0)
        clock.advance(to: wait.deadline)
        #expect(try await value(of: task) == "offline")
        #expect(await calls.value == 1)
        await cancelled.wait(for: 1)
    }

    @Test func whenBothFailTheSecondarysErrorIsThrown() async throws {
        await #expect(throws: NoSuchPlace()) {
            try await withFallback({ () async throws -> String in throw Unavailable() }, otherwise: { throw NoSuchPlace() })
        }
    }

    @Test func cancellationSkipsTheSecondary() async throws {
        let calls = CallCounter()
        let cancelled = CallCounter()
        let started = CallCounter()
        let task = Task {
            try await withFallback(
                {
                    await started.increment()
                    return try await hangUntilCancelled(counting: cancelled)
                }, otherwise: secondary(calls))
        }
        await started.wait(for: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        #expect(await cancelled.value == 1)
        #expect(await calls.value == 0)
    }
}
