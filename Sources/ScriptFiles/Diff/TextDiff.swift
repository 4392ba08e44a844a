import EventScripts

/// The package's one line diff: an edit script of two texts' lines, and its rendering in hunks
/// headed as `diff -u` heads them. Snapshots, `MachineTestStore`'s state diffs and
/// `replay --update` all show changes through it.
///
/// A line is its bytes up to and including its line break: LF, CR LF or a lone CR, as in scripts
/// (a last line may have none). Lines are the same when their bytes are (no Unicode
/// normalisation: a diff must tell "\u{E9}" from "e\u{301}").
///
/// A hunk header is `@@ -start,count +start,count @@`, where a count of 1 is left out
/// (`@@ -3 +3 @@`) and an empty range starts at the line before it (`@@ -0,0 +1 @@` for lines
/// added to an empty text); changes at most twice `context` lines apart share a hunk; within a
/// run of changed lines the removed ones come first.
package enum TextDiff {
    /// One line of an edit script, with its line break.
    package enum Edit: Sendable, Equatable {
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

    /// When a last line without a line break is followed by `\ No newline at end of file`.
    package enum MissingNewline: Sendable {
        /// Always, as `diff -u` marks it: for files a patch applies to.
        case marked
        /// Only when one text ends with a line break and the other does not: for texts that
        /// never end with one (a state dump), which read better without the marker.
        case markedWhenEndingsDiffer
    }

    /// The lines of `bytes`, each with its line break. An empty text has no line.
    package static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
            if byte == UInt8(ascii: "\r"), index < bytes.endIndex, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            lines.append(bytes[start..<index])
            start = index
        }
        if start < bytes.endIndex { lines.append(bytes[start...]) }
        return lines
    }

    /// The edits that turn `old` into `new`, fewest first.
    ///
    /// Common leading and trailing lines are set aside first; the rest is aligned by Myers'
    /// difference algorithm, which finds the fewest removed and added lines in time proportional
    /// to the lines times the changes (a few changes in a long text cost a few passes over it).
    /// When both middles are longer than `maximumAligned` lines, they are shown whole as removed
    /// and added rather than aligned.
    package static func edits(from old: [UInt8], to new: [UInt8], maximumAligned: Int = 2000) -> [Edit] {
        let old = lines(old[...])
        let new = lines(new[...])
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        var edits: [Edit] = old[..<prefix].map { .same($0) }
        if oldMiddle.count > maximumAligned && newMiddle.count > maximumAligned {
            edits += oldMiddle.map { .removed($0) } + newMiddle.map { .added($0) }
        } else {
            edits += align(oldMiddle, newMiddle)
        }
        edits += old[(old.count - suffix)...].map { .same($0) }
        return edits
    }

    /// Removals and additions that turn `old` into `new`, fewest first (Myers' algorithm in
    /// linear space: each step finds the middle snake of an optimal path and splits there).
    static func align(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> [Edit] {
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func number(_ line: ArraySlice<UInt8>) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        var aligner = MyersAligner(old: old.map(number), new: new.map(number))
        aligner.align(old: 0..<old.count, new: 0..<new.count)
        var edits: [Edit] = []
        edits.reserveCapacity(aligner.steps.count)
        var (i, j) = (0, 0)
        for step in aligner.steps {
            switch step {
            case .same:
                edits.append(.same(old[i]))
                i += 1
                j += 1
            case .removed:
                edits.append(.removed(old[i]))
                i += 1
            case .added:
                edits.append(.added(new[j]))
                j += 1
            }
        }
        return edits
    }

    /// The hunks of `edits`, after `header` lines (`--- a/FILE` and `+++ b/FILE` for a file),
    /// or `nil` when every line is the same.
    package static func unified(
        _ edits: [Edit], header: [String] = [], context: Int = 3, missingNewline: MissingNewline
    ) -> String? {
        let edits = removalsFirst(edits)
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return nil }
        let marks: Bool
        switch missingNewline {
        case .marked: marks = true
        case .markedWhenEndingsDiffer:
            let oldEnds = edits.last(where: \.inOld).map(endsWithBreak)
            let newEnds = edits.last(where: \.inNew).map(endsWithBreak)
            marks = oldEnds != nil && newEnds != nil && oldEnds != newEnds
        }
        var text: [UInt8] = Array(header.map { $0 + "\n" }.joined().utf8)
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
                guard edit.line.last != UInt8(ascii: "\n") else { continue }
                // Every line of the diff ends with LF: a line a lone CR ends keeps its CR (so that
                // it reads as CR LF, one break) and is not marked; a line without a break is.
                text.append(UInt8(ascii: "\n"))
                if marks, !endsWithBreak(edit) { text += Array("\\ No newline at end of file\n".utf8) }
            }
            oldLine += oldCount
            newLine += newCount
            counted = to
            first = last + 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The diff of two texts, or `nil` when they are equal (see ``unified(_:header:context:missingNewline:)``).
    package static func unified(
        from old: String, to new: String, context: Int = 3, maximumAligned: Int = 2000, missingNewline: MissingNewline
    ) -> String? {
        guard !old.utf8.elementsEqual(new.utf8) else { return nil }
        return unified(
            edits(from: Array(old.utf8), to: Array(new.utf8), maximumAligned: maximumAligned), context: context,
            missingNewline: missingNewline)
    }

    private static func endsWithBreak(_ edit: Edit) -> Bool {
        guard let last = edit.line.last else { return false }
        return last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r")
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

    /// A hunk's range of `count` lines from line `start`: `start` alone for one line, and for none
    /// the line before the range (0 at the start of the text), then `,0`.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start - 1),0"
        case 1: "\(start)"
        default: "\(start),\(count)"
        }
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
