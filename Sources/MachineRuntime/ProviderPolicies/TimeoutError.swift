/// The failure of an operation that gave no answer within its ``Timeout``.
///
/// It is a ``TransientError``: a request that hung (a dropped connection, a stalled server) may
/// well answer when asked again, so a ``RetryPolicy`` around a timeout retries it.
public struct TimeoutError: TransientError, Equatable, CustomStringConvertible {
    /// How long the operation was given.
    package let duration: Duration

    /// The failure of an operation given `duration`.
    package init(duration: Duration) { self.duration = duration }

    /// "no answer within 5.0 seconds": what a picker shows as the request's failure.
    public var description: String { "no answer within \(duration)" }
}
