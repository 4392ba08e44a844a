import AddressPicker
import AddressPickerScripting
import Foundation
import MachineCoverage

/// `address-picker paths --output DIR`: event scripts that together fire every row.
enum PathsCommand {
    static let options: [Arguments.Option] = [
        .value("output", short: "o", "directory", help: "The folder to write path-NN.events into (created if missing)."),
    ]

    static let help = helpText(
        overview: "Write event scripts that together fire every row of the address-picker table.",
        usage: "address-picker paths --output <directory>",
        options: options,
        exitStatuses: [(0, "the scripts were written and together fire every row"), (1, "some rows were not reached (named on standard error)")],
        details: """
            Each script is a shortest path from the initial state (found by a breadth-first search over
            sample inputs: host events, timer deadlines, answers and failures), ends with an expect line
            per region, and answers the requests its path makes. Replaying them all covers every row:
              address-picker coverage <directory>/*.events
            Progress is shown on standard error when it is a terminal and the search takes over a second.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("unexpected argument '\(arguments.positional[0])'") }
        guard let directory = arguments[value: "output"] else { throw UsageError("missing --output <directory>") }
        let vocabulary = AddressPickerVocabulary()
        var progress = Progress()
        // With the request policies on, so that their rows can be reached too.
        let initial = AddressPicker.initialState(AddressPicker.Context(configuration: .samplePolicies))
        let result = CoveringPaths.search(table: AddressPicker.table, from: initial, samples: AddressPickerSamples()) {
            depth, states, rows in
            progress.update("paths: depth \(depth), \(states) states explored, \(rows) of \(AddressPicker.table.rows.count) rows reached")
        }
        progress.finish()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ToolError("cannot create the folder '\(directory)': \(error.localizedDescription)")
        }
        for script in CoveringScripts.render(
            result.paths, vocabulary: vocabulary, from: initial, generatedBy: "address-picker paths") {
            try OutputFile.write(URL(fileURLWithPath: directory).appendingPathComponent("\(script.name).events").path) { output in
                output.write(script.text)
                return true
            }
        }
        let table = AddressPicker.table
        try printOutput("wrote \(result.paths.count) scripts to \(directory): \(table.rows.count - result.uncoveredRows.count) of \(table.rows.count) rows, \(result.statesExplored) states explored")
        if !result.uncoveredRows.isEmpty {
            printError("not reached: " + result.uncoveredRows.map { table.rows[$0].id }.joined(separator: ", "))
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
