import MachineRuntime
import MachineTesting
import Testing

/// The test's manual clock, telling the test whenever a policy starts to wait and until when, so
/// that the test moves time only once the policy waits (and never sleeps on the real clock).
struct WatchedClock: Clock {
    typealias Instant = ManualClock.Instant

    let manual = ManualClock()
    /// The deadline of every sleep on this clock, in the order the sleeps begin.
    let waits: AsyncStream<Instant>
    private let waitBegan: AsyncStream<Instant>.Continuation?

    init() {
        var continuation: AsyncStream<Instant>.Continuation?
        waits = AsyncStream { continuation = $0 }
        waitBegan = continuation
    }

    var now: Instant { manual.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        waitBegan?.yield(deadline)
        try await manual.sleep(until: deadline, tolerance: tolerance)
    }

    /// Moves the clock to `instant`.
    func advance(to instant: Instant) { manual.advance(to: instant) }

    /// Moves the clock on by `duration`.
    func advance(by duration: Duration) { manual.advance(by: duration) }
}

extension AsyncStream<WatchedClock.Instant>.Iterator {
    /// How long the next wait to begin lasts, from `now`, and its deadline.
    mutating func nextWait(from now: WatchedClock.Instant) async throws -> (length: Duration, deadline: WatchedClock.Instant) {
        let deadline = try #require(await next())
        return (now.duration(to: deadline), deadline)
    }
}

/// Counts what happens in operations, and lets a test wait for a count.
actor CallCounter {
    private(set) var value = 0
    private var waiters: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var lastID = 0

    func increment() {
        value += 1
        resume { $0.count <= value }
    }

    /// Returns once the count has reached `count`, or the task is cancelled (by the test's time
    /// limit).
    func wait(for count: Int) async {
        lastID += 1
        let id = lastID
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if value >= count || Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters.append((id, count, continuation))
                }
            }
        } onCancel: {
            Task { await self.resume { $0.id == id } }
        }
    }

    private func resume(where isReady: ((id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)) -> Bool) {
        let ready = waiters.filter(isReady)
        waiters.removeAll(where: isReady)
        for waiter in ready { waiter.continuation.resume() }
    }
}

/// The value of `task`, which is cancelled if the test is (by its time limit), so that a policy
/// that hangs fails its test instead of hanging the run.
func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
    try await withTaskCancellationHandler {
        try await task.value
    } onCancel: {
        task.cancel()
    }
}

/// A failure a provider marks as worth retrying.
struct Unavailable: TransientError, Equatable {}
/// A failure a provider marks as permanent.
struct NoSuchPlace: Error, Equatable {}

/// An operation that never answers but stops when its task is cancelled, counting the
/// cancellations in `cancelled`.
@Sendable func hangUntilCancelled(counting cancelled: CallCounter) async throws -> String {
    do {
        try await ManualClock().sleep(for: .seconds(1_000))
    } catch {
        await cancelled.increment()
        throw error
    }
    Issue.record("a clock nobody advances woke up")
    return "woke"
}

/// How the policies compose: the one applied last runs outermost.
@Suite(.timeLimit(.minutes(1))) struct ProviderPolicyTests {
    @Test func aRetryAroundATimeoutRetriesTheAttemptThatHung() async throws {
        let clock = WatchedClock()
        var waits = clock.waits.makeAsyncIterator()
        let calls = CallCounter()
        let cancelled = CallCounter()
        let timeout = Timeout(.seconds(1), clock: clock)
        let retry = RetryPolicy(attempts: 2, initialDelay: .milliseconds(100), jitter: 0, seed: 1, clock: clock)
        let task = Task {
            try await retry.run {
                try await timeout.run {
                    await calls.increment()
                    return await calls.value == 1 ? try await hangUntilCancelled(counting: cancelled) : "second"
                }
            }
        }
        let firstDeadline = try await waits.nextWait(from: clock.now)
        #expect(firstDeadline.length == .seconds(1))
        clock.advance(to: firstDeadline.deadline)
        await cancelled.wait(for: 1)
        let backoff = try await waits.nextWait(from: clock.now)
        #expect(backoff.length == .milliseconds(100))
        clock.advance(to: backoff.deadline)
        #expect(try await value(of: task) == "second")
        #expect(await calls.value == 2)
    }
}
