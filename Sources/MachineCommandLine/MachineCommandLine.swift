import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineDiagrams
import MachineRuntime
import ScriptFiles

/// A command-line tool for a machine, from one call: `replay`, `diagram`, `check`, `coverage`,
/// `mutate`, `paths`, `explore` and `verify`, each with its `--help`, and the tool's own
/// subcommands beside them.
///
/// A whole tool, in its executable target's `main.swift`:
///
/// ```swift
/// import MachineCommandLine
/// import SignIn
/// import SignInScripting
///
/// MachineCommandLine(
///     name: "sign-in",
///     vocabulary: SignInVocabulary(),
///     exploration: Exploration(samples: SignInSamples()),   // for paths and explore (optional: without it, they explain what is missing)
///     invariants: SignIn.invariants                          // checked by explore beyond Invariant.standard (optional)
/// ).main()                                                    // parses CommandLine.arguments, runs, exits with the status
/// ```
///
/// - `replay FILE...` replays event scripts and prints their transcripts (`--quiet`,
///   `--format json`, `-o DIR`, `--provider NAME`), or compares them with references
///   (`--snapshot DIR`, `--record[=all]`, or the environment variable `NAME_RECORD`: the tool's
///   name upper-cased, its dashes and other punctuation as underscores, `SIGN_IN_RECORD`).
///   With `savedStates: .json` (for a machine whose context and requests are `Codable`), it
///   also saves the state a script ends in (`--save-state FILE`) and starts scripts from a
///   saved state (`--from-state FILE`).
/// - `diagram` draws the table as DOT, Mermaid, SCXML or SVG; `check` runs its static checks.
/// - `coverage FILE...` reports the rows, states, events, guards and row pairs scripts exercise.
/// - `mutate FILE...` plants faults in the table (a guard forced, a target changed, an action
///   skipped, a delay halved…) and reports those the scripts miss; `--suggest` looks for scripts
///   that tell the survivors apart.
/// - `paths -o DIR` writes scripts that together fire every row; `explore` drives the machine
///   with random inputs and checks the invariants after every move; `verify` visits every state
///   the samples reach, breadth first, to a depth, and checks the invariants on every
///   transition. The three need an ``Exploration`` (input samples), and start from a named
///   initial context (`--initial NAME`, the first by default).
///
/// Every subcommand exits with 0 (success), 1 (a failure found), 2 (an invalid input), 64 (a
/// usage error) or 74 (a file could not be read or written); see ``ExitCode``. A machine whose
/// table declaration is mistaken (a `TableError`) gets one line from each: `check` reports it
/// as its finding, the others refuse to run with it, all with status 1.
///
/// The type has the module's name, so in a qualified name `MachineCommandLine` is the type:
/// write `Subcommand`, not `MachineCommandLine.Subcommand`.
public struct MachineCommandLine: Sendable {
    /// The tool's name, as typed (`sign-in`): in usage lines, messages and `NAME_RECORD`.
    let name: String
    /// What `--version` prints, or `nil` for no `--version`.
    let version: String?
    /// The first line of the tool's help.
    let abstract: String
    /// Every subcommand, the machine's first, then the tool's own.
    let subcommands: [Subcommand]
    /// The mistake in the machine's table declaration, if any, with the machine's name: `check`
    /// reports it as its finding, every other subcommand refuses to run with it.
    let invalidTable: (machine: String, error: TableError)?

    /// A tool for the machine of `vocabulary`.
    ///
    /// - Parameters:
    ///   - name: The tool's name, as typed (`sign-in`).
    ///   - version: What `--version` prints (`sign-in 1.0`); without it, there is no `--version`.
    ///   - abstract: The first line of the tool's help; by default, what it does to the machine.
    ///   - vocabulary: The machine's script vocabulary.
    ///   - exploration: The input samples and initial contexts of `paths` and `explore`; without
    ///     it, those two explain that they need them.
    ///   - invariants: What `explore` checks after every move besides `Invariant/standard`,
    ///     which it always checks (an invariant named like a standard one is checked once), and
    ///     what `replay --from-state` checks of the state it restores.
    ///   - providers: Providers that `--provider NAME` can choose to answer requests, each made
    ///     when chosen (an error it throws ends the run: a ``ToolError`` with 74, another with 2).
    ///     `script`, the script's own `respond` and `fail` lines, is always there and the default.
    ///   - savedStates: `.json` to give `replay` `--save-state` and `--from-state`; it can be
    ///     named only when the machine's context and requests are `Codable`.
    ///   - subcommands: The tool's own subcommands, listed after the machine's; their names must
    ///     differ from the machine's and each other's.
    @inlinable
    public init<V: ScriptVocabulary>(
        name: String, version: String? = nil, abstract: String? = nil, vocabulary: V,
        exploration: Exploration<V.Machine>? = nil, invariants: [Invariant<V.Machine>] = [],
        providers: [String: @Sendable () throws -> Provider<V.Machine>] = [:],
        savedStates: SavedStateFiles<V.Machine>? = nil, subcommands: [Subcommand] = []
    ) {
        // Made here, in the tool's own module when this initialiser is inlined there, so that
        // the machine's scripts are checked and replayed by code compiled for the machine.
        self.init(
            name: name, version: version, abstract: abstract, vocabulary: vocabulary, runner: ScriptRunner(vocabulary),
            exploration: exploration, invariants: invariants, providers: providers, savedStates: savedStates,
            subcommands: subcommands)
    }

    /// A tool as ``init(name:version:abstract:vocabulary:exploration:invariants:providers:savedStates:subcommands:)``
    /// makes it, whose `diagram` writes each format of `diagramTexts` as given rather than drawn
    /// from the table: `scxml` writes an imported chart's document back.
    package init<V: ScriptVocabulary>(
        name: String, version: String?, abstract: String?, vocabulary: V, exploration: Exploration<V.Machine>?,
        diagramTexts: [DiagramFormat: @Sendable () -> String]
    ) {
        self.init(
            name: name, version: version, abstract: abstract, vocabulary: vocabulary, runner: ScriptRunner(vocabulary),
            exploration: exploration, invariants: [], providers: [:], savedStates: nil, subcommands: [],
            diagramTexts: diagramTexts)
    }

    /// The tool ``init(name:version:abstract:vocabulary:exploration:invariants:providers:savedStates:subcommands:)``
    /// makes, replaying scripts with `runner`.
    @usableFromInline
    init<V: ScriptVocabulary>(
        name: String, version: String?, abstract: String?, vocabulary: V, runner: ScriptRunner<V>,
        exploration: Exploration<V.Machine>?, invariants: [Invariant<V.Machine>],
        providers: [String: @Sendable () throws -> Provider<V.Machine>], savedStates: SavedStateFiles<V.Machine>?,
        subcommands: [Subcommand], diagramTexts: [DiagramFormat: @Sendable () -> String] = [:]
    ) {
        let machine = MachineSubcommands(
            tool: name, vocabulary: vocabulary, runner: runner, providers: providers, savedStates: savedStates,
            invariants: invariants, suggester: exploration?.sampled.suggester(tool: name, vocabulary: vocabulary),
            diagramTexts: diagramTexts)
        let sampled: [Subcommand]
        if let exploration {
            sampled = exploration.sampled.subcommands(tool: name, vocabulary: vocabulary, invariants: invariants)
        } else {
            sampled = [
                SamplesMissing.subcommand("paths", abstract: SampledAbstracts.paths(machine: vocabulary.machineName)),
                SamplesMissing.subcommand("explore", abstract: SampledAbstracts.explore(machine: vocabulary.machineName)),
                SamplesMissing.subcommand("verify", abstract: SampledAbstracts.verify(machine: vocabulary.machineName)),
            ]
        }
        self.name = name
        self.version = version
        self.invalidTable = vocabulary.table.invalidity.map { (vocabulary.machineName, $0) }
        self.abstract =
            abstract ?? "Replay, draw, check, cover, mutate, explore and verify the \(vocabulary.machineName) machine."
        self.subcommands = machine.scripted + sampled + subcommands
        let names = self.subcommands.map(\.name)
        precondition(Set(names).count == names.count, "two subcommands share a name: \(names)")
    }

    /// The environment variable that records `replay --snapshot` references: the tool's name
    /// upper-cased, every character but an ASCII letter or digit an underscore, then `_RECORD`
    /// (`sign-in` reads `SIGN_IN_RECORD`).
    public var recordVariable: String {
        Self.recordVariable(forTool: name)
    }

    static func recordVariable(forTool name: String) -> String {
        String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }) + "_RECORD"
    }

    /// Runs the tool on the process's command line and exits with the status: `main.swift`'s
    /// one call. A file being written when a signal (interrupt, terminate, hang-up, a closed
    /// pipe) ends the process is removed.
    public func main() -> Never {
        TemporaryFile.removeOnSignals()
        if let position = Self.firstArgumentNotUTF8() {
            // Swift reads such an argument with U+FFFD for its bad bytes: a file name would then
            // name another file, or none.
            let shown = CommandLine.arguments[position]
            FileHandle.standardError.write(
                Data("error: argument \(position) ('\(shown)') is not valid UTF-8; name files in UTF-8\n".utf8))
            exit(ExitCode.usage.rawValue)
        }
        exit(run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// The position of the first command-line argument (after the tool's name) whose bytes are
    /// not valid UTF-8, if any.
    static func firstArgumentNotUTF8() -> Int? {
        // `argc` may be 0 on some systems (an `execve` with an empty argument list).
        guard CommandLine.argc > 1 else { return nil }
        return (1..<Int(CommandLine.argc)).first { position in
            guard let bytes = CommandLine.unsafeArgv[position] else { return false }
            return String(validatingCString: bytes) == nil
        }
    }

    /// Runs the tool on `arguments` (without the tool's own name) and returns the status it would
    /// exit with; reads and writes `streams`, and sees `environment`. For tests, which run the
    /// tool in process: it never exits and never touches the process's streams unless given
    /// them.
    public func run(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        streams: StandardStreams = .process
    ) -> ExitCode {
        guard let first = arguments.first else {
            streams.printError("error: missing subcommand\n\n\(overview)")
            return .usage
        }
        switch first {
        case "-h", "--help", "--version":
            if first == "--version", version == nil { break }
            guard arguments.count == 1 else {
                return usageError("\(first) takes no argument, not '\(arguments[1])'", streams)
            }
            return streams.show(first == "--version" ? version ?? "" : overview)
        case "help":
            guard arguments.count > 1 else { return streams.show(overview) }
            guard arguments.count == 2 else {
                return usageError("help takes one subcommand, not '\(arguments[2])' as well", streams)
            }
            // `help help` and `help --help` ask what `help` does: the overview says.
            if ["help", "-h", "--help"].contains(arguments[1]) { return streams.show(overview) }
            guard let subcommand = subcommand(named: arguments[1]) else {
                return usageError(unknownSubcommand(arguments[1]), streams)
            }
            return streams.show(subcommand.help(tool: name))
        default:
            break
        }
        guard let subcommand = subcommand(named: first) else { return usageError(unknownSubcommand(first), streams) }
        do {
            let parsed = try ParsedArguments(
                Array(arguments.dropFirst()), options: subcommand.options, acceptsPositional: !subcommand.arguments.isEmpty)
            if parsed.wantsHelp { return streams.show(subcommand.help(tool: name)) }
            if let invalidTable, subcommand.name != "check" {
                streams.printError(
                    "error: the \(invalidTable.machine) table is invalid: \(invalidTable.error) ('\(name) check' reports it too)")
                return .failure
            }
            return try subcommand.perform(Invocation(tool: name, arguments: parsed, environment: environment, streams: streams))
        } catch let error as UsageError {
            streams.printError("error: \(error.message)\n\(subcommand.usageReminder(tool: name))")
            return .usage
        } catch let error as ToolError {
            streams.printError("error: \(error)")
            return .cannotReadOrWrite
        } catch let error as CocoaError where error.isFileError {
            streams.printError("error: \(error.localizedDescription)")
            return .cannotReadOrWrite
        } catch {
            streams.printError("error: \(error)")
            return .invalid
        }
    }

    /// Prints a mistake in the subcommand's place with the tool's usage line: exit status 64.
    private func usageError(_ message: String, _ streams: StandardStreams) -> ExitCode {
        streams.printError("error: \(message)\nUsage: \(name) <subcommand>\n  See '\(name) --help' for more information.")
        return .usage
    }

    /// The message of an unknown subcommand, with the nearest one when it looks mistyped.
    private func unknownSubcommand(_ typed: String) -> String {
        let suggestion = Suggestion.closest(to: typed, among: subcommands.map(\.name) + ["help"])
        return "unknown subcommand '\(typed)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    private func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name }
    }

    /// The tool's help: what it does, its subcommands and the exit statuses they share.
    var overview: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(name) <subcommand>\n\nOPTIONS:\n"
        if version != nil { text += HelpText.line("--version", "Show the version.") }
        text += HelpText.line("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for subcommand in subcommands { text += HelpText.line(subcommand.name, subcommand.abstract) }
        return text + """

              See '\(name) help <subcommand>' for detailed help.

            EXIT STATUS:
              0 success, 1 a failure found (expectation, finding, violation), 2 invalid input,
              64 a usage error, 74 a file could not be read or written; each subcommand's help says more.
            """
    }
}
