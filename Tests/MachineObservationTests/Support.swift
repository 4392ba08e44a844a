import Foundation
import MachineRuntime
import Observation

/// Counts the change notifications an observer receives.
final class Notifications: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var total: Int { lock.withLock { count } }

    /// Observes what `read` reads, once, as `withObservationTracking` does: the first change
    /// notifies, later ones do not until observed again.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor func observe(_ read: () -> Void) {
        withObservationTracking(read, onChange: { self.lock.withLock { self.count += 1 } })
    }
}

/// Waits until `condition` holds, yielding to the runtime's tasks (and, on a real clock, letting
/// time pass); false after `limit` of real time.
@MainActor func eventually(within limit: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        await Task.yield()
    }
    return true
}

/// A provider that answers every search at once with two results.
let instantProvider: LiveRuntime<Finder, ContinuousClock>.Provider = { request in
    .found([request.query + "1", request.query + "2"])
}
