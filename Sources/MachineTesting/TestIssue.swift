import Synchronization
import Testing

/// Where this module's assertions report what failed: to Swift Testing as an issue, or, inside
/// ``capturingTestIssues(_:)``, into a list that a test reads. The tests of the assertions' own
/// failure messages check them that way, without a known issue printed for each.
package enum TestIssue {
    /// The messages being captured, when a test captures them.
    @TaskLocal static var capture: Captured?

    /// The messages captured so far, in order.
    final class Captured: Sendable {
        let messages = Mutex<[String]>([])
    }

    /// Reports `message` as an issue at `location`, or captures it.
    static func record(_ message: String, at location: SourceLocation) {
        if let capture {
            capture.messages.withLock { $0.append(message) }
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    }

    /// Reports `message` as a known issue at `location` (visible, not a failure), or captures it.
    static func recordKnown(_ message: String, at location: SourceLocation) {
        if let capture {
            capture.messages.withLock { $0.append(message) }
        } else {
            withKnownIssue { Issue.record(Comment(rawValue: message), sourceLocation: location) }
        }
    }
}

/// Runs `body` and returns the messages of the issues this module's assertions reported in it,
/// in order, instead of recording them: for the tests of those messages.
package func capturingTestIssues(_ body: () throws -> Void) rethrows -> [String] {
    let captured = TestIssue.Captured()
    try TestIssue.$capture.withValue(captured) { try body() }
    return captured.messages.withLock { $0 }
}
