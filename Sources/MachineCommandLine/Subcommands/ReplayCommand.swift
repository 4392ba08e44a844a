import EventScripts
import Foundation
import MachineRuntime

/// `NAME replay FILE...`: replays event scripts and prints their transcripts, compares them
/// with references (`--snapshot`, in ReplayCommand+Snapshots.swift), writes their expectations
/// (`--update`, in ReplayCommand+Update.swift), reports them as HTML (`--html`, in
/// ReplayCommand+HTML.swift), and saves and restores the machine's state (`--save-state`,
/// `--from-state`, in ReplayCommand+SavedState.swift).
struct ReplayCommand<V: ScriptVocabulary>: Sendable {
    let tool: String
    let vocabulary: V
    /// Checks and replays the scripts, compiled for the machine.
    let runner: ScriptRunner<V>
    let providers: Providers<V.Machine>
    /// The environment variable that records references: `NAME_RECORD`.
    let recordVariable: String
    /// How states are saved and restored, when the machine's are Codable.
    let savedStates: SavedStateFiles<V.Machine>?
    /// The tool's invariants, which a state restored by `--from-state` must hold.
    let invariants: [Invariant<V.Machine>]

    /// How transcripts and summary lines are printed.
    typealias Format = ReplayOptions.Format

    /// The options, declared once.
    var options: ReplayOptions { ReplayOptions(provider: providers.option, savesStates: savedStates != nil) }

    var subcommand: Subcommand {
        Subcommand(
            "replay", abstract: "Replay event scripts against the \(vocabulary.machineName) machine on a virtual clock.",
            arguments: [
                Argument("file", repeated: true, help: "Event scripts (.events) to replay; - reads one from standard input.")
            ],
            options: options.all,
            exitCodes: [
                .success: "every expectation held (with --update: after the update, which wrote the scripts that changed)",
                .failure:
                    "an expectation failed (the replay goes on, so every failure is reported); with --snapshot, a transcript that differs from its reference, a missing reference, or one just recorded; with --update, an expectation it cannot write; with --update --check, a script that would change",
                .invalid:
                    "a script is invalid (syntax, unknown words, wrong types, a respond with no request, no statement at all); --update never rewrites it",
            ],
            discussion: """
                With several scripts the tool exits with the highest status.

                SNAPSHOTS:
                  --snapshot prints one line per script (MATCH, MISMATCH and its diff, MISSING, RECORDED).
                  References are written only when asked: --record (missing ones), --record=all, or
                  \(recordVariable)=missing|all|never (any other value is a usage error). On CI (CI set)
                  nothing is ever written. A reference is written as --output writes a file (a symbolic
                  link written through); one that is a folder or cannot be read or written is status 74.
                  --quiet changes nothing: a snapshot prints one line per script already.

                \(htmlDiscussion)

                UPDATE:
                  A bare `expect` after an input is a placeholder: --update replaces it with the exact
                  expectations of what that input did (an expect per control state and field that changed,
                  expect dropped for a late answer, then expect commands [...] or expect ignored), and
                  rewrites each failing `expect PATH == VALUE` (or ~=) and `expect commands [...]` to the
                  actual value. Nothing else in the file changes. Other failing expectations (!=, <, expect
                  command, expect ignored, expect dropped, a value the script language cannot write) stay
                  and fail. Each changed script's diff is printed (--- a/FILE +++ b/FILE) and the script is
                  written atomically; with --check nothing is written. --update reads files, not standard
                  input.

                Options given together that do not go together are a usage error (status 64).
                """ + savedStateDiscussion,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let options = options
        let files = arguments.positional
        try InputFiles.check(files)
        let format = arguments[options.format]
        let provider = try providers.provider(named: arguments[options.provider])
        if arguments[options.update] { return try update(files, invocation, provider: provider) }
        if let directory = arguments[options.html] {
            return try reportHTML(files, into: directory, invocation, provider: provider, format: format)
        }
        let plan = try savedStatePlan(invocation, files: files, provider: provider)
        if let snapshots = arguments[options.snapshot] {
            return try snapshot(files, into: snapshots, invocation, provider: provider)
        }
        let destinations = try transcriptPaths(
            files, in: arguments[options.output], extension: format == .json ? "jsonl" : "transcript")
        let summarise = arguments[options.quiet] || !destinations.isEmpty
        var status = ExitCode.success
        var standardOutput = invocation.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            var outcome: Outcome
            var checked = false
            do {
                // Checked whole first, so that an invalid script runs nothing; then its program
                // runs (the script's text is never held whole).
                let script = try runner.check(try invocation.script(file), file: name)
                checked = true
                if plan.start != nil, let refused = givensRefused(script.givens, file: name) { throw refused }
                var runtime = plan.start ?? Runtime(table: vocabulary.table, state: script.initialState, provider: provider)
                if let path = destinations[file] {
                    outcome = .passed(expectations: 0)
                    try OutputFile.write(path) { output in
                        outcome = try play(script, on: &runtime, format, quiet: false, invocation.streams, into: &output)
                        if case .invalid = outcome { return false }
                        return true
                    }
                } else {
                    outcome = try play(
                        script, on: &runtime, format, quiet: summarise, invocation.streams, into: &standardOutput)
                }
                if let path = plan.saveTo, ExitCode(outcome.exitCode) != .invalid { try saveState(of: runtime, to: path) }
                if case .failed = outcome, provider == nil, let hint = providers.hint(file: name, requests: runtime.requests) {
                    invocation.printError(hint)
                }
            } catch let error as ScriptError {
                outcome = .invalid(error)
                invocation.printError(error.description)
                // Nothing of it ran: its transcript is its header and its end, as that of a
                // script that stops at run time.
                if !summarise { transcribe(invalid: error, file: name, format, into: &standardOutput) }
            } catch let error as ToolError {
                invocation.printError("error: \(error)")
                status = max(status, .cannotReadOrWrite)
                if summarise {
                    // UNREADABLE: the script could not be read; ERROR: a file could not be read or
                    // written once it ran (its transcript, the saved state).
                    let word = checked ? "error" : "unreadable"
                    let line =
                        format == .json
                        ? JSONSummary(file: name, outcome: word, error: error).line : "\(word.uppercased()) \(name)"
                    standardOutput.write(line + "\n")
                }
                continue
            }
            if summarise { standardOutput.write(summary(of: outcome, file: name, format: format) + "\n") }
            status = max(status, ExitCode(outcome.exitCode))
        }
        try standardOutput.finish("the transcript to standard output")
        return status
    }

    /// With `--output` (or `--html`), where each script's transcript (or report) goes, in a folder
    /// created when missing; two scripts that would write the same file are an error before
    /// anything is written.
    func transcriptPaths(_ files: [String], in directory: String?, extension: String) throws -> [String: String] {
        guard let directory else { return [:] }
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ToolError("cannot create the folder '\(directory)': \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw ToolError("cannot write to '\(directory)': it is not a folder")
        }
        var paths: [String: String] = [:]
        var writers: [String: String] = [:]
        for file in files {
            let path = URL(fileURLWithPath: directory)
                .appendingPathComponent(InputFiles.baseName(file) + "." + `extension`).path
            if let other = writers[path] {
                throw UsageError("'\(other)' and '\(file)' would both write \(path); replay them into different folders")
            }
            writers[path] = file
            paths[file] = path
            try InputFiles.refuseWriting(path, over: files, as: "the output")
        }
        return paths
    }

    /// Replays `script` into the sink that `format` and `quiet` ask for.
    private func play(
        _ script: CheckedScript<V>, on runtime: inout Runtime<V.Machine>,
        _ format: Format, quiet: Bool, _ streams: StandardStreams, into output: inout BufferedOutput
    ) throws -> Outcome {
        var diagnostics = Diagnostics(streams: streams)
        if quiet { return try runner.play(script, on: &runtime, into: &diagnostics) }
        if format == .json {
            var sink = Tee(first: JSONTranscript(output: output), second: diagnostics)
            defer { output = sink.first.output }
            return try runner.play(script, on: &runtime, into: &sink)
        }
        var sink = Tee(first: BufferedTextTranscript(output: output), second: diagnostics)
        defer { output = sink.first.output }
        return try runner.play(script, on: &runtime, into: &sink)
    }

    /// Writes the transcript of a script that never ran, `error` stopping it: its header and its end.
    private func transcribe(invalid error: ScriptError, file: String, _ format: Format, into output: inout BufferedOutput) {
        let entries: [TranscriptEntry] = [
            .header(file: file, machine: vocabulary.machineName, givens: []), .end(.invalid(error)),
        ]
        switch format {
        case .text:
            var transcript = BufferedTextTranscript(output: output)
            for entry in entries { transcript.write(entry) }
            output = transcript.output
        case .json:
            var transcript = JSONTranscript(output: output)
            for entry in entries { transcript.write(entry) }
            output = transcript.output
        }
    }

    func summary(of outcome: Outcome, file: String, format: Format) -> String {
        switch format {
        case .text:
            switch outcome {
            case .passed(let expectations): "PASS \(file) (\(expectations) expectation\(expectations == 1 ? "" : "s"))"
            case .failed(let failures, let expectations):
                "FAIL \(file) (\(failures) of \(expectations.counted("expectation")) failed)"
            case .invalid: "INVALID \(file)"
            }
        case .json:
            JSONSummary(outcome, file: file).line
        }
    }
}
