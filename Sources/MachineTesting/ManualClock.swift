import Foundation
import Testing

/// A clock that moves only when a test says so, for testing code that sleeps on a `Clock`
/// (`MachineRuntime/LiveRuntime`, provider policies) without waiting and without flakiness.
///
/// It starts at zero. ``advance(by:sourceLocation:)`` moves it forward and wakes the sleepers
/// whose deadline it has reached, in deadline order (sleepers with the same deadline in the
/// order they began to sleep); a sleeper whose deadline is still ahead keeps sleeping. A
/// sleep until a deadline already reached returns at once. A sleeper whose task is cancelled
/// wakes at once and throws `CancellationError`, and is never woken a second time.
///
/// ```swift
/// let clock = ManualClock()
/// let runtime = LiveRuntime(table: Kettle.table, state: Kettle.table.initialState(context: .init()),
///                           clock: clock, provider: thermometer.read, onOutput: { _ in })
/// try runtime.send(.switchOn)        // starts the 90-second boil timer
/// clock.advance(by: .seconds(89))    // not due yet: the runtime sleeps on
/// clock.advance(by: .seconds(1))     // due: the runtime wakes and the timer fires
/// ```
///
/// `advance` does not wait for the tasks it wakes to run: await what they do (a step through
/// `MachineRuntime/LiveRuntime/onStep`, an output) before asserting it. A task that begins to
/// sleep only after the clock passed its deadline returns at once, so advancing right after an
/// input, before the runtime's task has begun to sleep, is safe for the runtime's timers. It is
/// not for a sleep whose deadline is counted from when its task starts (a provider behind a
/// `Timeout`, a fake service that sleeps): advanced before that task starts, the
/// clock is already past the moment it counts from. Have such a provider say it started, and
/// await that before advancing.
public final class ManualClock: Clock, @unchecked Sendable {
    // Unchecked: every mutable property is read and written only under `lock`.

    /// An instant of a ``ManualClock``: the time since the clock's start.
    public struct Instant: InstantProtocol {
        /// The time since the clock's start.
        package var offset: Duration

        /// The instant `offset` after the clock's start.
        package init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID = 0

    /// A clock at zero, with no sleepers.
    public init() {}

    /// The instant the clock has been advanced to.
    public var now: Instant { lock.withLock { current } }

    /// How many tasks are asleep on the clock now: a test can wait until the code it drives has
    /// begun to sleep, or check that it sleeps on nothing.
    package var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Zero: the clock is exact.
    public var minimumResolution: Duration { .zero }

    /// Suspends until the clock reaches `deadline`, or throws `CancellationError` when the task
    /// is cancelled first; `tolerance` is ignored.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                // Checked under the lock, so a cancellation handler that ran before the sleeper was
                // registered is seen here, and one that runs after finds the sleeper to remove.
                let wakeNow = lock.withLock { () -> Bool in
                    if deadline <= current || Task.isCancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if wakeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves the clock forward by `duration` and wakes the sleepers whose deadline it reaches, in
    /// deadline order. The clock never goes back: a negative duration fails the test and leaves
    /// the clock where it is.
    public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        guard duration >= .zero else {
            TestIssue.record("A ManualClock never goes back: advance(by: \(duration))", at: sourceLocation)
            return
        }
        wake(upTo: { $0.advanced(by: duration) })
    }

    /// Moves the clock to `instant` (or leaves it where it is, if it is already past it) and
    /// wakes the sleepers whose deadline it reaches, in deadline order.
    package func advance(to instant: Instant) {
        wake(upTo: { Swift.max($0, instant) })
    }

    private func wake(upTo end: (Instant) -> Instant) {
        let due = lock.withLock { () -> [Sleeper] in
            current = end(current)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
