import Foundation

/// A progress line on standard error for work that takes more than a second: shown only when
/// standard error is a terminal (never in pipes, files or CI logs), rewritten in place, and
/// cleared when the work ends.
struct Progress {
    private let descriptor: Int32
    private let enabled: Bool
    private let start = ContinuousClock.now
    private var shown = false

    /// A progress line on `descriptor` (standard error).
    init(descriptor: Int32) {
        self.descriptor = descriptor
        enabled = isatty(descriptor) == 1
    }

    /// Shows `text` once the work has taken more than a second.
    mutating func update(_ text: @autoclosure () -> String) {
        guard enabled, ContinuousClock.now - start > .seconds(1) else { return }
        _ = BufferedOutput.writeAll(Array("\r\u{1B}[K\(text())".utf8), to: descriptor)
        shown = true
    }

    /// Clears the line.
    mutating func finish() {
        guard shown else { return }
        _ = BufferedOutput.writeAll(Array("\r\u{1B}[K".utf8), to: descriptor)
        shown = false
    }
}
