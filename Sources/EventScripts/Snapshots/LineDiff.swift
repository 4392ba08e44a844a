/// A readable line diff of two texts: `-` lines are expected, `+` lines actual, with a few lines
/// of context around each change, in hunks headed as `diff -u` heads them.
///
/// A hunk header is `@@ -start,count +start,count @@`, where a count of 1 is left out
/// (`@@ -3 +3 @@`) and an empty range starts at the line before it (`@@ -0,0 +1 @@` for lines
/// added to an empty text). A line is the bytes up to and including a line feed; a text's final
/// line feed ends its last line and starts none, so `"a\n"` is one line. When both texts have
/// lines and only one ends with a line feed, a last line that lacks one is followed by
/// `\ No newline at end of file`, as in `diff -u`; otherwise the marker is left out (dumps that
/// never end with a line feed read better without it).
public enum LineDiff {
    /// The diff of `expected` and `actual`, or `nil` when they are equal.
    ///
    /// Common leading and trailing lines are set aside first; the rest is aligned by Myers'
    /// difference algorithm, which finds the fewest removed and added lines in time proportional
    /// to the lines times the changes (a few changes in a long text cost a few passes over it).
    /// When both middles are longer than `maximumAligned` lines, they are shown whole as removed
    /// and added rather than aligned.
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
        let marksMissingNewline = endsWithoutNewline(expected) != endsWithoutNewline(actual) && !old.isEmpty && !new.isEmpty
        return render(edits, context: context, marksMissingNewline: marksMissingNewline)
    }

    /// Whether `text` has a last line that no line feed ends.
    private static func endsWithoutNewline(_ text: String) -> Bool {
        guard let last = text.utf8.last else { return false }
        return last != UInt8(ascii: "\n")
    }

    enum Edit: Equatable {
        case same(Substring), removed(Substring), added(Substring)
    }

    /// Lines are the same when their Unicode scalars are (no normalisation).
    private static func same(_ a: Substring, _ b: Substring) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Lines end after every LF byte, which they keep (a CR before it included: split by
    /// characters, "\r\n" is one character and would hide the break); the last line may have
    /// none, and a final LF starts no line. A line that has its LF differs from one that does not.
    private static func lines(_ text: String) -> [Substring] {
        let bytes = text.utf8
        var lines: [Substring] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            let end = bytes.index(after: index)
            lines.append(Substring(bytes[start..<end]))
            start = end
        }
        if start != bytes.endIndex { lines.append(Substring(bytes[start...])) }
        return lines
    }

    /// Removals and additions that turn `old` into `new`, fewest first: Myers' O(ND) difference
    /// algorithm in linear space (each step finds the middle snake of an optimal path and splits
    /// there), so that a few changes in long texts cost a few passes over them, not a table of
    /// every pair of lines. Within each run of changed lines the removed ones come first.
    static func align(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        // Lines as numbers, equal when their bytes are (not by `==`, which normalises).
        var numbers: [LineBytes: Int] = [:]
        func number(_ line: Substring) -> Int {
            let key = LineBytes(line: line)
            if let known = numbers[key] { return known }
            numbers[key] = numbers.count
            return numbers.count - 1
        }
        var aligner = MyersAligner(old: old.map(number), new: new.map(number))
        aligner.align(old: 0..<old.count, new: 0..<new.count)
        var edits: [Edit] = []
        edits.reserveCapacity(aligner.steps.count)
        var added: [Edit] = []
        var (i, j) = (0, 0)
        for step in aligner.steps {
            switch step {
            case .same:
                edits += added
                added.removeAll(keepingCapacity: true)
                edits.append(.same(old[i]))
                i += 1
                j += 1
            case .removed:
                edits.append(.removed(old[i]))
                i += 1
            case .added:
                added.append(.added(new[j]))
                j += 1
            }
        }
        return edits + added
    }

    private static func render(_ edits: [Edit], context: Int, marksMissingNewline: Bool) -> String {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        var text = ""
        func append(_ prefix: String, _ line: Substring) {
            text += prefix
            text.append(contentsOf: line)
            guard line.utf8.last != UInt8(ascii: "\n") else { return }
            text += "\n"
            if marksMissingNewline { text += "\\ No newline at end of file\n" }
        }
        var index = 0
        var oldLine = 1
        var newLine = 1
        var hunkStart = 0
        while index < changed.count {
            // Grow a hunk while at most two contexts of unchanged lines part the next change from
            // the last one (as diff -u does: their contexts would meet or overlap).
            var last = index
            while last + 1 < changed.count, changed[last + 1] - changed[last] - 1 <= 2 * context { last += 1 }
            let from = max(0, changed[index] - context)
            let to = min(edits.count, changed[last] + context + 1)
            for edit in edits[hunkStart..<from] {
                if case .same = edit { oldLine += 1; newLine += 1 }
            }
            let hunk = edits[from..<to]
            let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
            let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
            text += "@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n"
            for edit in hunk {
                switch edit {
                case .same(let line): append(" ", line); oldLine += 1; newLine += 1
                case .removed(let line): append("-", line); oldLine += 1
                case .added(let line): append("+", line); newLine += 1
                }
            }
            hunkStart = to
            index = last + 1
        }
        return text
    }

    /// A hunk's range of `count` lines from line `start`, as `diff -u` writes it: `start` alone for
    /// one line, and for none the line before the range (0 at the start of the text), then `,0`.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start - 1),0"
        case 1: "\(start)"
        default: "\(start),\(count)"
        }
    }
}

/// A line compared and hashed by its bytes (`Substring`'s own `==` and hash follow Unicode
/// canonical equivalence, where a diff must tell "\u{E9}" from "e\u{301}").
struct LineBytes: Hashable {
    let line: Substring

    static func == (a: LineBytes, b: LineBytes) -> Bool { a.line.utf8.elementsEqual(b.line.utf8) }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = line.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            Array(line.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        hasher.combine(line.utf8.count)
    }
}

/// Myers' difference algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986) on two
/// sequences of numbers, in linear space: the steps of a shortest edit script, in order.
struct MyersAligner {
    enum Step { case same, removed, added }

    let old: [Int]
    let new: [Int]
    private(set) var steps: [Step] = []
    /// The furthest x reached on each diagonal, forwards and backwards (reused by every split).
    private var forward: [Int] = []
    private var backward: [Int] = []

    init(old: [Int], new: [Int]) {
        self.old = old
        self.new = new
        steps.reserveCapacity(old.count + new.count)
    }

    /// Appends the steps that turn `old[a]` into `new[b]`.
    mutating func align(old a: Range<Int>, new b: Range<Int>) {
        var (a, b) = (a, b)
        while !a.isEmpty, !b.isEmpty, old[a.lowerBound] == new[b.lowerBound] {
            steps.append(.same)
            a = (a.lowerBound + 1)..<a.upperBound
            b = (b.lowerBound + 1)..<b.upperBound
        }
        var suffix = 0
        while suffix < a.count, suffix < b.count, old[a.upperBound - 1 - suffix] == new[b.upperBound - 1 - suffix] {
            suffix += 1
        }
        a = a.lowerBound..<(a.upperBound - suffix)
        b = b.lowerBound..<(b.upperBound - suffix)
        if a.isEmpty {
            steps += repeatElement(.added, count: b.count)
        } else if b.isEmpty {
            steps += repeatElement(.removed, count: a.count)
        } else if let (x, y) = middle(a, b) {
            align(old: a.lowerBound..<x, new: b.lowerBound..<y)
            align(old: x..<a.upperBound, new: y..<b.upperBound)
        } else {
            steps += repeatElement(.removed, count: a.count)
            steps += repeatElement(.added, count: b.count)
        }
        steps += repeatElement(.same, count: suffix)
    }

    /// A point (in `old`, in `new`) on a shortest edit path of `a` and `b`, both non-empty, that
    /// splits it into two shorter ones; `nil` when they have no line in common. Paths that leave
    /// the grid are dropped from the ends of the diagonals searched.
    private mutating func middle(_ a: Range<Int>, _ b: Range<Int>) -> (Int, Int)? {
        let (n, m) = (a.count, b.count)
        let maximum = (n + m + 1) / 2
        let offset = maximum
        // Diagonals -maximum...maximum, and one beyond each end that the first steps read.
        let length = 2 * maximum + 2
        forward.removeAll(keepingCapacity: true)
        forward.append(contentsOf: repeatElement(-1, count: length))
        backward.removeAll(keepingCapacity: true)
        backward.append(contentsOf: repeatElement(-1, count: length))
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let front = delta % 2 != 0
        var (forwardStart, forwardEnd, backwardStart, backwardEnd) = (0, 0, 0, 0)
        for d in 0..<maximum {
            for k in stride(from: -d + forwardStart, through: d - forwardEnd, by: 2) {
                var x =
                    k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
                    ? forward[offset + k + 1] : forward[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[a.lowerBound + x] == new[b.lowerBound + y] {
                    x += 1
                    y += 1
                }
                forward[offset + k] = x
                if x > n {
                    forwardEnd += 2
                } else if y > m {
                    forwardStart += 2
                } else if front {
                    let other = offset + delta - k
                    if other >= 0, other < length, backward[other] != -1, x >= n - backward[other] {
                        return (a.lowerBound + x, b.lowerBound + y)
                    }
                }
            }
            for k in stride(from: -d + backwardStart, through: d - backwardEnd, by: 2) {
                var x =
                    k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
                    ? backward[offset + k + 1] : backward[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[a.upperBound - 1 - x] == new[b.upperBound - 1 - y] {
                    x += 1
                    y += 1
                }
                backward[offset + k] = x
                if x > n {
                    backwardEnd += 2
                } else if y > m {
                    backwardStart += 2
                } else if !front {
                    let other = offset + delta - k
                    if other >= 0, other < length, forward[other] != -1 {
                        let forwardX = forward[other]
                        let forwardY = offset + forwardX - other
                        if forwardX >= n - x { return (a.lowerBound + forwardX, b.lowerBound + forwardY) }
                    }
                }
            }
        }
        return nil
    }
}
