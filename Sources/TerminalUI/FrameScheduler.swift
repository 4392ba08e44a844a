import Dispatch

/// Coalesces redraws: however many changes come in, a frame is drawn at most once per
/// ``interval``, and a change is on screen at the latest one interval after it.
@MainActor
package final class FrameScheduler {
    /// The least time between two frames.
    package let interval: Duration
    private let draw: @MainActor () -> Void
    private let clock = ContinuousClock()
    private var lastFrame: ContinuousClock.Instant?
    private var isScheduled = false

    /// Draws with `draw`, at most once per `interval` (a 60 Hz frame by default).
    package init(interval: Duration = .milliseconds(16), draw: @escaping @MainActor () -> Void) {
        self.interval = interval
        self.draw = draw
    }

    /// Asks for a frame: drawn on the main queue's next turn, or when the interval since the last
    /// frame has passed; several requests before then make one frame.
    package func setNeedsDisplay() {
        guard !isScheduled else { return }
        isScheduled = true
        let wait = lastFrame.map { max(.zero, interval - $0.duration(to: clock.now)) } ?? .zero
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(wait / .nanoseconds(1)))) { [weak self] in
            MainActor.assumeIsolated { self?.drawFrame() }
        }
    }

    /// Draws a frame now (the first one, or after a resize).
    package func drawFrame() {
        isScheduled = false
        lastFrame = clock.now
        draw()
    }
}
