/// A clock seen as the time elapsed since a start, so that a policy can keep any clock without
/// being generic over it and compute with plain `Duration`s.
struct Timeline: Sendable {
    /// The time elapsed since the timeline was made.
    let now: @Sendable () -> Duration
    /// Sleeps until the timeline reads the given time; throws `CancellationError` when the task
    /// is cancelled first.
    let sleep: @Sendable (_ until: Duration) async throws -> Void

    /// The timeline of `clock`, starting now.
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleep = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    }
}
