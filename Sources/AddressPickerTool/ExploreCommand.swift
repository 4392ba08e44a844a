import AddressPicker
import AddressPickerScripting
import Foundation
import MachineExploration

/// `address-picker explore --seed N --steps K`: random inputs, invariants checked after each.
enum ExploreCommand {
    static let options: [Arguments.Option] = [
        .value("seed", "n", help: "The seed of the random inputs (default 1); the same seed makes the same moves."),
        .value("steps", "k", help: "How many moves to make (default 10000)."),
        .value("output", short: "o", "file", help: "Where to write the script of a violation (default explore-seed-<n>.events)."),
        .flag("policies", help: "Turn the request policies on (minimum query length 3, a cache of 1, lookups 800ms apart)."),
    ]

    static let help = helpText(
        overview: "Drive the address picker with random inputs and check its invariants after every move.",
        usage: "address-picker explore [--seed <n>] [--steps <k>] [--output <file>] [--policies]",
        options: options,
        exitStatuses: [(0, "every invariant held"), (1, "an invariant was broken (the report is printed even when its script cannot be written)")],
        details: """
            The moves are valid inputs: sample host events (indexes outside the lists included),
            answers and failures for the requests in flight, late answers to cancelled requests, and
            advances of the virtual clock before, on and after the timers' deadlines. After each move
            these invariants are checked:
            \(AddressPicker.invariants.map { "  - \($0.name)" }.joined(separator: "\n"))
            The machine starts again after confirming or after 200 moves. A violation is shrunk to a
            short event script that reproduces it, written to --output: replay it to see the state.
            Progress is shown on standard error when it is a terminal and the run takes over a second.
            """)

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.isEmpty else { throw UsageError("unexpected argument '\(arguments.positional[0])'") }
        var seed: UInt64 = 1
        if let text = arguments[value: "seed"] {
            guard let number = UInt64(text) else { throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'") }
            seed = number
        }
        let steps = try arguments[value: "steps"].map { try wholeNumber($0, "--steps", in: 1...1_000_000_000) } ?? 10_000
        let output = arguments[value: "output"] ?? "explore-seed-\(seed).events"

        let explorer = AddressPicker.explorer(configuration: arguments.has("policies") ? .samplePolicies : .init())
        var progress = Progress()
        let report = explorer.explore(seed: seed, moves: steps) { moves in
            progress.update("explore: \(moves) of \(steps) moves")
        }
        progress.finish()
        let fired = report.rowHits.filter { $0 > 0 }.count
        let summary = "\(report.moves) moves from seed \(seed) in \(report.episodes) episodes: \(fired) of \(report.rowHits.count) rows fired, "
            + "\(report.requests) requests (\(report.drops) late answers dropped), \(report.timersFired) timers fired"
        guard let violation = report.violation else {
            try printOutput(summary + "; \(explorer.invariants.count) invariants held after every move")
            return ExitStatus.success
        }
        let shrunk = explorer.shrink(violation)
        let script = ExplorationScript.render(
            shrunk, vocabulary: AddressPickerVocabulary(), initial: explorer.initial,
            header: ["Found by `address-picker explore --seed \(seed) --steps \(steps)` after \(report.moves) moves;",
                     "shrunk from \(violation.inputs.count) moves to \(shrunk.inputs.count)."])
        // The report comes first: a script that cannot be written must not lose it.
        try printOutput(summary)
        printError("""
            invariant broken after move \(report.moves): \(shrunk.invariant)
              \(shrunk.message)
            shrunk from \(violation.inputs.count) moves to \(shrunk.inputs.count)
            """)
        do {
            try OutputFile.write(output) { file in
                file.write(script)
                return true
            }
        } catch {
            printError("error: \(error); the script is:\n\(script)")
            return ExitStatus.cannotReadOrWrite
        }
        printError("wrote \(output); replay it:\n  address-picker replay \(output)")
        return ExitStatus.failure
    }
}
