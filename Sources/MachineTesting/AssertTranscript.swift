import EventScripts
import Foundation
import MachineRuntime
import ScriptFiles
import Testing

/// Replays the event script at `url` and compares its transcript with the reference
/// `NAME.transcript` in `directory`, failing the test with a line diff when they differ.
///
/// References are recorded as `record` says, or as the environment variable `SNAPSHOT_RECORD`
/// (`SnapshotRecordMode/environmentVariable`) says when `record` is `nil` (`missing`, `all` or
/// `never`, the default). A recorded reference fails the test once, so
/// that it is reviewed. On CI (`CI` set), nothing is recorded and a missing reference fails.
/// The script itself must be valid and its expectations must hold.
public func assertTranscript<V: ScriptVocabulary>(
    ofScript url: URL, vocabulary: V, matchesSnapshotIn directory: URL, named name: String? = nil,
    record: SnapshotRecordMode? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let data = FileManager.default.contents(atPath: url.path) else {
        TestIssue.record("Cannot read the script \(url.path)", at: sourceLocation)
        return
    }
    assertTranscript(
        ofScript: [UInt8](data), file: url.lastPathComponent, vocabulary: vocabulary, matchesSnapshotIn: directory,
        named: name ?? url.deletingPathExtension().lastPathComponent, record: record, environment: environment,
        sourceLocation: sourceLocation)
}

/// Replays the script `source` and compares its transcript with the reference `name.transcript`
/// in `directory`; see ``assertTranscript(ofScript:vocabulary:matchesSnapshotIn:named:record:environment:sourceLocation:)``.
public func assertTranscript<V: ScriptVocabulary>(
    ofScript source: [UInt8], file: String, vocabulary: V, matchesSnapshotIn directory: URL, named name: String,
    record: SnapshotRecordMode? = nil, provider: Provider<V.Machine>? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let transcript: String
    do {
        let script = try ScriptChecker(vocabulary: vocabulary).check(source, file: file)
        let (outcome, text) = try Player(vocabulary: vocabulary).transcript(of: script, provider: provider)
        if case .failed = outcome {
            TestIssue.record("The script's expectations failed:\n\(text)", at: sourceLocation)
        }
        if case .invalid(let error) = outcome {
            TestIssue.record("The script is invalid: \(error)", at: sourceLocation)
            return
        }
        transcript = text
    } catch {
        TestIssue.record("The script is invalid: \(error)", at: sourceLocation)
        return
    }
    do {
        let store = SnapshotStore(
            directory: directory, mode: try SnapshotRecordMode.resolve(record, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment))
        let reference = store.referenceURL(for: name).path
        switch try store.verify(transcript, named: name) {
        case .matched:
            break
        case .mismatched(let diff):
            TestIssue.record(
                """
                The transcript differs from \(reference) (− reference, + actual):
                \(diff)
                Re-record with \(SnapshotRecordMode.environmentVariable)=all if the change is intended.
                """, at: sourceLocation)
        case .missing:
            let why =
                store.isContinuousIntegration
                ? "CI never records" : "record it with \(SnapshotRecordMode.environmentVariable)=missing"
            TestIssue.record("No reference transcript at \(reference) (\(why)).", at: sourceLocation)
        case .recorded(let previousDiff):
            TestIssue.record(
                "Recorded the transcript at \(reference)"
                    + (previousDiff.map { ", replacing (− old, + new):\n\($0)" } ?? ".")
                    + "\nReview it, then run again without recording.", at: sourceLocation)
        }
    } catch {
        TestIssue.record("\(error)", at: sourceLocation)
    }
}
