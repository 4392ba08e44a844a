import Foundation

/// A progress line on standard error for work that takes more than a second: shown only when
/// standard error is a terminal (never in pipes, files or CI logs), rewritten in place, and
/// cleared when the work ends.
struct Progress {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = ContinuousClock.now
    private var shown = false

    /// Shows `text` once the work has taken more than a second.
    mutating func update(_ text: @autoclosure () -> String) {
        guard enabled, ContinuousClock.now - start > .seconds(1) else { return }
        _ = BufferedOutput.writeAll(Array("\r\u{1B}[K\(text())".utf8), to: STDERR_FILENO)
        shown = true
    }

    /// Clears the line.
    mutating func finish() {
        guard shown else { return }
        _ = BufferedOutput.writeAll(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
        shown = false
    }
}
