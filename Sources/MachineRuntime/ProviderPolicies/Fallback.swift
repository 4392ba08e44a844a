/// Performs `primary`, and when it fails, `secondary`: a web geocoder first and the offline
/// gazetteer when there is no network, for instance.
///
/// Give the primary a ``Timeout`` to fall back also when it does not answer in time. When the
/// task is cancelled, neither is asked any more and `CancellationError` is thrown; when the
/// secondary fails too, its error is thrown.
///
/// ```swift
/// let timeout = Timeout(.seconds(5), clock: ContinuousClock())
/// let address = try await withFallback {
///     try await timeout.run { try await webGeocoder.address(at: center) }
/// } otherwise: {
///     try await gazetteer.address(at: center)
/// }
/// ```
public func withFallback<T: Sendable>(
    _ primary: @Sendable () async throws -> T, otherwise secondary: @Sendable () async throws -> T
) async throws -> T {
    try Task.checkCancellation()
    do {
        return try await primary()
    } catch {
        try Task.checkCancellation()
        return try await secondary()
    }
}
