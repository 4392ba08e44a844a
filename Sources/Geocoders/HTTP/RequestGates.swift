import Foundation
import MachineRuntime

/// The gates that space requests out for the whole application: one per endpoint and interval,
/// shared by every geocoder of the process that talks to it, so that two geocoders for the same
/// Nominatim still send at most one request a second between them.
enum RequestGates {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var gates: [String: RateLimiter] = [:]

    /// The gate of `url`'s scheme, host and port for `interval`.
    static func gate(for url: URL, interval: Duration) -> RateLimiter {
        let key = "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port ?? -1) \(interval)"
        lock.lock()
        defer { lock.unlock() }
        if let gate = gates[key] { return gate }
        let gate = RateLimiter(capacity: 1, refillInterval: interval, clock: ContinuousClock())
        gates[key] = gate
        return gate
    }
}
