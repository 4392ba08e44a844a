/// Performs an operation again after a transient failure, waiting longer each time (exponential
/// backoff with jitter), up to a bounded number of attempts.
///
/// The wait before the second attempt is `initialDelay`, and each further wait doubles, up to
/// `maximumDelay`. Jitter spreads each wait uniformly over ± `jitter` of it, so that many
/// devices that failed together do not retry together; no wait exceeds `maximumDelay`. The
/// jitter comes from a generator seeded with `seed`, restarted for every `run`: the same seed
/// gives the same waits, which makes tests exact. By default the seed is random, so every app
/// launch spreads differently.
///
/// Only transient failures are retried (by default, errors conforming to ``TransientError``,
/// `TimeoutError` included); any other error, or the last attempt's, is thrown at once. When
/// the task is cancelled, a wait stops at once with `CancellationError` and no further attempt
/// is made; a task cancelled before `run` begins makes no attempt at all.
///
/// ```swift
/// // Up to 3 attempts, waiting about 100 ms, then 200 ms.
/// let retry = RetryPolicy(attempts: 3, clock: ContinuousClock())
/// let places = try await retry.run { try await webSearch.places(for: query) }
/// ```
public struct RetryPolicy: ProviderPolicy {
    private let attempts: Int
    private let initialDelay: Int64
    private let maximumDelay: Int64
    private let jitter: Double
    private let seed: UInt64
    private let isTransient: @Sendable (any Error) -> Bool
    private let timeline: Timeline

    /// A retry policy; the values are clamped, never trapped on.
    ///
    /// - Parameters:
    ///   - attempts: How many times the operation may be performed in all, the first included;
    ///     fewer than 1 is 1 (no retry).
    ///   - initialDelay: The wait before the second attempt; negative is zero; more than
    ///     `maximumDelay` is `maximumDelay`.
    ///   - maximumDelay: The longest wait; negative is zero, more than about 73 years is that.
    ///   - jitter: The fraction of each wait by which it may randomly be shorter or longer,
    ///     clamped to `0 ... 1` (not a number is 0, no jitter).
    ///   - seed: Determines the jitter; the same seed gives the same waits.
    ///   - clock: The clock the waits are measured on.
    ///   - isTransient: Whether a failure may be retried; by default, whether it conforms to
    ///     ``TransientError``. Pass your own for errors you do not own (`URLError`, …).
    public init(
        attempts: Int, initialDelay: Duration = .milliseconds(100), maximumDelay: Duration = .seconds(5),
        jitter: Double = 0.2, seed: UInt64 = .random(in: .min ... .max), clock: some Clock<Duration>,
        isTransient: @escaping @Sendable (any Error) -> Bool = { $0 is any TransientError }
    ) {
        self.attempts = max(attempts, 1)
        self.maximumDelay = maximumDelay.policyNanoseconds
        self.initialDelay = min(initialDelay.policyNanoseconds, self.maximumDelay)
        self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 1)
        self.seed = seed
        self.isTransient = isTransient
        self.timeline = Timeline(clock)
    }

    /// Performs `operation` until it succeeds, fails with a failure that is not transient, or
    /// has been performed `attempts` times, waiting between attempts.
    public func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        var random = SplitMix64(seed: seed)
        var attempt = 1
        var nominalDelay = initialDelay
        while true {
            // A cancelled task performs no attempt, the first included.
            try Task.checkCancellation()
            do {
                return try await operation()
            } catch {
                guard attempt < attempts, isTransient(error), !Task.isCancelled else { throw error }
                let delay = jittered(nominalDelay, using: &random)
                try await timeline.sleep(timeline.now() + .nanoseconds(delay))
                attempt += 1
                nominalDelay = nominalDelay > maximumDelay / 2 ? maximumDelay : nominalDelay * 2
            }
        }
    }

    /// `delay` nanoseconds moved by a random fraction of at most `jitter` of it, capped at
    /// `maximumDelay`. No overflow: the delay is at most 2⁶¹ and moves by at most itself.
    private func jittered(_ delay: Int64, using random: inout SplitMix64) -> Int64 {
        let spread = (random.nextUnit() * 2 - 1) * jitter
        return min(delay + Int64(spread * Double(delay)), maximumDelay)
    }
}
