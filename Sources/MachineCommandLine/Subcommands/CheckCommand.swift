import EventScripts
import MachineCore

/// `NAME check`: the static checks of the machine's table.
struct CheckCommand<V: ScriptVocabulary>: Sendable {
    let tool: String
    let vocabulary: V

    var subcommand: Subcommand {
        Subcommand(
            "check", abstract: "Check the \(vocabulary.machineName) table for mistakes no test may reach.",
            exitCodes: [.success: "no finding", .failure: "findings, one per line"],
            discussion: """
                CHECKS:
                  unreachable states, states with no way out that are not final, eventless rows without a
                  guard that take each other round a cycle forever, events no state handles, rows that can
                  never fire, and non-determinism: two rows of one region that leave the same state on the
                  same event (or both eventless, or on one done event) with guards not declared mutually
                  exclusive.
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let listing = vocabulary.table.listing
        let findings = listing.findings
        var output = invocation.standardOutput
        for finding in findings { output.write("\(finding)\n") }
        let states = listing.regions.map(\.states.count).reduce(0, +)
        output.write(
            findings.isEmpty
                ? "\(tool): no findings (\(listing.regions.count.counted("region")), \(states.counted("state")), "
                    + "\(listing.events.count.counted("event")), \(listing.rows.count.counted("row")))\n"
                : "\(tool): \(findings.count.counted("finding"))\n")
        try output.finish("standard output")
        return findings.isEmpty ? .success : .failure
    }
}
