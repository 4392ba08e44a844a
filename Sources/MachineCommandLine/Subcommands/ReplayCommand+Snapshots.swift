import EventScripts
import Foundation
import MachineRuntime
import ScriptFiles

extension ReplayCommand {
    /// `--snapshot DIR`: compares each script's transcript with its reference, recording as
    /// `--record` or the environment variable ``recordVariable`` says.
    func snapshot(
        _ files: [String], into directory: String, _ invocation: Invocation, provider: Provider<V.Machine>?
    ) throws -> ExitCode {
        let explicit = invocation.arguments[options.record]
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
        // Before any is compared or written: two scripts of one name would share a reference,
        // and a reference written over a script would replace it.
        var readers: [String: String] = [:]
        for file in files {
            let reference = store.referenceURL(for: InputFiles.baseName(file)).path
            if let other = readers[reference] {
                throw UsageError(
                    "'\(other)' and '\(file)' would both have the reference \(reference); keep them in different snapshot folders"
                )
            }
            readers[reference] = file
            try InputFiles.refuseWriting(reference, over: files, as: "the reference")
        }
        var status = ExitCode.success
        var output = invocation.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            let base = InputFiles.baseName(file)
            let reference = store.referenceURL(for: base).path
            let transcript: (outcome: Outcome, text: String)
            do {
                let script = try runner.check(try invocation.script(file), file: name)
                var runtime = Runtime(table: vocabulary.table, state: script.initialState, provider: provider)
                var sink = TextTranscript(output: "")
                transcript = (try runner.play(script, on: &runtime, into: &sink), sink.output)
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
