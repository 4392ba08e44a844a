import Foundation
import MachineAnalysis
import MachineCommandLine
import MachineRuntime
import ScriptTestSupport
import Testing

/// The tools under test, all named `call-box` (the machine is `pager`: the tool's name and the
/// machine's differ, so the tests see which one each text uses), and a way to run them in
/// process.
enum CallBox {
    /// The whole tool: samples, invariants, two initial contexts, two providers and a
    /// subcommand of its own.
    static let tool = MachineCommandLine(
        name: "call-box",
        version: "call-box 1.2",
        vocabulary: PagerVocabulary(),
        exploration: Exploration(
            samples: PagerSamples(),
            initialContexts: ["default": Pager.Context(), "impatient": Pager.Context(patience: .seconds(1))]),
        invariants: invariants,
        providers: [
            "alice": { { _ in .answered("Alice") } },
            "down": { throw ToolError("the line is down") },
        ],
        savedStates: .json,
        subcommands: [dial])

    /// The pager's invariants beyond the standard ones; the first is one of them, given again.
    static let invariants: [Invariant<Pager>] = [
        Invariant.oneRequestPerKind,
        .request(.ring, onlyIn: Pager.line, .ringing),
        .timer(.patience, onlyIn: Pager.line, .ringing),
    ]

    /// The tool without input samples.
    static let withoutSamples = MachineCommandLine(name: "call-box", vocabulary: PagerVocabulary())

    /// A tool whose exploration finds a violation: nobody may ever answer.
    static let nobodyAnswers = MachineCommandLine(
        name: "call-box", vocabulary: PagerVocabulary(),
        exploration: Exploration(
            samples: PagerSamples(),
            initialContexts: ["default": Pager.Context(), "impatient": Pager.Context(patience: .seconds(1))]),
        invariants: [Invariant("nobody answers") { $0.after.state.context.answeredBy.map { "\($0) answered" } }])

    /// A tool whose table has a dead end and an unhandled event.
    static let brokenTable = MachineCommandLine(
        name: "call-box", vocabulary: PagerVocabulary(table: Pager.table(hangingUp: false)))

    /// A tool whose table declares two rows with one id.
    static let invalidTable = MachineCommandLine(
        name: "call-box", vocabulary: PagerVocabulary(table: Pager.table(duplicatingARow: true)),
        exploration: Exploration(samples: PagerSamples()), invariants: invariants, savedStates: .json)

    /// `dial NUMBER [--twice]`'s options.
    static let twice = Option(flag: "twice", help: "Dial it twice.")
    static let prefix = Option(
        "prefix", short: "p", "digits", ValueParser("digits") { $0.allSatisfy(\.isNumber) ? $0 : nil },
        help: "Dial these first.")

    /// `dial NUMBER [--twice]`: the tool's own subcommand.
    static let dial = Subcommand(
        "dial", abstract: "Dial a number.",
        arguments: [Argument("number", help: "The digits to dial.")],
        options: [twice, prefix],
        exitCodes: [.success: "the number was dialled"]
    ) { invocation in
        let arguments = invocation.arguments
        guard arguments.positional.count == 1, let number = arguments.positional.first else {
            throw UsageError("dial one number")
        }
        guard number.allSatisfy(\.isNumber) else { throw ToolError("cannot dial '\(number)'") }
        let dialled = (arguments[prefix] ?? "") + number
        try invocation.print(arguments[twice] ? "\(dialled) \(dialled)" : dialled)
        return .success
    }

    /// What a run did.
    struct Result {
        let status: ExitCode
        let output: String
        let error: String
    }

    /// Runs `tool` in process with `arguments`, `input` on its standard input, and its standard
    /// output and error captured in files (or its output sent to `outputFile`).
    static func run(
        _ arguments: [String], tool: MachineCommandLine = tool, input: String = "", environment: [String: String] = [:],
        outputFile: String? = nil
    ) throws -> Result {
        let folder = try Self.folder([:])
        let inputPath = folder.appendingPathComponent("stdin").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let outputPath = outputFile ?? folder.appendingPathComponent("stdout").path
        let errorPath = folder.appendingPathComponent("stderr").path
        let streams = StandardStreams(
            input: open(inputPath, O_RDONLY), output: open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644),
            error: open(errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644))
        defer { for descriptor in [streams.input, streams.output, streams.error] { close(descriptor) } }
        try #require(streams.input >= 0 && streams.output >= 0 && streams.error >= 0)
        let status = tool.run(arguments: arguments, environment: environment, streams: streams)
        let output = outputFile == nil ? try String(contentsOfFile: outputPath, encoding: .utf8) : ""
        return Result(status: status, output: output, error: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    /// A fresh temporary folder holding `files` (name → contents).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try scratchFolder("call-box-tests")
        for (name, contents) in files {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Every file under `folder`, relative, sorted.
    static func listing(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }
}
