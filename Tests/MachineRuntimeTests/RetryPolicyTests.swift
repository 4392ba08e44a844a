import MachineRuntime
import Testing

/// Retries: bounded, exponential, jittered exactly for a seed, only for transient failures, and
/// stopped by cancellation. Time moves only when the test advances the manual clock.
@Suite(.timeLimit(.minutes(1))) struct RetryPolicyTests {
    /// Fails with `error` until the `succeedOn`-th call, which answers "ok"; counts the calls.
    func flaky(
        _ calls: CallCounter, error: any Error = Unavailable(), succeedOn: Int = .max
    ) -> @Sendable () async throws -> String {
        {
            await calls.increment()
            guard await calls.value >= succeedOn else { throw error }
            return "ok"
        }
    }

    /// Runs `policy` on an operation that always fails transiently, advancing the clock through
    /// every wait; returns the waits' lengths.
    func waits(of policy: RetryPolicy, on clock: WatchedClock, attempts: Int) async throws -> [Duration] {
        var waits = clock.waits.makeAsyncIterator()
        let calls = CallCounter()
        let task = Task { try await policy.run(flaky(calls)) }
        var lengths: [Duration] = []
        for _ in 1..<attempts {
            let wait = try await waits.nextWait(from: clock.now)
            lengths.append(wait.length)
            clock.advance(to: wait.deadline)
        }
        await #expect(throws: Unavailable.self) { try await value(of: task) }
        #expect(await calls.value == attempts)
        return lengths
    }

    @Test func retriesATransientFailureUntilItSucceeds() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let calls = CallCounter()
        let policy = RetryPolicy(attempts: 5, initialDelay: .milliseconds(100), jitter: 0, seed: 1, clock: clock)
        let task = Task { try await policy.run(flaky(calls, succeedOn: 3)) }
        for _ in 1...2 { clock.advance(to: try await waits.nextWait(from: clock.now).deadline) }
        #expect(try await value(of: task) == "ok")
        #expect(await calls.value == 3)
    }

    @Test func theNumberOfAttemptsIsBounded() async throws {
        let clock = WatchedClock()
        let policy = RetryPolicy(attempts: 3, jitter: 0, seed: 1, clock: clock)
        let lengths = try await waits(of: policy, on: clock, attempts: 3)
        #expect(lengths.count == 2)
    }

    @Test func waitsDoubleUpToTheMaximum() async throws {
        let clock = WatchedClock()
        let policy = RetryPolicy(
            attempts: 6, initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500), jitter: 0, seed: 1,
            clock: clock)
        let lengths = try await waits(of: policy, on: clock, attempts: 6)
        #expect(lengths == [100, 200, 400, 500, 500].map(Duration.milliseconds))
    }

    @Test func jitterIsExactForASeedAndWithinItsBounds() async throws {
        func policy(seed: UInt64, clock: WatchedClock) -> RetryPolicy {
            RetryPolicy(
                attempts: 5, initialDelay: .milliseconds(100), maximumDelay: .seconds(10), jitter: 0.5, seed: seed,
                clock: clock)
        }
        let clock = WatchedClock()
        let lengths = try await waits(of: policy(seed: 42, clock: clock), on: clock, attempts: 5)
        // SplitMix64 from seed 42, as computed independently: nominal × (1 + 0.5 × (2u − 1)).
        #expect(lengths == [124_156_487, 131_982_079, 311_440_453, 675_352_574].map(Duration.nanoseconds))
        for (length, nominal) in zip(lengths, [100, 200, 400, 800].map(Duration.milliseconds)) {
            #expect(length >= nominal / 2 && length <= nominal * 3 / 2)
        }
        let again = WatchedClock()
        #expect(try await waits(of: policy(seed: 42, clock: again), on: again, attempts: 5) == lengths)
        let other = WatchedClock()
        #expect(try await waits(of: policy(seed: 43, clock: other), on: other, attempts: 5) != lengths)
    }

    @Test func waitsAtTheMaximumAreStillJitteredAndNeverExceedIt() async throws {
        let clock = WatchedClock()
        let policy = RetryPolicy(
            attempts: 9, initialDelay: .milliseconds(500), maximumDelay: .seconds(1), jitter: 0.5, seed: 7,
            clock: clock)
        let lengths = try await waits(of: policy, on: clock, attempts: 9)
        #expect(lengths.allSatisfy { $0 >= .milliseconds(250) && $0 <= .seconds(1) })
        // From the second wait on the nominal wait is the maximum, jittered downwards only.
        #expect(lengths.dropFirst().filter { $0 < .seconds(1) }.count >= 2)
    }

    @Test func aFailureThatIsNotTransientIsNotRetried() async throws {
        let calls = CallCounter()
        let policy = RetryPolicy(attempts: 5, clock: WatchedClock())
        await #expect(throws: NoSuchPlace()) { try await policy.run(flaky(calls, error: NoSuchPlace())) }
        #expect(await calls.value == 1)
    }

    @Test func aClassifierDecidesWhatIsTransient() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let calls = CallCounter()
        let policy = RetryPolicy(attempts: 2, jitter: 0, seed: 1, clock: clock) { $0 is NoSuchPlace }
        let task = Task { try await policy.run(flaky(calls, error: NoSuchPlace(), succeedOn: 2)) }
        clock.advance(to: try await waits.nextWait(from: clock.now).deadline)
        #expect(try await value(of: task) == "ok")
        await #expect(throws: Unavailable()) { try await policy.run(flaky(CallCounter())) }
    }

    @Test func cancellationStopsABackoffWait() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let calls = CallCounter()
        let policy = RetryPolicy(attempts: 5, initialDelay: .seconds(1), jitter: 0, seed: 1, clock: clock)
        let task = Task { try await policy.run(flaky(calls)) }
        let wait = try await waits.nextWait(from: clock.now)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        clock.advance(to: wait.deadline)
        clock.advance(by: .seconds(60))
        #expect(await calls.value == 1)
    }

    @Test func settingsOutOfRangeAreClamped() async throws {
        let calls = CallCounter()
        let once = RetryPolicy(attempts: 0, clock: WatchedClock())
        await #expect(throws: Unavailable()) { try await once.run(flaky(calls)) }
        #expect(await calls.value == 1)

        let clock = WatchedClock()
        let noDelay = RetryPolicy(attempts: 3, initialDelay: .seconds(-1), jitter: .nan, seed: 1, clock: clock)
        #expect(try await waits(of: noDelay, on: clock, attempts: 3) == [.zero, .zero])

        let longest = WatchedClock()
        let capped = RetryPolicy(
            attempts: 2, initialDelay: .seconds(Int64.max), maximumDelay: .seconds(Int64.max), jitter: 0, seed: 1,
            clock: longest)
        #expect(try await waits(of: capped, on: longest, attempts: 2) == [.nanoseconds(Int64(1) << 61)])
    }
}
