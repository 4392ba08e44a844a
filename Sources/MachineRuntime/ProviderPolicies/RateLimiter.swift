/// Keeps requests within a budget: a token bucket that holds at most `capacity` tokens and
/// gains one every `refillInterval`; each request takes a token.
///
/// So `capacity` requests may go at once, and then one per interval. A request over budget
/// waits for a token rather than failing: the picker's request would otherwise fail for a
/// reason the person cannot act on, and the machine already cancels requests it no longer
/// needs. A wait that is cancelled stops at once and takes no token.
///
/// Waiting requests are not queued: when a token comes, one of the requests waiting takes it and
/// the others wait for the next. The address picker has at most one request of each kind in
/// flight, so a limiter per kind (or shared by a few kinds) serves them in order in practice.
///
/// Use it for requests the machine does not throttle itself, such as MapKit's completions; the
/// machine spaces reverse geocoding itself (`geocodeInterval`).
///
/// ```swift
/// // 10 at once, then one every 2 seconds.
/// let limiter = RateLimiter(capacity: 10, refillInterval: .seconds(2), clock: ContinuousClock())
/// let completions = try await limiter.run { try await completer.completions(for: query) }
/// ```
public actor RateLimiter: ProviderPolicy {
    private let capacity: Int
    private let refillInterval: Duration
    private let timeline: Timeline
    private var tokens: Int
    /// The time up to which tokens have been added.
    private var refilledAt: Duration = .zero

    /// A full bucket of `capacity` tokens (fewer than 1 is 1), gaining one every
    /// `refillInterval` measured on `clock`. An interval of zero or less never makes a request
    /// wait; one longer than about 73 years is clamped to that.
    public init(capacity: Int, refillInterval: Duration, clock: some Clock<Duration>) {
        self.capacity = max(capacity, 1)
        self.refillInterval = refillInterval.clampedForPolicies
        self.timeline = Timeline(clock)
        self.tokens = self.capacity
    }

    /// Waits for a token, then performs `operation`.
    public nonisolated func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await takeToken()
        return try await operation()
    }

    private func takeToken() async throws {
        while true {
            try Task.checkCancellation()
            refill(at: timeline.now())
            if tokens > 0 {
                tokens -= 1
                return
            }
            try await timeline.sleep(refilledAt + refillInterval)
        }
    }

    /// Adds the tokens earned up to `now`. Each turn of the loop gives back a token taken
    /// earlier, so the loop turns at most once per request on average.
    private func refill(at now: Duration) {
        while tokens < capacity, now - refilledAt >= refillInterval {
            tokens += 1
            refilledAt += refillInterval
        }
        // A full bucket earns nothing: the next token is earned one interval after one is taken.
        if tokens == capacity { refilledAt = now }
    }
}
