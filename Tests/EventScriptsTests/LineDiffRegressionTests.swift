import EventScripts
import Foundation
import Testing

/// Inputs the coverage-guided fuzzer (`Scripts/fuzz snapshot-diff`) found giving a malformed
/// diff, kept in Regressions/ as it saved them: two texts split at the first NUL byte.
@Suite("Line diffs the fuzzer found malformed") struct LineDiffRegressionTests {
    /// The expected text's line "\u{FFFD}\r" rendered as "-\u{FFFD}\r" and a line break: split by
    /// characters, "\r\n" hid the break, so a line of the diff could hold a line break.
    @Test func aLineEndingInCarriageReturnStaysOneDiffLine() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Regressions/line-ending-in-cr.diff-input")
        let bytes = [UInt8](try Data(contentsOf: url))
        let nul = try #require(bytes.firstIndex(of: 0))
        let expected = String(decoding: bytes[..<nul], as: UTF8.self)
        let actual = String(decoding: bytes[(nul + 1)...], as: UTF8.self)
        let diff = LineDiff.unified(expected: expected, actual: actual, context: 0)
        // `diff -U0` of the two texts gives this header and lines (and marks both last lines, which
        // lack a line feed; LineDiff marks them only when one text ends with a line feed).
        #expect(diff == "@@ -1 +1,2 @@\n-\u{FFFD}\r\n+\u{FFFD}-\n+\u{FFFD}\n")
        #expect(LineDiff.unified(expected: "a\r\nb\r\n", actual: "a\r\nc\r\n") == "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }
}
