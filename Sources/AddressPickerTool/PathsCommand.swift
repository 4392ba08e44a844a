import AddressPicker
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
        options: options) + """

        Each script is a shortest path from the initial state (found by a breadth-first search over
        sample inputs: host events, timer deadlines, answers and failures), ends with an expect line
        per region, and answers the requests its path makes. Replaying them all covers every row:
          address-picker coverage <directory>/*.events
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("unexpected argument '\(arguments.positional[0])'") }
        guard let directory = arguments[value: "output"] else { throw UsageError("missing --output <directory>") }
        let vocabulary = AddressPickerVocabulary()
        let result = CoveringPaths.search(table: AddressPicker.table, from: AddressPicker.initialState(),
                                          samples: AddressPickerSamples())
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for script in CoveringScripts.render(result.paths, vocabulary: vocabulary) {
            var file = try AtomicFile(URL(fileURLWithPath: directory).appendingPathComponent("\(script.name).events").path)
            file.output.write(script.text)
            try file.commit()
        }
        let table = AddressPicker.table
        print("wrote \(result.paths.count) scripts to \(directory): \(table.rows.count - result.uncoveredRows.count) of \(table.rows.count) rows, \(result.statesExplored) states explored")
        if !result.uncoveredRows.isEmpty {
            printError("not reached: " + result.uncoveredRows.map { table.rows[$0].id }.joined(separator: ", "))
            return 1
        }
        return 0
    }
}
