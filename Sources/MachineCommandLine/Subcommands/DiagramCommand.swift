import EventScripts
import MachineDiagrams

/// `NAME diagram`: the machine drawn from its table, as DOT, Mermaid, SCXML or SVG (drawn by the
/// package's own layout, with no Graphviz).
struct DiagramCommand<V: ScriptVocabulary>: Sendable {
    let tool: String
    let vocabulary: V
    /// The text of each format the machine writes itself instead of drawing its table: an
    /// imported SCXML chart writes its document back, executable content and all.
    var texts: [DiagramFormat: @Sendable () -> String] = [:]

    /// `--format <format>`.
    var format: Option<DiagramFormat> {
        Option(
            "format", "format", .choices(DiagramFormat.self), default: DiagramFormat.allCases[0],
            help: "\(HelpText.alternatives(DiagramFormat.allCases.map(\.rawValue))).")
    }

    /// `--output <file>`.
    var output: Option<String?> {
        Option("output", short: "o", "file", .file, help: "Write to <file> (atomically) instead of standard output.")
    }

    var subcommand: Subcommand {
        Subcommand(
            "diagram", abstract: "Draw the \(vocabulary.machineName) machine from its transition table.",
            options: [format, output],
            exitCodes: [.success: "the diagram was written"],
            discussion: "The diagram is generated from the table, never drawn by hand: write it again after a change.",
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let format = invocation.arguments[self.format]
        let text =
            texts[format]?()
            ?? format.render(vocabulary.table.listing, name: vocabulary.machineName, generatedBy: "\(tool) diagram")
        if let path = invocation.arguments[output] {
            try invocation.write(to: path) { $0.write(text) }
        } else {
            var output = invocation.standardOutput
            output.write(text)
            try output.finish("standard output")
        }
        return .success
    }
}
