import AddressPicker
import MachineCore

/// `address-picker check`: the static checks of the machine's table.
enum CheckCommand {
    static let options: [Arguments.Option] = []

    static let help = helpText(
        overview: "Check the address-picker table for mistakes no test may reach.",
        usage: "address-picker check",
        options: options,
        exitStatuses: [(0, "no finding"), (1, "findings, one per line")],
        details: """
            CHECKS:
              unreachable states, states with no way out that are not final, events no state handles,
              rows that can never fire, and non-determinism: two rows of one region that leave the same
              state on the same event with guards not declared mutually exclusive.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("unexpected argument '\(arguments.positional[0])'") }
        let listing = AddressPicker.table.listing
        let findings = listing.findings
        var output = BufferedOutput.standardOutput
        for finding in findings { output.write("\(finding)\n") }
        let states = listing.regions.map(\.states.count).reduce(0, +)
        output.write(findings.isEmpty
            ? "address-picker: no findings (\(listing.regions.count) regions, \(states) states, \(listing.events.count) events, \(listing.rows.count) rows)\n"
            : "address-picker: \(findings.count) finding\(findings.count == 1 ? "" : "s")\n")
        try output.finish("standard output")
        return findings.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
}
