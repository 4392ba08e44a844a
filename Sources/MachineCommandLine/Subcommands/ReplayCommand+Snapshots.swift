import EventScripts
import Foundation
import MachineRuntime
import ScriptFiles

extension ReplayCommand {
    /// The options `--snapshot` does not go with, and why; the saved-state options are refused
    /// where they are read (`savedStatePlan`). `--quiet` goes with it and changes nothing: a
    /// snapshot run prints one line per script already.
    static var snapshotRefusals: [(option: String, reason: String)] {
        [
            ("output", "it compares each transcript with its reference instead of writing it"),
            ("format", "references are text transcripts"),
        ]
    }

    /// `--snapshot DIR`: compares each script's transcript with its reference, recording as
    /// `--record` or the environment variable ``recordVariable`` says.
    func snapshot(
        _ files: [String], into directory: String, _ invocation: Invocation, answerer: Answerer<V.Machine>?
    ) throws -> ExitCode {
        let arguments = invocation.arguments
        for (other, reason) in Self.snapshotRefusals where arguments.value(other) != nil || arguments.has(other) {
            throw UsageError("--snapshot does not go with --\(other): \(reason)")
        }
        var explicit: SnapshotRecordMode?
        if arguments.has("record") {
            let value = arguments.value("record") ?? "missing"
            guard let mode = SnapshotRecordMode(rawValue: value) else {
                throw UsageError("--record takes missing, all or never, not '\(value)'")
            }
            explicit = mode
        }
        let environment = invocation.environment
        let mode: SnapshotRecordMode
        do {
            mode = try SnapshotRecordMode.resolve(explicit, environment: environment, variable: recordVariable)
        } catch {
            throw UsageError(error.description)
        }
        let store = SnapshotStore(
            directory: URL(fileURLWithPath: directory), mode: mode,
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment))
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var status = ExitCode.success
        var output = invocation.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            let base = InputFiles.baseName(file)
            let reference = store.referenceURL(for: base).path
            let transcript: (outcome: Outcome, text: String)
            do {
                transcript = try player.transcript(
                    of: try checker.check(try invocation.read(file), file: name), answerer: answerer)
            } catch let error as ToolError {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
                continue
            } catch {
                invocation.printError("\(error)")
                output.write("INVALID \(name)\n")
                status = max(status, .invalid)
                continue
            }
            if case .invalid(let error) = transcript.outcome {
                invocation.printError(error.description)
                output.write("INVALID \(name)\n")
                status = max(status, .invalid)
                continue
            }
            let outcome: SnapshotStore.Outcome
            do {
                outcome = try store.verify(transcript.text, named: base)
            } catch {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
                continue
            }
            switch outcome {
            case .matched:
                output.write("MATCH \(name)\n")
            case .mismatched(let diff):
                output.write("MISMATCH \(name): differs from \(reference) (- reference, + actual)\n\(diff)")
            case .missing:
                let why = store.isContinuousIntegration ? "CI never records" : "record it with --record"
                output.write("MISSING \(name): no reference \(reference) (\(why))\n")
            case .recorded(let previous):
                output.write("RECORDED \(name) → \(reference)\(previous.map { " (- old, + new)\n\($0)" } ?? "\n")")
            }
            status = max(status, outcome.isFailure ? .failure : .success, ExitCode(transcript.outcome.exitCode))
        }
        try output.finish("standard output")
        return status
    }
}
