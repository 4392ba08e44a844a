import EventScripts
import Foundation
import MachineTesting
import ScriptFiles
import ScriptTestSupport
import Testing

@Suite("Line diffs") struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(diff(expected: "a\nb\n", actual: "a\nb\n") == nil)
    }

    @Test func aChangedLineShowsWithContext() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            diff(expected: expected, actual: actual) == """
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func distantChangesMakeSeparateHunks() {
        let expected = (1...20).map { "\($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(
            of: "\n19\n", with: "\nnineteen\n")
        let diff = diff(expected: expected, actual: actual, context: 1) ?? ""
        #expect(diff.components(separatedBy: "@@ -").count - 1 == 2)
        #expect(diff.contains("@@ -1,3 +1,3 @@\n 1\n-2\n+two\n 3\n"))
        #expect(diff.contains("@@ -18,3 +18,3 @@\n 18\n-19\n+nineteen\n 20\n"))
    }

    @Test func insertionsAndRemovals() {
        #expect(diff(expected: "a\nc", actual: "a\nb\nc") == "@@ -1,2 +1,3 @@\n a\n+b\n c\n")
        #expect(diff(expected: "a\nb\nc", actual: "a\nc") == "@@ -1,3 +1,2 @@\n a\n-b\n c\n")
    }

    @Test func linesCompareByScalars() {
        #expect(diff(expected: "\u{E9}", actual: "e\u{301}") == "@@ -1 +1 @@\n-\u{E9}\n+e\u{301}\n")
    }
}

/// Hunk headers and bodies as GNU `diff -u` (diffutils 3.8) prints them. Each expectation was
/// made once by hand: the two texts written with `printf` to files `o` and `n`, then
/// `diff -U<context> o n`, its two file-name lines left out.
@Suite("Line diffs, as diff -u prints them") struct LineDiffAsDiffUTests {
    /// `printf 'old\n'` against `seq 1 59`: the audit's case. One old line is `-1` (a count of 1
    /// is left out), and the final line feeds add no empty line to either count.
    @Test func aCountOfOneIsLeftOutAndAFinalLineFeedIsNoLine() {
        let fiftyNine = (1...59).map { "\($0)\n" }.joined()
        let lines = diff(expected: "old\n", actual: fiftyNine)
        #expect(lines == "@@ -1 +1,59 @@\n-old\n" + (1...59).map { "+\($0)\n" }.joined())
        // printf 'old\n' against printf 'a\nb\nc\n'.
        #expect(diff(expected: "old\n", actual: "a\nb\nc\n") == "@@ -1 +1,3 @@\n-old\n+a\n+b\n+c\n")
        // printf 'a\n' against printf 'b\n': @@ -1 +1 @@.
        #expect(diff(expected: "a\n", actual: "b\n") == "@@ -1 +1 @@\n-a\n+b\n")
    }

    /// printf '' against printf 'a\n', and back: an empty range is 0,0 (the line before line 1).
    @Test func anEmptyTextIsTheEmptyRangeAtZero() {
        #expect(diff(expected: "", actual: "a\n") == "@@ -0,0 +1 @@\n+a\n")
        #expect(diff(expected: "a\n", actual: "") == "@@ -1 +0,0 @@\n-a\n")
    }

    /// With no context (`diff -U0`), an empty range inside a text starts at the line before it:
    /// printf 'a\nb\n' against printf 'a\nX\nb\n' is @@ -1,0 +2 @@, and the other way @@ -2 +1,0 @@.
    @Test func anEmptyRangeStartsAtTheLineBeforeIt() {
        #expect(diff(expected: "a\nb\n", actual: "a\nX\nb\n", context: 0) == "@@ -1,0 +2 @@\n+X\n")
        #expect(diff(expected: "a\nX\nb\n", actual: "a\nb\n", context: 0) == "@@ -2 +1,0 @@\n-X\n")
    }

    /// printf 'a\nb\n' against printf 'a\nb', and back: the last lines differ by their line feed,
    /// and the one without it is marked.
    @Test func aMissingFinalLineFeedIsADifferenceAndIsMarked() {
        #expect(
            diff(expected: "a\nb\n", actual: "a\nb")
                == "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
        #expect(
            diff(expected: "a\nb", actual: "a\nb\n")
                == "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }

    /// `seq 1 10` against it with 5 replaced by five: one hunk of 3 lines of context each side;
    /// and `seq 1 12` with its first and last lines replaced, `diff -U1`: two hunks.
    @Test func contextAndSeparateHunks() {
        let ten = (1...10).map { "\($0)\n" }.joined()
        #expect(
            diff(expected: ten, actual: ten.replacingOccurrences(of: "5\n", with: "five\n"))
                == "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n")
        let twelve = (1...12).map { "\($0)\n" }.joined()
        let changed = "x\n" + (2...11).map { "\($0)\n" }.joined() + "y\n"
        #expect(
            diff(expected: twelve, actual: changed, context: 1)
                == "@@ -1,2 +1,2 @@\n-1\n+x\n 2\n@@ -11,2 +11,2 @@\n 11\n-12\n+y\n")
    }

    /// `seq 1 20` with lines 3 and 10 replaced: six unchanged lines between the changes, which
    /// two contexts of 3 cover, so `diff -u` makes one hunk; with 3 and 11, seven, and two hunks.
    /// With no context, two adjacent changed lines are one hunk (`diff -U0`: @@ -3,2 +3,2 @@).
    @Test func changesMakeOneHunkWhenTheirContextsMeet() {
        let twenty = (1...20).map { "\($0)\n" }.joined()
        func replacing(_ lines: [Int: String]) -> String { (1...20).map { "\(lines[$0] ?? String($0))\n" }.joined() }
        let near = diff(expected: twenty, actual: replacing([3: "x", 10: "y"])) ?? ""
        #expect(near.hasPrefix("@@ -1,13 +1,13 @@\n"))
        #expect(near.components(separatedBy: "@@ -").count == 2)
        let far = diff(expected: twenty, actual: replacing([3: "x", 11: "y"])) ?? ""
        #expect(far.hasPrefix("@@ -1,6 +1,6 @@\n"))
        #expect(far.contains("\n@@ -8,7 +8,7 @@\n 8\n"))
        #expect(
            diff(expected: twenty, actual: replacing([3: "x", 4: "y"]), context: 0)
                == "@@ -3,2 +3,2 @@\n-3\n-4\n+x\n+y\n")
    }

    /// printf 'a\r\nb\r\n' against printf 'a\r\nc\r\n': a carriage return stays in its line.
    @Test func carriageReturnsStayInTheirLines() {
        #expect(diff(expected: "a\r\nb\r\n", actual: "a\r\nc\r\n") == "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }
}

@Suite("Snapshot store") struct SnapshotStoreTests {
    func folder() throws -> URL {
        try scratchFolder("snapshots")
    }

    func contents(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func neverRecordsAndReportsMissing() throws {
        let store = SnapshotStore(directory: try folder(), mode: .never, isContinuousIntegration: false)
        #expect(try store.verify("text", named: "a") == .missing)
        #expect(contents(store.referenceURL(for: "a")) == nil)
    }

    @Test func missingRecordsOnlyWhatIsMissing() throws {
        let store = SnapshotStore(directory: try folder(), mode: .missing, isContinuousIntegration: false)
        #expect(try store.verify("first", named: "a") == .recorded(previousDiff: nil))
        #expect(contents(store.referenceURL(for: "a")) == "first")
        #expect(try store.verify("first", named: "a") == .matched)
        guard case .mismatched(let diff) = try store.verify("second", named: "a") else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(diff == "@@ -1 +1 @@\n-first\n+second\n")
        #expect(contents(store.referenceURL(for: "a")) == "first")
    }

    @Test func allRewritesWhatDiffers() throws {
        let store = SnapshotStore(directory: try folder(), mode: .all, isContinuousIntegration: false)
        _ = try store.verify("first", named: "a")
        #expect(try store.verify("first", named: "a") == .matched)
        #expect(try store.verify("second", named: "a") == .recorded(previousDiff: "@@ -1 +1 @@\n-first\n+second\n"))
        #expect(contents(store.referenceURL(for: "a")) == "second")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(leftovers == ["a.transcript"])
    }

    @Test func continuousIntegrationNeverRecords() throws {
        for mode in SnapshotRecordMode.allCases {
            let store = SnapshotStore(directory: try folder(), mode: mode, isContinuousIntegration: true)
            #expect(try store.verify("text", named: "a") == .missing)
            #expect(contents(store.referenceURL(for: "a")) == nil)
        }
        let existing = SnapshotStore(directory: try folder(), mode: .missing, isContinuousIntegration: false)
        _ = try existing.verify("old", named: "a")
        let ci = SnapshotStore(directory: existing.directory, mode: .all, isContinuousIntegration: true)
        guard case .mismatched = try ci.verify("new", named: "a") else {
            Issue.record("CI must compare, not rewrite")
            return
        }
        #expect(contents(existing.referenceURL(for: "a")) == "old")
    }

    @Test(arguments: SnapshotRecordMode.allCases)
    func aReferenceThatIsAFolderIsAnErrorNotAMissingOne(mode: SnapshotRecordMode) throws {
        let store = SnapshotStore(directory: try folder(), mode: mode, isContinuousIntegration: false)
        let reference = store.referenceURL(for: "a")
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        #expect(throws: SnapshotError.cannotRead(reference.path, "it is a folder")) {
            try store.verify("text", named: "a")
        }
        #expect(
            SnapshotError.cannotRead(reference.path, "it is a folder").description
                == "cannot read the snapshot '\(reference.path)': it is a folder")
    }

    /// A reference that is a symbolic link is written through, as a tool's `--output` is: the
    /// link stays, its target gets the text and keeps its permissions.
    @Test func aReferenceThatIsALinkIsWrittenThrough() throws {
        let root = try folder()
        let target = root.appendingPathComponent("kept.transcript")
        try Data("old\n".utf8).write(to: target)
        chmod(target.path, 0o600)
        let store = SnapshotStore(
            directory: root.appendingPathComponent("refs"), mode: .all, isContinuousIntegration: false)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: store.referenceURL(for: "a").path, withDestinationPath: "../kept.transcript")
        _ = try store.verify("new\n", named: "a")
        #expect(contents(target) == "new\n")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: store.referenceURL(for: "a").path)
        #expect(link == "../kept.transcript", "the link stays")
        let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path) == ["a.transcript"])
        // The temporary file is written beside the link's target.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["kept.transcript", "refs"])
    }

    /// A reference's name may hold a `/`: its folder is made as the store's is.
    @Test func aReferenceInASubfolderIsRecorded() throws {
        let store = SnapshotStore(
            directory: try folder().appendingPathComponent("refs"), mode: .all, isContinuousIntegration: false)
        _ = try store.verify("hello\n", named: "group/case")
        #expect(contents(store.referenceURL(for: "group/case")) == "hello\n")
    }

    /// A reference that is a FIFO is refused without being opened (opening one waits for a writer).
    @Test func aReferenceThatIsAPipeIsRefusedWithoutWaiting() throws {
        let store = SnapshotStore(directory: try folder(), mode: .never, isContinuousIntegration: false)
        let path = store.referenceURL(for: "a").path
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: SnapshotError.cannotRead(path, "it is not a regular file")) { try store.verify("text", named: "a") }
    }

    @Test func aFolderThatIsAFileIsNamedWithTheSystemsReason() throws {
        let file = try folder().appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let inside = SnapshotStore(directory: file, mode: .missing, isContinuousIntegration: false)
        #expect(throws: SnapshotError.cannotRead(file.path + "/a.transcript", "Not a directory")) {
            try inside.verify("text", named: "a")
        }
    }

    @Test func theModeComesFromTheFlagThenTheEnvironment() throws {
        #expect(try SnapshotRecordMode.resolve(.all, environment: ["SNAPSHOT_RECORD": "never"]) == .all)
        #expect(try SnapshotRecordMode.resolve(nil, environment: ["SNAPSHOT_RECORD": "missing"]) == .missing)
        #expect(try SnapshotRecordMode.resolve(nil, environment: [:]) == .never)
        #expect(throws: SnapshotError.unknownRecordMode("sometimes")) {
            try SnapshotRecordMode.resolve(nil, environment: ["SNAPSHOT_RECORD": "sometimes"])
        }
        #expect(SnapshotRecordMode.isContinuousIntegration(["CI": "true"]))
        #expect(!SnapshotRecordMode.isContinuousIntegration(["CI": "false"]))
        #expect(!SnapshotRecordMode.isContinuousIntegration([:]))
    }
}

@Suite("assertTranscript") struct AssertTranscriptTests {
    let script = Array("send typed(\"pie\")\nexpect search == debouncing\n".utf8)

    func folder() throws -> URL {
        try scratchFolder("transcripts")
    }

    func check(in directory: URL, record: SnapshotRecordMode?, environment: [String: String] = [:], source: [UInt8]? = nil) {
        assertTranscript(
            ofScript: source ?? script, file: "story.events", vocabulary: LookupVocabulary(),
            matchesSnapshotIn: directory, named: "story", record: record, environment: environment)
    }

    @Test func recordingFailsOnceThenMatches() throws {
        let directory = try folder()
        let recorded = capturingTestIssues {
            check(in: directory, record: .missing)
        }
        #expect(recorded.count == 1)
        #expect(recorded.first?.hasPrefix("Recorded the transcript at") == true)
        let matched = capturingTestIssues {
            check(in: directory, record: nil)
        }
        #expect(matched.isEmpty)
    }

    @Test func aMissingReferenceFailsWithoutRecording() throws {
        let directory = try folder()
        let missing = capturingTestIssues {
            check(in: directory, record: nil)
        }
        #expect(missing.count == 1)
        #expect(missing.first?.contains("No reference transcript") == true)
        let onCI = capturingTestIssues {
            check(in: directory, record: .missing, environment: ["CI": "1"])
        }
        #expect(onCI.count == 1)
        #expect(onCI.first?.contains("CI never records") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aChangedBehaviourShowsAsATranscriptDiff() throws {
        let directory = try folder()
        let recorded = capturingTestIssues { check(in: directory, record: .missing) }
        #expect(recorded.count == 1)
        #expect(recorded.first?.hasPrefix("Recorded the transcript at") == true)
        let changed = capturingTestIssues {
            check(in: directory, record: nil, source: Array("send typed(\"pie\")\nsend cleared\n".utf8))
        }
        #expect(changed.count == 1)
        #expect(
            changed.first?.contains("+@0ms send cleared\n+  fired   clear\n+  state   search: debouncing → idle") == true)
    }

    @Test func failingExpectationsAndInvalidScriptsFail() throws {
        let directory = try folder()
        let failing = Array("send typed(\"pie\")\nexpect search == idle\n".utf8)
        let recorded = capturingTestIssues { check(in: directory, record: .missing, source: failing) }
        #expect(recorded.count == 2)
        #expect(recorded.first?.hasPrefix("The script's expectations failed") == true)
        #expect(recorded.last?.hasPrefix("Recorded the transcript at") == true)
        let failed = capturingTestIssues {
            check(in: directory, record: .never, source: failing)
        }
        #expect(failed.count == 1)
        #expect(failed.first?.hasPrefix("The script's expectations failed") == true)
        let invalid = capturingTestIssues {
            check(in: directory, record: .missing, source: Array("send teleport\n".utf8))
        }
        #expect(invalid.count == 1)
        #expect(invalid.first?.contains("unknown event 'teleport'") == true)
    }
}

/// The diff snapshots and state dumps show.
func diff(expected: String, actual: String, context: Int = 3, maximumAligned: Int = 2000) -> String? {
    TextDiff.unified(
        from: expected, to: actual, context: context, maximumAligned: maximumAligned, missingNewline: .markedWhenEndingsDiffer)
}
