/// A way of performing a provider's operation that survives real networks: with a deadline
/// (``Timeout``), again after transient failures (``RetryPolicy``), or within a budget
/// (``RateLimiter``).
///
/// Policies wrap any asynchronous operation, so they compose by nesting: the policy applied
/// last runs outermost.
///
/// ```swift
/// let timeout = Timeout(.seconds(5), clock: clock)
/// let retry = RetryPolicy(attempts: 3, clock: clock)
/// let address = try await retry.run { try await timeout.run { try await geocoder.address(at: center) } }
/// ```
///
/// Every policy stops promptly when its task is cancelled, cancels every task it started, and
/// then performs nothing more; a policy whose task is cancelled before it begins performs nothing.
package protocol ProviderPolicy: Sendable {
    /// Performs `operation` under this policy: returns its result, or throws its error or the
    /// policy's own (``TimeoutError``, `CancellationError`).
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T
}
