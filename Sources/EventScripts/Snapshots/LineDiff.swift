/// A readable line diff of two texts: `-` lines are expected, `+` lines actual, with a few lines
/// of context around each change, in hunks headed `@@ -line,count +line,count @@`.
public enum LineDiff {
    /// The diff of `expected` and `actual`, or `nil` when they are equal.
    ///
    /// Common leading and trailing lines are set aside first; the rest is aligned by a longest
    /// common subsequence of lines, which is exact for the usual few changed lines. When both
    /// middles are longer than `maximumAligned` lines, they are shown whole as removed and added
    /// rather than aligned.
    public static func unified(expected: String, actual: String, context: Int = 3, maximumAligned: Int = 2000) -> String? {
        guard !expected.utf8.elementsEqual(actual.utf8) else { return nil }
        let old = lines(expected)
        let new = lines(actual)
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
        { suffix += 1 }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        var edits: [Edit] = old[..<prefix].map { .same($0) }
        if oldMiddle.count > maximumAligned && newMiddle.count > maximumAligned {
            edits += oldMiddle.map { .removed($0) } + newMiddle.map { .added($0) }
        } else {
            edits += align(oldMiddle, newMiddle)
        }
        edits += old[(old.count - suffix)...].map { .same($0) }
        return render(edits, context: context)
    }

    enum Edit: Equatable {
        case same(Substring), removed(Substring), added(Substring)
    }

    /// Lines are the same when their Unicode scalars are (no normalisation).
    private static func same(_ a: Substring, _ b: Substring) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Lines end at every LF byte, a CR before it included: split by characters, "\r\n" is one
    /// character and would hide the break, leaving a diff line that holds a line break.
    private static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Removals and additions that turn `old` into `new`, through a longest common subsequence.
    static func align(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        let columns = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    same(old[i], new[j])
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, same(old[i], new[j]) {
                edits.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                edits.append(.removed(old[i]))
                i += 1
            } else {
                edits.append(.added(new[j]))
                j += 1
            }
        }
        return edits
    }

    private static func render(_ edits: [Edit], context: Int) -> String {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        var text = ""
        var index = 0
        var oldLine = 1
        var newLine = 1
        var hunkStart = 0
        while index < changed.count {
            // Grow a hunk while the next change is within two contexts of the last one.
            var last = index
            while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context { last += 1 }
            let from = max(0, changed[index] - context)
            let to = min(edits.count, changed[last] + context + 1)
            for edit in edits[hunkStart..<from] {
                if case .same = edit { oldLine += 1; newLine += 1 }
            }
            let hunk = edits[from..<to]
            let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
            let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
            text += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n"
            for edit in hunk {
                switch edit {
                case .same(let line): text += " \(line)\n"; oldLine += 1; newLine += 1
                case .removed(let line): text += "-\(line)\n"; oldLine += 1
                case .added(let line): text += "+\(line)\n"; newLine += 1
                }
            }
            hunkStart = to
            index = last + 1
        }
        return text
    }
}
