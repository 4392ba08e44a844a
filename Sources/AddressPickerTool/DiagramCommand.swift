import AddressPicker
import Foundation
import MachineDiagrams

/// `address-picker diagram`: the machine's diagram, generated from its table.
enum DiagramCommand {
    static let options: [Arguments.Option] = [
        .value("format", "format", help: "dot (default), mermaid or scxml."),
        .value("output", short: "o", "file", help: "Write to <file> (atomically) instead of standard output."),
    ]

    static let help = helpText(
        overview: "Draw the address-picker machine from its transition table.",
        usage: "address-picker diagram [--format <format>] [--output <file>]",
        options: options,
        exitStatuses: [(0, "the diagram was written")],
        details: """
            The files in StateCharts/ are written by this command (Scripts/update-statecharts writes them all,
            with the SVG that Graphviz renders from the DOT); a test fails when they are stale.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("unexpected argument '\(arguments.positional[0])'") }
        let name = arguments[value: "format"] ?? "dot"
        guard let format = DiagramFormat(rawValue: name) else {
            throw UsageError("--format takes \(DiagramFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        let text = format.render(AddressPicker.table.listing, name: "address-picker")
        if let path = arguments[value: "output"] {
            try OutputFile.write(path) { output in
                output.write(text)
                return true
            }
        } else {
            var output = BufferedOutput.standardOutput
            output.write(text)
            try output.finish("standard output")
        }
        return ExitStatus.success
    }
}
