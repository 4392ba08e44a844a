import EventScripts
import Foundation
import FuzzChecks

/// Snapshot comparison: two texts (split at the first NUL byte) compared by ``LineDiff`` and by a
/// ``SnapshotStore`` reading the first as its reference. Equal texts give no diff and a match;
/// different ones a diff whose hunks, applied to the expected lines, give exactly the actual ones.
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
        let context = Int(first.first ?? 3) % 5
        let maximumAligned = second.count % 2 == 0 ? 2000 : 2
        let diff = LineDiff.unified(expected: expected, actual: actual, context: context, maximumAligned: maximumAligned)
        let equal = expected.utf8.elementsEqual(actual.utf8)
        require((diff == nil) == equal, "equal texts: \(equal), diff: \(diff ?? "none")")
        if let diff {
            require(
                apply(diff, to: lines(expected)) == lines(actual),
                "the diff does not turn the expected text into the actual one:\n\(diff)")
        }
        compareWithStore(expected: expected, actual: actual, diff: context == 3 && maximumAligned == 2000 ? diff : nil)
    }

    /// The store reads the reference back from its file and compares as the diff does: its diff
    /// is `diff` when the caller made one with the store's settings, and otherwise one whose hunks
    /// turn the expected lines into the actual ones (a third alignment of the same texts would
    /// cost a third of the target's time and check nothing new of the store).
    static func compareWithStore(expected: String, actual: String, diff expectedDiff: String?) {
        writeReference(Array(expected.utf8))
        do {
            let outcome = try store.verify(actual, named: "reference")
            switch outcome {
            case .matched: require(expected.utf8.elementsEqual(actual.utf8), "a match of different texts")
            case .mismatched(let diff):
                if let expectedDiff {
                    require(diff == expectedDiff, "the store's diff differs")
                } else {
                    require(
                        apply(diff, to: lines(expected)) == lines(actual),
                        "the store's diff does not give the actual text:\n\(diff)")
                }
            case .missing, .recorded: require(false, "the store recorded or missed a reference it has, in mode never: \(outcome)")
            }
        } catch {
            require(false, "verifying in mode never failed: \(error)")
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

    /// Lines as a line-based reader sees them: ending at every LF byte.
    static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// `old` with the diff's hunks applied; each hunk's header must give its own position and
    /// line counts, and its context and removed lines must be the old ones at that position.
    static func apply(_ diff: String, to old: [Substring]) -> [Substring] {
        require(diff.utf8.last == UInt8(ascii: "\n"), "a diff without a final line break")
        var result: [Substring] = []
        var next = 0
        var diffLines = lines(String(Substring(diff.utf8.dropLast())))[...]
        while let header = diffLines.popFirst() {
            let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            require(header.hasPrefix("@@ -") && header.hasSuffix(" @@") && numbers.count == 4, "a bad hunk header: \(header)")
            let (oldStart, oldCount, newStart, newCount) = (numbers[0], numbers[1], numbers[2], numbers[3])
            require(oldStart - 1 >= next && oldStart - 1 <= old.count, "hunk \(header) out of order after line \(next)")
            result += old[next..<(oldStart - 1)]
            require(newStart == result.count + 1, "hunk \(header) starts at new line \(newStart), \(result.count + 1) expected")
            next = oldStart - 1
            var (olds, news) = (0, 0)
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
                case UInt8(ascii: "+"):
                    result.append(text)
                    news += 1
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
