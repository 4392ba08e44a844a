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
        Issue.record(Comment(rawValue: "Cannot read the script \(url.path)"), sourceLocation: sourceLocation)
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
            Issue.record(Comment(rawValue: "The script's expectations failed:\n\(text)"), sourceLocation: sourceLocation)
        }
        if case .invalid(let error) = outcome {
            Issue.record(Comment(rawValue: "The script is invalid: \(error)"), sourceLocation: sourceLocation)
            return
        }
        transcript = text
    } catch {
        Issue.record(Comment(rawValue: "The script is invalid: \(error)"), sourceLocation: sourceLocation)
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
            Issue.record(
                Comment(
                    rawValue: """
                        The transcript differs from \(reference) (− reference, + actual):
                        \(diff)
                        Re-record with \(SnapshotRecordMode.environmentVariable)=all if the change is intended.
                        """), sourceLocation: sourceLocation)
        case .missing:
            let why =
                store.isContinuousIntegration
                ? "CI never records" : "record it with \(SnapshotRecordMode.environmentVariable)=missing"
            Issue.record(Comment(rawValue: "No reference transcript at \(reference) (\(why))."), sourceLocation: sourceLocation)
        case .recorded(let previousDiff):
            Issue.record(
                Comment(
                    rawValue: "Recorded the transcript at \(reference)"
                        + (previousDiff.map { ", replacing (− old, + new):\n\($0)" } ?? ".")
                        + "\nReview it, then run again without recording."), sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
    }
}
