import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineRuntime

/// `address-picker replay FILE...`: replays event scripts and prints their transcripts.
enum ReplayCommand {
    static let options: [Arguments.Option] = [
        .flag("quiet", short: "q", help: "Print one line per script instead of its transcript."),
        .value("format", "format", help: "text (default) or json (JSON Lines: one object per entry, or per script with --quiet)."),
        .value("output", short: "o", "directory", help: "Write each transcript to <directory>/NAME.transcript (.jsonl for json), atomically."),
        .value("provider", "provider", help: "script (default): the script answers requests; gazetteer: the embedded geocoder."),
        .value("snapshot", "directory", help: "Compare each transcript with <directory>/NAME.transcript instead of printing it."),
        .optionalValue("record", "mode", help: "With --snapshot: write missing references (or all, with --record=all)."),
    ]

    static let help = helpText(
        overview: "Replay event scripts against the address-picker machine on a virtual clock.",
        usage: "address-picker replay <file> ... [--quiet] [--format <format>] [--output <directory>] [--provider <provider>] [--snapshot <directory> [--record[=<mode>]]]",
        arguments: [("<file>", "Event scripts (.events) to replay; - reads one from standard input.")],
        options: options,
        exitStatuses: [
            (0, "every expectation held"),
            (1, "an expectation failed (the replay goes on, so every failure is reported); with --snapshot, a transcript that differs from its reference, a missing reference, or one just recorded"),
            (2, "a script is invalid (syntax, unknown words, wrong types, a respond with no request, no statement at all)"),
        ],
        details: """
            With several scripts the tool exits with the highest status.

            SNAPSHOTS:
              References are written only when asked: --record (missing ones), --record=all, or
              ADDRESS_PICKER_RECORD=missing|all. On CI (CI set) nothing is ever written.
            """)

    enum Format: String { case text, json }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let files = arguments.positional
        try InputFiles.check(files)
        guard let format = Format(rawValue: arguments[value: "format"] ?? "text") else {
            throw UsageError("--format takes text or json, not '\(arguments[value: "format"] ?? "")'")
        }
        let answerer = try Providers.answerer(named: arguments[value: "provider"] ?? "script")
        if let snapshots = arguments[value: "snapshot"] {
            return try snapshot(files, into: snapshots, record: arguments, answerer: answerer)
        }
        if arguments.has("record") { throw UsageError("--record goes with --snapshot <directory>") }
        let destinations = try transcriptPaths(files, in: arguments[value: "output"], format: format)
        let summarise = arguments.has("quiet") || !destinations.isEmpty
        let vocabulary = AddressPickerVocabulary()
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var status = ExitStatus.success
        var standardOutput = BufferedOutput.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            var outcome: Outcome
            do {
                let program = try checker.program(from: try InputFiles.read(file), file: name)
                if let path = destinations[file] {
                    outcome = .passed(expectations: 0)
                    try OutputFile.write(path) { output in
                        outcome = play(program, player, answerer, format, quiet: false, into: &output)
                        if case .invalid = outcome { return false }
                        return true
                    }
                } else {
                    outcome = play(program, player, answerer, format, quiet: summarise, into: &standardOutput)
                }
            } catch let error as ScriptError {
                outcome = .invalid(error)
                printError(error.description)
            } catch let error as ToolError {
                printError("error: \(error)")
                status = max(status, ExitStatus.cannotReadOrWrite)
                continue
            }
            if summarise { standardOutput.write(summary(of: outcome, file: name, format: format) + "\n") }
            status = max(status, outcome.exitCode)
        }
        try standardOutput.finish("the transcript to standard output")
        return status
    }

    /// With `--output`, where each script's transcript goes; two scripts that would write the same
    /// file are an error before anything is written.
    private static func transcriptPaths(_ files: [String], in directory: String?, format: Format) throws -> [String: String] {
        guard let directory else { return [:] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ToolError("cannot write to '\(directory)': it is not a folder")
        }
        var paths: [String: String] = [:]
        var writers: [String: String] = [:]
        for file in files {
            let path = URL(fileURLWithPath: directory)
                .appendingPathComponent(InputFiles.baseName(file) + (format == .json ? ".jsonl" : ".transcript")).path
            if let other = writers[path] {
                throw UsageError("'\(other)' and '\(file)' would both write \(path); replay them into different folders")
            }
            writers[path] = file
            paths[file] = path
        }
        return paths
    }

    /// `--snapshot DIR`: compares each script's transcript with its reference.
    private static func snapshot(
        _ files: [String], into directory: String, record arguments: Arguments, answerer: Answerer<AddressPicker>?
    ) throws -> Int32 {
        var explicit: SnapshotRecordMode?
        if arguments.has("record") {
            let value = arguments[value: "record"] ?? "missing"
            guard let mode = SnapshotRecordMode(rawValue: value) else {
                throw UsageError("--record takes missing, all or never, not '\(value)'")
            }
            explicit = mode
        }
        let environment = ProcessInfo.processInfo.environment
        let store = SnapshotStore(
            directory: URL(fileURLWithPath: directory), mode: try SnapshotRecordMode.resolve(explicit, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment))
        let vocabulary = AddressPickerVocabulary()
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var status = ExitStatus.success
        var output = BufferedOutput.standardOutput
        for file in files {
            let name = InputFiles.displayName(file)
            let base = InputFiles.baseName(file)
            let reference = store.referenceURL(for: base).path
            let transcript: (outcome: Outcome, text: String)
            do {
                transcript = player.transcript(of: try checker.program(from: try InputFiles.read(file), file: name), answerer: answerer)
            } catch let error as ToolError {
                printError("error: \(error)")
                status = max(status, ExitStatus.cannotReadOrWrite)
                continue
            } catch {
                printError("\(error)")
                output.write("INVALID \(name)\n")
                status = max(status, ExitStatus.invalid)
                continue
            }
            if case .invalid(let error) = transcript.outcome {
                printError(error.description)
                output.write("INVALID \(name)\n")
                status = max(status, ExitStatus.invalid)
                continue
            }
            let outcome: SnapshotStore.Outcome
            do {
                outcome = try store.verify(transcript.text, named: base)
            } catch {
                printError("error: \(error)")
                status = max(status, ExitStatus.cannotReadOrWrite)
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
            status = max(status, outcome.isFailure ? ExitStatus.failure : ExitStatus.success, transcript.outcome.exitCode)
        }
        try output.finish("standard output")
        return status
    }

    private static func play<Output: TextOutputStream>(
        _ program: Program<AddressPicker>, _ player: Player<AddressPickerVocabulary>, _ answerer: Answerer<AddressPicker>?,
        _ format: Format, quiet: Bool, into output: inout Output
    ) -> Outcome {
        var diagnostics = Diagnostics()
        let outcome: Outcome
        if quiet {
            outcome = player.play(program, answerer: answerer, into: &diagnostics)
        } else if format == .json {
            var sink = Tee(first: JSONTranscript(output: output), second: diagnostics)
            outcome = player.play(program, answerer: answerer, into: &sink)
            output = sink.first.output
        } else {
            var sink = Tee(first: TextTranscript(output: output), second: diagnostics)
            outcome = player.play(program, answerer: answerer, into: &sink)
            output = sink.first.output
        }
        return outcome
    }

    private static func summary(of outcome: Outcome, file: String, format: Format) -> String {
        switch format {
        case .text:
            switch outcome {
            case .passed(let expectations): "PASS \(file) (\(expectations) expectation\(expectations == 1 ? "" : "s"))"
            case .failed(let failures, let expectations): "FAIL \(file) (\(failures) of \(expectations) expectations failed)"
            case .invalid: "INVALID \(file)"
            }
        case .json:
            JSONSummary(outcome, file: file).line
        }
    }
}

/// The line `--quiet --format json` prints for a script.
struct JSONSummary: Encodable {
    let file: String
    let outcome: String
    let expectations: Int?
    let failures: Int?
    let error: String?
    let exitCode: Int32

    init(_ outcome: Outcome, file: String) {
        self.file = file
        exitCode = outcome.exitCode
        switch outcome {
        case .passed(let expectations):
            (self.outcome, self.expectations, failures, error) = ("passed", expectations, 0, nil)
        case .failed(let failures, let expectations):
            (self.outcome, self.expectations, self.failures, error) = ("failed", expectations, failures, nil)
        case .invalid(let error):
            (self.outcome, expectations, failures, self.error) = ("invalid", nil, nil, error.description)
        }
    }

    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Reports failed expectations and run-time script errors on standard error.
struct Diagnostics: TranscriptSink {
    private var file = ""

    var wantsSteps: Bool { false }

    mutating func write(_ entry: TranscriptEntry) {
        switch entry {
        case .header(let file, _, _):
            self.file = file
        case .failure(let failure):
            printError("\(file):\(failure.location): expectation failed: \(failure.statement)\n"
                + "    expected: \(failure.expected)\n    actual:   \(failure.actual)")
        case .end(.invalid(let error)):
            printError(error.description)
        default:
            break
        }
    }
}

/// Sends every entry to two sinks.
struct Tee<First: TranscriptSink, Second: TranscriptSink>: TranscriptSink {
    var first: First
    var second: Second

    var wantsSteps: Bool { first.wantsSteps || second.wantsSteps }

    mutating func write(_ entry: TranscriptEntry) {
        first.write(entry)
        second.write(entry)
    }
}
