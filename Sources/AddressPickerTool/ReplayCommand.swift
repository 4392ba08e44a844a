import AddressPicker
import EventScripts
import Foundation
import MachineRuntime

/// `address-picker replay FILE...`: replays event scripts and prints their transcripts.
enum ReplayCommand {
    static let options: [Arguments.Option] = [
        .flag("quiet", short: "q", help: "Print one line per script instead of its transcript."),
        .value("format", "format", help: "text (default) or json (JSON Lines, one object per entry)."),
        .value("output", "directory", help: "Write each transcript to <directory>/NAME.transcript (.jsonl for json), atomically."),
        .value("provider", "provider", help: "script (default): the script answers requests; gazetteer: the embedded geocoder."),
        .value("snapshot", "directory", help: "Compare each transcript with <directory>/NAME.transcript instead of printing it."),
        .optionalValue("record", "mode", help: "With --snapshot: write missing references (or all, with --record=all)."),
    ]

    static let help = helpText(
        overview: "Replay event scripts against the address-picker machine on a virtual clock.",
        usage: "address-picker replay <file> ... [--quiet] [--format <format>] [--output <directory>] [--provider <provider>] [--snapshot <directory> [--record[=<mode>]]]",
        arguments: [("<file>", "Event scripts (.events) to replay.")],
        options: options) + """

        EXIT STATUS:
          0  every expectation held
          1  an expectation failed (the replay goes on, so every failure is reported)
          2  a script is invalid (syntax, unknown words, wrong types, a respond with no request)
          With several scripts the tool exits with the highest status.
          With --snapshot, a transcript that differs from its reference, a missing reference, or
          one just recorded (review it, then run again) also gives 1.

        SNAPSHOTS:
          References are written only when asked: --record (missing ones), --record=all, or
          ADDRESS_PICKER_RECORD=missing|all. On CI (CI set) nothing is ever written.
        """

    enum Format: String { case text, json }

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard !arguments.positional.isEmpty else { throw UsageError("missing <file>: name at least one event script") }
        guard let format = Format(rawValue: arguments[value: "format"] ?? "text") else {
            throw UsageError("--format takes text or json, not '\(arguments[value: "format"] ?? "")'")
        }
        let answerer = try Providers.answerer(named: arguments[value: "provider"] ?? "script")
        let quiet = arguments.has("quiet")
        if let snapshots = arguments[value: "snapshot"] {
            return try snapshot(arguments, into: snapshots, answerer: answerer)
        }
        if arguments.has("record") { throw UsageError("--record goes with --snapshot <directory>") }
        let directory = arguments[value: "output"]
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ToolError("--output: '\(directory)' is not a directory")
            }
        }
        let vocabulary = AddressPickerVocabulary()
        let checker = ScriptChecker(vocabulary: vocabulary)
        let player = Player(vocabulary: vocabulary)
        var status: Int32 = 0
        var standardOutput = BufferedOutput.standardOutput
        defer { standardOutput.flush() }
        for file in arguments.positional {
            let outcome: Outcome
            do {
                let program = try checker.program(from: try read(file), file: file)
                if let directory {
                    let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                    let path = URL(fileURLWithPath: directory)
                        .appendingPathComponent(name + (format == .json ? ".jsonl" : ".transcript")).path
                    var destination = try AtomicFile(path)
                    let played = play(program, player, answerer, format, quiet: false, into: &destination.output)
                    if case .invalid = played { destination.discard() } else { try destination.commit() }
                    outcome = played
                } else {
                    outcome = play(program, player, answerer, format, quiet: quiet, into: &standardOutput)
                }
            } catch let error as ScriptError {
                outcome = .invalid(error)
                printError(error.description)
            } catch {
                throw ToolError("cannot write the transcript of '\(file)': \(error)")
            }
            if quiet || directory != nil {
                standardOutput.write(summary(of: outcome, file: file) + "\n")
            }
            status = max(status, outcome.exitCode)
        }
        return status
    }

    /// `--snapshot DIR`: compares each script's transcript with its reference.
    private static func snapshot(_ arguments: Arguments, into directory: String, answerer: Answerer<AddressPicker>?) throws -> Int32 {
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
        var status: Int32 = 0
        var output = BufferedOutput.standardOutput
        defer { output.flush() }
        for file in arguments.positional {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let reference = store.referenceURL(for: name).path
            let transcript: (outcome: Outcome, text: String)
            do {
                transcript = player.transcript(of: try checker.program(from: try read(file), file: file), answerer: answerer)
            } catch {
                printError(error.description)
                output.write("INVALID \(file)\n")
                status = max(status, 2)
                continue
            }
            if case .invalid(let error) = transcript.outcome {
                printError(error.description)
                output.write("INVALID \(file)\n")
                status = max(status, 2)
                continue
            }
            let outcome = try store.verify(transcript.text, named: name)
            switch outcome {
            case .matched:
                output.write("MATCH \(file)\n")
            case .mismatched(let diff):
                output.write("MISMATCH \(file): differs from \(reference) (- reference, + actual)\n\(diff)")
            case .missing:
                let why = store.isContinuousIntegration ? "CI never records" : "record it with --record"
                output.write("MISSING \(file): no reference \(reference) (\(why))\n")
            case .recorded(let previous):
                output.write("RECORDED \(file) → \(reference)\(previous.map { " (- old, + new)\n\($0)" } ?? "\n")")
            }
            status = max(status, outcome.isFailure ? 1 : 0, transcript.outcome.exitCode)
        }
        return status
    }

    private static func read(_ file: String) throws(ScriptError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason = FileManager.default.fileExists(atPath: file) ? "it cannot be read" : "no such file"
            throw ScriptError("cannot read the script: \(reason)", at: ScriptLocation(line: 1, column: 1), file: file)
        }
        return [UInt8](data)
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

    private static func summary(of outcome: Outcome, file: String) -> String {
        switch outcome {
        case .passed(let expectations): "PASS \(file) (\(expectations) expectation\(expectations == 1 ? "" : "s"))"
        case .failed(let failures, let expectations): "FAIL \(file) (\(failures) of \(expectations) expectations failed)"
        case .invalid: "INVALID \(file)"
        }
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
