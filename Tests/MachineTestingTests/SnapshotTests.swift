import EventScripts
import Foundation
import MachineTesting
import Testing

@Suite("Line diffs") struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(expected: "a\nb\n", actual: "a\nb\n") == nil)
    }

    @Test func aChangedLineShowsWithContext() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            LineDiff.unified(expected: expected, actual: actual) == """
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
        let diff = LineDiff.unified(expected: expected, actual: actual, context: 1) ?? ""
        #expect(diff.components(separatedBy: "@@ -").count - 1 == 2)
        #expect(diff.contains("@@ -1,3 +1,3 @@\n 1\n-2\n+two\n 3\n"))
        #expect(diff.contains("@@ -18,3 +18,3 @@\n 18\n-19\n+nineteen\n 20\n"))
    }

    @Test func insertionsAndRemovals() {
        #expect(LineDiff.unified(expected: "a\nc", actual: "a\nb\nc") == "@@ -1,2 +1,3 @@\n a\n+b\n c\n")
        #expect(LineDiff.unified(expected: "a\nb\nc", actual: "a\nc") == "@@ -1,3 +1,2 @@\n a\n-b\n c\n")
    }

    @Test func linesCompareByScalars() {
        #expect(LineDiff.unified(expected: "\u{E9}", actual: "e\u{301}") == "@@ -1,1 +1,1 @@\n-\u{E9}\n+e\u{301}\n")
    }
}

@Suite("Snapshot store") struct SnapshotStoreTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
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
        #expect(diff == "@@ -1,1 +1,1 @@\n-first\n+second\n")
        #expect(contents(store.referenceURL(for: "a")) == "first")
    }

    @Test func allRewritesWhatDiffers() throws {
        let store = SnapshotStore(directory: try folder(), mode: .all, isContinuousIntegration: false)
        _ = try store.verify("first", named: "a")
        #expect(try store.verify("first", named: "a") == .matched)
        #expect(try store.verify("second", named: "a") == .recorded(previousDiff: "@@ -1,1 +1,1 @@\n-first\n+second\n"))
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

    @Test func referencesAreWrittenByTheWriterGiven() throws {
        let refused = SnapshotError.cannotWrite("somewhere", "No space left on device")
        let store = SnapshotStore(
            directory: try folder().appendingPathComponent("new"), mode: .all, isContinuousIntegration: false,
            writer: { _, _ throws(SnapshotError) in throw refused })
        #expect(throws: refused) { try store.verify("text", named: "a") }
        #expect(contents(store.referenceURL(for: "a")) == nil)
        #expect(FileManager.default.fileExists(atPath: store.directory.path), "the store makes the folder first")
        #expect(refused.description == "cannot write the snapshot 'somewhere': No space left on device")
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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func check(in directory: URL, record: SnapshotRecordMode?, environment: [String: String] = [:], source: [UInt8]? = nil) {
        assertTranscript(
            ofScript: source ?? script, file: "story.events", vocabulary: LookupVocabulary(),
            matchesSnapshotIn: directory, named: "story", record: record, environment: environment)
    }

    @Test func recordingFailsOnceThenMatches() throws {
        let directory = try folder()
        withKnownIssue {
            check(in: directory, record: .missing)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Recorded the transcript at") }
        }
        check(in: directory, record: nil)
    }

    @Test func aMissingReferenceFailsWithoutRecording() throws {
        let directory = try folder()
        withKnownIssue {
            check(in: directory, record: nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No reference transcript") }
        }
        withKnownIssue {
            check(in: directory, record: .missing, environment: ["CI": "1"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("CI never records") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aChangedBehaviourShowsAsATranscriptDiff() throws {
        let directory = try folder()
        withKnownIssue { check(in: directory, record: .missing) }
        withKnownIssue {
            check(in: directory, record: nil, source: Array("send typed(\"pie\")\nsend cleared\n".utf8))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("+@0ms send cleared\n+  fired   clear\n+  state   search: debouncing → idle")
            }
        }
    }

    @Test func failingExpectationsAndInvalidScriptsFail() throws {
        let directory = try folder()
        let failing = Array("send typed(\"pie\")\nexpect search == idle\n".utf8)
        withKnownIssue { check(in: directory, record: .missing, source: failing) }
        withKnownIssue {
            check(in: directory, record: .never, source: failing)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("The script's expectations failed") }
        }
        withKnownIssue {
            check(in: directory, record: .missing, source: Array("send teleport\n".utf8))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("unknown event 'teleport'") }
        }
    }
}
