import EventScripts
import MachineDiagrams

/// `NAME diagram`: the machine drawn from its table, as DOT, Mermaid, SCXML or SVG (drawn by the
/// package's own layout, with no Graphviz).
struct DiagramCommand<V: ScriptVocabulary>: Sendable {
    let tool: String
    let vocabulary: V

    var subcommand: Subcommand {
        Subcommand(
            "diagram", abstract: "Draw the \(vocabulary.machineName) machine from its transition table.",
            options: [
                .value("format", "format", help: "\(HelpText.alternatives(formats))."),
                .value("output", short: "o", "file", help: "Write to <file> (atomically) instead of standard output."),
            ],
            exitCodes: [.success: "the diagram was written"],
            discussion: "The diagram is generated from the table, never drawn by hand: write it again after a change.",
            perform: { try run($0) })
    }

    /// The formats' names for help, the default first and marked.
    private var formats: [String] {
        DiagramFormat.allCases.enumerated().map { $0.offset == 0 ? "\($0.element.rawValue) (default)" : $0.element.rawValue }
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let name = invocation.arguments.value("format") ?? DiagramFormat.allCases[0].rawValue
        guard let format = DiagramFormat(rawValue: name) else {
            throw UsageError("--format takes \(DiagramFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        let text = format.render(vocabulary.table.listing, name: vocabulary.machineName, generatedBy: "\(tool) diagram")
        if let path = invocation.arguments.value("output") {
            try invocation.write(to: path) { $0.write(text) }
        } else {
            var output = invocation.standardOutput
            output.write(text)
            try output.finish("standard output")
        }
        return .success
    }
}
