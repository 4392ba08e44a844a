import MachineRuntime
import Testing

/// The token bucket: `capacity` at once, then one per interval; waits end exactly when a token
/// comes, stop when cancelled, and concurrent requests never exceed the budget.
@Suite(.timeLimit(.minutes(1))) struct RateLimiterPolicyTests {
    /// Performs one request through `limiter`, counting it in `performed`.
    func request(_ limiter: RateLimiter, counting performed: CallCounter) async throws {
        try await limiter.run { await performed.increment() }
    }

    @Test func allowsTheCapacityAtOnceThenOnePerInterval() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let performed = CallCounter()
        let limiter = RateLimiter(capacity: 3, refillInterval: .seconds(1), clock: clock)
        for _ in 1...3 { try await request(limiter, counting: performed) }
        #expect(await performed.value == 3)

        for second in 1...2 {
            let task = Task { try await request(limiter, counting: performed) }
            let wait = try await waits.nextWait(from: clock.now)
            #expect(wait.length == .seconds(1))
            clock.advance(to: wait.deadline)
            try await value(of: task)
            #expect(await performed.value == 3 + second)
        }
    }

    @Test func anIdleBucketRefillsUpToItsCapacityOnly() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let performed = CallCounter()
        let limiter = RateLimiter(capacity: 2, refillInterval: .seconds(1), clock: clock)
        for _ in 1...2 { try await request(limiter, counting: performed) }
        clock.advance(by: .seconds(10))
        for _ in 1...2 { try await request(limiter, counting: performed) }
        let task = Task { try await request(limiter, counting: performed) }
        let wait = try await waits.nextWait(from: clock.now)
        #expect(wait.length == .seconds(1))
        clock.advance(to: wait.deadline)
        try await value(of: task)
        #expect(await performed.value == 5)
    }

    @Test func aTokenComesOneIntervalAfterThePreviousOne() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let performed = CallCounter()
        let limiter = RateLimiter(capacity: 2, refillInterval: .seconds(1), clock: clock)
        for _ in 1...2 { try await request(limiter, counting: performed) }
        clock.advance(by: .milliseconds(1_500))
        try await request(limiter, counting: performed)
        let task = Task { try await request(limiter, counting: performed) }
        let wait = try await waits.nextWait(from: clock.now)
        #expect(wait.length == .milliseconds(500))
        clock.advance(to: wait.deadline)
        try await value(of: task)
    }

    @Test func concurrentRequestsNeverExceedTheBudget() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let performed = CallCounter()
        let limiter = RateLimiter(capacity: 2, refillInterval: .seconds(1), clock: clock)
        let tasks = (1...5).map { _ in Task { try await request(limiter, counting: performed) } }
        // Two go at once; the other three wait.
        await performed.wait(for: 2)
        var deadline = try await waits.nextWait(from: clock.now).deadline
        for _ in 1...2 { _ = try await waits.nextWait(from: clock.now) }
        #expect(await performed.value == 2)
        // Each second, one of those waiting goes and the others wait again.
        for done in 3...5 {
            clock.advance(to: deadline)
            await performed.wait(for: done)
            for waiting in 0..<(5 - done) {
                let wait = try await waits.nextWait(from: clock.now)
                if waiting == 0 { deadline = wait.deadline }
                #expect(wait.length == .seconds(1))
            }
            #expect(await performed.value == done)
        }
        for task in tasks { try await value(of: task) }
    }

    @Test func cancellationStopsARateLimitWaitWithoutTakingAToken() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let performed = CallCounter()
        let limiter = RateLimiter(capacity: 1, refillInterval: .seconds(1), clock: clock)
        try await request(limiter, counting: performed)
        let task = Task { try await request(limiter, counting: performed) }
        let wait = try await waits.nextWait(from: clock.now)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        #expect(await performed.value == 1)

        clock.advance(to: wait.deadline)
        try await request(limiter, counting: performed)
        #expect(await performed.value == 2)
    }

    @Test func settingsOutOfRangeAreClamped() async throws {
        let performed = CallCounter()
        let unlimited = RateLimiter(capacity: 1, refillInterval: .seconds(-1), clock: WatchedClock())
        for _ in 1...5 { try await request(unlimited, counting: performed) }
        #expect(await performed.value == 5)

        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let single = RateLimiter(capacity: 0, refillInterval: .seconds(1), clock: clock)
        try await request(single, counting: performed)
        let task = Task { try await request(single, counting: performed) }
        clock.advance(to: try await waits.nextWait(from: clock.now).deadline)
        try await value(of: task)
        #expect(await performed.value == 7)
    }
}
