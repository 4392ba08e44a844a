import Foundation
import MachineCommandLine
import MachineCore
import MachineDiagrams
import SCXML
import SCXMLScripting

/// The `scxml` tool: `scxml run FILE.scxml`, and every subcommand of a machine's tool with the
/// document as the machine (`scxml replay FILE.scxml SCRIPTS…`).
enum SCXMLCommand {
    /// The version `--version` prints.
    static let version = "scxml 1.1.0"

    /// The subcommands a machine's tool has, each run on the imported document.
    static let machineSubcommands = ["replay", "check", "coverage", "paths", "explore", "mutate", "verify", "diagram"]

    static let overview = """
        scxml: run an SCXML document (the null datamodel), replay scripts on it, draw it, check it, \
        cover, mutate, explore and verify it.

        USAGE:
          scxml run FILE.scxml [--for DURATION]
          scxml SUBCOMMAND FILE.scxml [ARGUMENTS…]

        SUBCOMMANDS:
          run        Run the document from its start on a virtual clock; print the configuration after each macrostep
          \(machineSubcommands.joined(separator: ", "))
                     As a machine's tool does, with the document as the machine (`scxml replay --help`)

        OPTIONS:
          -h, --help   Show this help.
          --version    Show the version.

        EXIT STATUS:
          0   success: `run` ended in a top-level final state
          1   `run` did not end in a top-level final state; another subcommand found something
          2   an input other than the document is invalid (a script, a value)
          3   the document is not well-formed XML, or is refused as hostile (a DTD, an entity, too deep, too large)
          4   the document breaks a rule of SCXML (a duplicate id, an unknown target, …)
          5   the document uses what the importer does not run (a datamodel, <script>, an expression, an unbound condition, …)
          64  a usage error
          74  a file could not be read or written
        """

    /// Runs the tool on `arguments` and returns its exit status, writing to `output` and `errors`.
    /// A machine subcommand writes to `streams` itself, as every machine tool does.
    static func run(
        arguments: [String], output: inout String, errors: inout String, streams: StandardStreams = .process
    ) -> ExitCode {
        guard let first = arguments.first else {
            errors += "error: missing subcommand\n\n\(overview)\n"
            return .usage
        }
        switch first {
        case "-h", "--help", "help":
            output += overview + "\n"
            return .success
        case "--version":
            output += version + "\n"
            return .success
        case "run":
            return RunCommand.run(arguments: Array(arguments.dropFirst()), output: &output, errors: &errors)
        case let name where machineSubcommands.contains(name):
            return runMachineSubcommand(name, Array(arguments.dropFirst()), errors: &errors, streams: streams)
        default:
            errors += "error: unknown subcommand '\(first)' (see `scxml --help`)\n"
            return .usage
        }
    }

    /// Runs the tool on `arguments` with the process's streams.
    static func run(arguments: [String]) -> ExitCode {
        var output = ""
        var errors = ""
        let code = run(arguments: arguments, output: &output, errors: &errors)
        if !errors.isEmpty { try? FileHandle.standardError.write(contentsOf: Data(errors.utf8)) }
        guard !output.isEmpty else { return code }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(output.utf8))
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("error: cannot write standard output: \(error)\n".utf8))
            return .cannotReadOrWrite
        }
        return code
    }

    /// `scxml SUBCOMMAND FILE.scxml ARGUMENTS…`: the machine's tool of the imported document.
    private static func runMachineSubcommand(
        _ name: String, _ arguments: [String], errors: inout String, streams: StandardStreams
    ) -> ExitCode {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            // The subcommand's help needs no document: a chart of one state stands in for it.
            guard let chart = try? SCXMLChart(reading: Array(placeholder.utf8)) else { return .failure }
            return tool(for: chart, describing: "FILE.scxml").run(arguments: [name, "--help"], streams: streams)
        }
        // The document is the first argument named `.scxml`, else the first that is not an option.
        guard
            let position = arguments.firstIndex(where: { $0.hasSuffix(".scxml") })
                ?? arguments.firstIndex(where: { !$0.hasPrefix("-") })
        else {
            errors += "error: \(name) needs a document: scxml \(name) FILE.scxml [ARGUMENTS…]\n"
            return .usage
        }
        let path = arguments[position]
        var rest = arguments
        rest.remove(at: position)
        let chart: SCXMLChart
        switch ChartFile.read(path) {
        case .success(let read): chart = read
        case .failure(let failure):
            errors += failure.message + "\n"
            return failure.code
        }
        return tool(for: chart, describing: path).run(arguments: [name] + rest, streams: streams)
    }

    /// A chart of one state, whose tool shows a subcommand's help.
    private static let placeholder = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="s"/></scxml>"#

    /// The machine tool of `chart`, read from `path`; its `diagram --format scxml` writes the
    /// chart's document back.
    private static func tool(for chart: SCXMLChart, describing path: String) -> MachineCommandLine {
        let document = chart.scxml
        return MachineCommandLine(
            name: "scxml", version: version,
            abstract: "Replay, draw, check, cover, mutate, explore and verify the chart of \(path).",
            vocabulary: SCXMLVocabulary(chart), exploration: Exploration(samples: SCXMLSamples(chart)),
            diagramTexts: [.scxml: { document }])
    }
}
