import Foundation
import FuzzChecks
import ScriptFiles

/// Snapshot comparison: two texts (split at the first NUL byte) compared by a ``SnapshotStore``
/// reading the first as its reference. Equal texts give a match; different ones a diff whose
/// hunks, applied to the expected lines, give exactly the actual ones.
enum SnapshotDiff {
    /// A store in a folder of this process's own, made once.
    static let store: SnapshotStore = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-diff-fuzz-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make the folder for the store: \(error)")
        }
        return SnapshotStore(directory: directory, mode: .never, isContinuousIntegration: true)
    }()
    static let reference = store.referenceURL(for: "reference")

    static func test(_ bytes: [UInt8]) {
        let (first, second) = splitAtFirstNul(bytes)
        let expected = String(decoding: first, as: UTF8.self)
        let actual = String(decoding: second, as: UTF8.self)
        let equal = expected.utf8.elementsEqual(actual.utf8)
        writeReference(first)
        let outcome: SnapshotStore.Outcome
        do {
            outcome = try store.verify(actual, named: "reference")
        } catch {
            require(false, "verifying in mode never failed: \(error)")
            return
        }
        switch outcome {
        case .matched:
            require(equal, "a match of different texts")
        case .mismatched(let diff):
            require(!equal, "a mismatch of equal texts: \(diff)")
            require(
                apply(diff, to: lines(expected)) == lines(actual),
                "the diff does not turn the expected text into the actual one:\n\(diff)")
            // Marked only when both texts have lines and one lacks its final line break: the one
            // difference the lines without their breaks do not show.
            let marked =
                !lines(expected).isEmpty && !lines(actual).isEmpty
                && endsWithoutNewline(expected) != endsWithoutNewline(actual)
            require(
                diff.contains("\n\\ No newline at end of file\n") == marked,
                "a missing final line break is marked \(marked ? "nowhere" : "where none is missing"):\n\(diff)")
        case .missing, .recorded:
            require(false, "the store recorded or missed a reference it has, in mode never: \(outcome)")
        }
    }

    /// Writes the store's reference file with plain system calls: `Data.write(to:)` syncs the
    /// file to disk, which cost more than everything else the target does.
    static func writeReference(_ bytes: [UInt8]) {
        let descriptor = open(reference.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        require(descriptor >= 0, "cannot open the reference for the store: errno \(errno)")
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            require(count > 0, "cannot write the reference for the store: errno \(errno)")
            written += count
        }
    }

    /// Lines as the diff counts them, without their line breaks: a line ends at LF, CR LF or a
    /// lone CR, and a final break starts no line (`"a\n"` is one line, `""` none).
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(Substring(bytes[start..<index]))
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "\r"), index < bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
                index = bytes.index(after: index)
            }
            start = index
        }
        if start < bytes.endIndex { lines.append(Substring(bytes[start...])) }
        return lines
    }

    /// Whether `text` has a last line that no line break ends.
    static func endsWithoutNewline(_ text: String) -> Bool {
        text.utf8.last.map { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") } ?? false
    }

    /// A hunk header's range (`3`, `3,2`, `2,0`) as the index of its first line and its count, in
    /// `diff -u`'s form: a count of 1 is never written, and an empty range names the line before it.
    static func range(_ text: Substring, in header: Substring) -> (index: Int, count: Int) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        require(parts.count == 1 || parts.count == 2, "a bad range in \(header)")
        guard let start = Int(parts[0]), start >= 0 else {
            require(false, "a bad start in \(header)")
            return (0, 0)
        }
        guard parts.count == 2 else {
            require(start >= 1, "a one-line range before line 1 in \(header)")
            return (start - 1, 1)
        }
        guard let count = Int(parts[1]), count >= 0, count != 1 else {
            require(false, "a bad count in \(header) (a count of 1 is left out)")
            return (0, 0)
        }
        return count == 0 ? (start, 0) : (start - 1, count)
    }

    /// `old` with the diff's hunks applied; each hunk's header must give its own position and
    /// line counts, and its context and removed lines must be the old ones at that position.
    /// Lines are compared without their LF; `\ No newline at end of file` lines are checked by
    /// ``test(_:)``, and skipped here.
    static func apply(_ diff: String, to old: [Substring]) -> [Substring] {
        require(diff.utf8.last == UInt8(ascii: "\n"), "a diff without a final line break")
        var result: [Substring] = []
        var next = 0
        var diffLines = lines(diff)[...]
        while let header = diffLines.popFirst() {
            require(header.hasPrefix("@@ -") && header.hasSuffix(" @@"), "a bad hunk header: \(header)")
            let ranges = header.dropFirst(4).dropLast(3).split(separator: " ", omittingEmptySubsequences: false)
            require(ranges.count == 2 && ranges[1].hasPrefix("+"), "a bad hunk header: \(header)")
            let (oldIndex, oldCount) = range(ranges[0], in: header)
            let (newIndex, newCount) = range(ranges[1].dropFirst(), in: header)
            require(oldIndex >= next && oldIndex <= old.count, "hunk \(header) out of order after line \(next)")
            result += old[next..<oldIndex]
            require(newIndex == result.count, "hunk \(header) starts at new index \(newIndex), \(result.count) expected")
            next = oldIndex
            var (olds, news) = (0, 0)
            var afterLine = false
            while let line = diffLines.first, !line.hasPrefix("@@ ") {
                diffLines.removeFirst()
                // By bytes: the prefix and a combining mark after it are one character.
                let text = Substring(line.utf8.dropFirst())
                switch line.utf8.first {
                case UInt8(ascii: " "), UInt8(ascii: "-"):
                    require(
                        next < old.count && old[next].utf8.elementsEqual(text.utf8),
                        "hunk \(header): \(line.debugDescription) is not old line \(next + 1)")
                    next += 1
                    olds += 1
                    if line.utf8.first == UInt8(ascii: " ") { result.append(text); news += 1 }
                    afterLine = true
                case UInt8(ascii: "+"):
                    result.append(text)
                    news += 1
                    afterLine = true
                case UInt8(ascii: "\\"):
                    require(afterLine && line == "\\ No newline at end of file", "a bad marker: \(line.debugDescription)")
                    afterLine = false
                default:
                    require(false, "a diff line that is not context, removed or added: \(line.debugDescription)")
                }
            }
            require(olds == oldCount && news == newCount, "hunk \(header) holds \(olds) old and \(news) new lines")
        }
        return result + old[next...]
    }
}

runFuzzer { data, size in
    SnapshotDiff.test(bytes(data, size))
    return 0
}
