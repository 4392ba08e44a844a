import EventScripts
import Foundation
import ScriptFiles
import Testing

/// Inputs the coverage-guided fuzzer (`Scripts/fuzz snapshot-diff`) found giving a malformed
/// diff, kept in Regressions/ as it saved them: two texts split at the first NUL byte.
@Suite("Line diffs the fuzzer found malformed") struct LineDiffRegressionTests {
    /// The expected text's line "\u{FFFD}\r" rendered as "-\u{FFFD}\r" and a line break: split by
    /// characters, "\r\n" hid the break, so a line of the diff could hold a line break. A lone
    /// CR ends a line, as in scripts.
    @Test func aLineEndingInCarriageReturnStaysOneDiffLine() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Regressions/line-ending-in-cr.diff-input")
        let bytes = [UInt8](try Data(contentsOf: url))
        let nul = try #require(bytes.firstIndex(of: 0))
        let expected = String(decoding: bytes[..<nul], as: UTF8.self)
        let actual = String(decoding: bytes[(nul + 1)...], as: UTF8.self)
        let diff = try #require(
            TextDiff.unified(from: expected, to: actual, context: 0, missingNewline: .markedWhenEndingsDiffer))
        // Each line of the diff is one line: a prefix, then text without a break but at its end.
        for line in TextDiff.lines(Array(diff.utf8)[...]) {
            #expect("@-+ \\".utf8.contains(line.first ?? 0))
        }
        // The old text ends with a break (its CR), the new one without: the last line is marked.
        // A line its CR ends is followed by an LF in the diff, so that every diff line ends with LF.
        #expect(diff == "@@ -1 +1,2 @@\n-\u{FFFD}\r\n+\u{FFFD}-\n+\u{FFFD}\n\\ No newline at end of file\n")
        #expect(
            TextDiff.unified(from: "a\r\nb\r\n", to: "a\r\nc\r\n", missingNewline: .markedWhenEndingsDiffer)
                == "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }
}
