import MachineRuntime
import Testing

/// Timeouts: exactly at the deadline, never before, even for an operation that ignores
/// cancellation, whose task is cancelled.
@Suite(.timeLimit(.minutes(1))) struct TimeoutPolicyTests {
    /// A gate an operation waits at, ignoring cancellation (as a permission prompt does), until
    /// the test opens it with an answer.
    actor AnswerGate {
        private var answer: String?
        private var waiters: [CheckedContinuation<String, Never>] = []

        func wait() async -> String {
            if let answer { return answer }
            return await withCheckedContinuation { waiters.append($0) }
        }

        func open(with answer: String) {
            self.answer = answer
            for waiter in waiters { waiter.resume(returning: answer) }
            waiters = []
        }
    }

    @Test func firesExactlyAtTheDeadlineAndCancelsTheOperation() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let cancelled = CallCounter()
        let timeout = Timeout(.seconds(5), clock: clock)
        let task = Task { try await timeout.run { try await hangUntilCancelled(counting: cancelled) } }
        let wait = try await waits.nextWait(from: clock.now)
        #expect(wait.length == .seconds(5))
        clock.advance(by: .seconds(5) - .milliseconds(1))
        #expect(await cancelled.value == 0)
        clock.advance(by: .milliseconds(1))
        await #expect(throws: TimeoutError(duration: .seconds(5))) { try await value(of: task) }
        await cancelled.wait(for: 1)
    }

    @Test func anAnswerJustBeforeTheDeadlineWins() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let gate = AnswerGate()
        let timeout = Timeout(.seconds(5), clock: clock)
        let task = Task { try await timeout.run { await gate.wait() } }
        _ = try await waits.nextWait(from: clock.now)
        clock.advance(by: .seconds(5) - .milliseconds(1))
        await gate.open(with: "in time")
        #expect(try await value(of: task) == "in time")
    }

    @Test func anOperationThatIgnoresCancellationStillTimesOut() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let gate = AnswerGate()
        let timeout = Timeout(.milliseconds(300), clock: clock)
        let task = Task { try await timeout.run { await gate.wait() } }
        clock.advance(to: try await waits.nextWait(from: clock.now).deadline)
        await #expect(throws: TimeoutError(duration: .milliseconds(300))) { try await value(of: task) }
        await gate.open(with: "too late")
    }

    @Test func aFailureBeforeTheDeadlineIsThrownAsItIs() async throws {
        let timeout = Timeout(.seconds(5), clock: WatchedClock())
        await #expect(throws: NoSuchPlace()) { try await timeout.run { () async throws -> String in throw NoSuchPlace() } }
    }

    @Test func cancellingTheCallerCancelsTheOperation() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let cancelled = CallCounter()
        let timeout = Timeout(.seconds(5), clock: clock)
        let task = Task { try await timeout.run { try await hangUntilCancelled(counting: cancelled) } }
        _ = try await waits.nextWait(from: clock.now)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        await cancelled.wait(for: 1)
    }

    @Test func theErrorNamesTheDuration() {
        #expect(TimeoutError(duration: .seconds(5)).description == "no answer within 5.0 seconds")
        #expect(Timeout(.seconds(-3), clock: WatchedClock()).duration == .zero)
    }
}
