/// A unified diff, as `diff -u` and `git diff` print it: `--- a/FILE` and `+++ b/FILE`, then
/// hunks headed `@@ -line,count +line,count @@` with `context` unchanged lines around each change
/// (changes at most twice that far apart share a hunk), the removed lines of a change before its
/// added ones, a count of 1 left out, and `\ No newline at end of file` after a last line without
/// a line break.
///
/// It renders an edit script its caller already has (``ScriptUpdater`` knows which lines it
/// rewrote), so a diff of a long script with a change on every other line takes linear time.
public enum UnifiedDiff {
    /// One line of the edit script, with its line break (LF, CR LF or a lone CR; none for a last
    /// line without one).
    public enum Edit: Sendable, Equatable {
        /// A line in both texts.
        case same(ArraySlice<UInt8>)
        /// A line of the old text only.
        case removed(ArraySlice<UInt8>)
        /// A line of the new text only.
        case added(ArraySlice<UInt8>)

        /// The line's bytes.
        var line: ArraySlice<UInt8> {
            switch self {
            case .same(let line), .removed(let line), .added(let line): line
            }
        }

        var inOld: Bool { if case .added = self { false } else { true } }
        var inNew: Bool { if case .removed = self { false } else { true } }
    }

    /// The lines of `bytes`, each with its line break: a line ends at LF, CR LF or a lone CR, as
    /// in scripts. An empty text has no line.
    public static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            lines.append(bytes[start..<index])
            start = index
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// The diff of `edits` from the file `oldName` to `newName` (`a/FILE`, `b/FILE`), or `nil`
    /// when every line is the same.
    /// Within each run of changed lines, the removed ones are shown first, as `diff -u` shows them.
    public static func render(_ edits: [Edit], from oldName: String, to newName: String, context: Int = 3) -> String? {
        let edits = removalsFirst(edits)
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return nil }
        var text: [UInt8] = Array("--- \(oldName)\n+++ \(newName)\n".utf8)
        var oldLine = 1
        var newLine = 1
        var counted = 0
        var first = 0
        while first < changed.count {
            var last = first
            while last + 1 < changed.count, changed[last + 1] - changed[last] - 1 <= 2 * context { last += 1 }
            let from = max(0, changed[first] - context)
            let to = min(edits.count, changed[last] + context + 1)
            for edit in edits[counted..<from] {
                if edit.inOld { oldLine += 1 }
                if edit.inNew { newLine += 1 }
            }
            let hunk = edits[from..<to]
            let oldCount = hunk.filter(\.inOld).count
            let newCount = hunk.filter(\.inNew).count
            text += Array("@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n".utf8)
            for edit in hunk {
                switch edit {
                case .same: text.append(UInt8(ascii: " "))
                case .removed: text.append(UInt8(ascii: "-"))
                case .added: text.append(UInt8(ascii: "+"))
                }
                text += edit.line
                if let end = edit.line.last, end == UInt8(ascii: "\n") || end == UInt8(ascii: "\r") { continue }
                text += Array("\n\\ No newline at end of file\n".utf8)
            }
            oldLine += oldCount
            newLine += newCount
            counted = to
            first = last + 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `edits` with each run of changed lines reordered: its removed lines, then its added ones.
    private static func removalsFirst(_ edits: [Edit]) -> [Edit] {
        var ordered: [Edit] = []
        ordered.reserveCapacity(edits.count)
        var added: [Edit] = []
        for edit in edits {
            switch edit {
            case .same:
                ordered += added
                added.removeAll(keepingCapacity: true)
                ordered.append(edit)
            case .removed: ordered.append(edit)
            case .added: added.append(edit)
            }
        }
        return ordered + added
    }

    /// `start,count`, `start` alone for one line, and the line before for none.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start - 1),0"
        case 1: "\(start)"
        default: "\(start),\(count)"
        }
    }
}
