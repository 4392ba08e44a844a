/// A clock the benchmark moves by hand, between inputs, so that a live session's timing does not
/// depend on the machine's speed. Only inputs move the runtime on it: a sleep until a deadline
/// still ahead waits until its task is cancelled (the runtime replaces its wake-up after every
/// input), and a timer fires when an input's catch-up passes its deadline.
final class SteppedClock: Clock, @unchecked Sendable {
    // Unchecked: `current` is read and written on the main actor only (the benchmark and the
    // runtime's tasks run there).

    /// An instant of the clock: the time since its start.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private var current = Instant(offset: .zero)

    var now: Instant { current }
    var minimumResolution: Duration { .zero }

    /// Moves the clock forward by `duration`.
    func advance(by duration: Duration) {
        current = current.advanced(by: duration)
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if deadline <= current { return }
        // Ends when the task is cancelled: iterating a stream stops then.
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        defer { continuation.finish() }
        for await _ in stream {}
        throw CancellationError()
    }
}
