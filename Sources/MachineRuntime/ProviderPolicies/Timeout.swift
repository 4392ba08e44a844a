/// Gives an operation a fixed time to answer, and fails with ``TimeoutError`` when it does not:
/// for a network call that hangs or a permission prompt nobody answers.
///
/// The operation runs in a task of its own, so the timeout answers at its deadline even when the
/// operation ignores cancellation; at the deadline that task is cancelled and whatever it
/// returns later is discarded. When the caller's task is cancelled first, the operation's task
/// is cancelled too and `run` throws `CancellationError`.
///
/// ```swift
/// let timeout = Timeout(.seconds(5), clock: ContinuousClock())
/// let address = try await timeout.run { try await webGeocoder.address(at: center) }
/// ```
public struct Timeout: ProviderPolicy {
    /// How long an operation is given.
    package let duration: Duration
    private let timeline: Timeline

    /// A timeout of `duration` measured on `clock` (inject a test clock to drive time by hand).
    /// A negative duration is zero; one longer than about 73 years is clamped to that.
    public init(_ duration: Duration, clock: some Clock<Duration>) {
        self.duration = duration.clampedForPolicies
        self.timeline = Timeline(clock)
    }

    /// Returns the answer of `operation` if it comes before the deadline (the time `run` is
    /// called plus the duration it was given); throws ``TimeoutError`` at the deadline otherwise. A caller's
    /// task cancelled before `run` begins performs nothing and throws `CancellationError`.
    public func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try Task.checkCancellation()
        let deadline = timeline.now() + duration
        let duration = duration
        let timeline = timeline
        // The first to finish the stream wins: the operation's answer or error, or the timeout.
        let (answers, continuation) = AsyncThrowingStream<T, any Error>.makeStream()
        let work = Task {
            // Cancelled before it began (its caller was): the operation is never performed.
            guard !Task.isCancelled else { return continuation.finish(throwing: CancellationError()) }
            do {
                continuation.yield(try await operation())
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let timer = Task {
            do { try await timeline.sleep(deadline) } catch { return }
            continuation.finish(throwing: TimeoutError(duration: duration))
        }
        defer {
            work.cancel()
            timer.cancel()
        }
        return try await withTaskCancellationHandler {
            for try await answer in answers { return answer }
            // The stream ends without an answer or an error only when this task is cancelled.
            throw CancellationError()
        } onCancel: {
            work.cancel()
            timer.cancel()
            continuation.finish(throwing: CancellationError())
        }
    }
}
