import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime

/// `NAME explore --seed N --steps K`: random inputs, invariants checked after each.
struct ExploreCommand<V: ScriptVocabulary, S: InputSamples>: Sendable where S.Machine == V.Machine, V.Machine.Context: Hashable {
    let tool: String
    let vocabulary: V
    let samples: S
    /// Every invariant checked: the standard ones, then the tool's.
    let invariants: [Invariant<V.Machine>]
    let initialContexts: InitialContexts<V>

    /// The explorer from `initial`.
    private func explorer(from initial: MachineState<V.Machine>) -> Explorer<S> {
        Explorer(table: vocabulary.table, initial: initial, samples: samples, invariants: invariants)
    }

    /// `--seed <n>`.
    var seed: Option<UInt64> {
        Option(
            "seed", "n", .wholeNumber(in: 0...UInt64.max), default: 1,
            help: "The seed of the random inputs; the same seed makes the same moves.")
    }

    /// `--steps <k>`.
    var steps: Option<Int> {
        Option("steps", "k", .wholeNumber(in: 1...1_000_000_000), default: 10_000, help: "How many moves to make.")
    }

    /// `--output <file>`: `nil` for the default, which depends on the seed.
    var output: Option<String?> {
        Option(
            "output", short: "o", "file", .file,
            help: "Where to write the script of a violation (default: explore-seed-<n>.events).")
    }

    /// `--expect`.
    var expect: Option<Bool> {
        Option(
            flag: "expect", help: "In the script of a violation, follow each input with the exact expectations of what it did.")
    }

    var subcommand: Subcommand {
        let episode = explorer(from: vocabulary.table.initialState(context: vocabulary.initialContext)).maximumEpisodeLength
        return Subcommand(
            "explore", abstract: SampledAbstracts.explore(machine: vocabulary.machineName),
            options: [seed, steps, output, expect, initialContexts.option],
            exitCodes: [
                .success: "every invariant held",
                .failure: "an invariant was broken (the report is printed even when its script cannot be written)",
            ],
            discussion: """
                The moves are valid inputs: sample host events, answers and failures for the requests in
                flight, late answers to cancelled requests, and advances of the virtual clock before, on and
                after the timers' deadlines. After each move these invariants are checked:
                \(invariants.map { "  - \($0.name)" }.joined(separator: "\n"))
                The machine starts again after finishing or after \(episode) moves. A violation is shrunk to a
                short event script that reproduces it, written to --output: replay it to see the state.
                Progress is shown on standard error when it is a terminal and the run takes over a second.

                \(initialContexts.discussion)
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let seed = arguments[self.seed]
        let steps = arguments[self.steps]
        let output = arguments[self.output] ?? "explore-seed-\(seed).events"
        let initialName = arguments[initialContexts.option]
        let expectations = arguments[expect]
        let explorer = explorer(from: initialContexts.start(named: initialName))

        var progress = Progress(descriptor: invocation.streams.error)
        let report = explorer.explore(seed: seed, moves: steps) { moves in
            progress.update("explore: \(moves) of \(steps) moves")
        }
        progress.finish()
        let fired = report.rowHits.filter { $0 > 0 }.count
        let summary =
            "\(report.moves.counted("move")) from seed \(seed) in \(report.episodes.counted("episode")): \(fired) of "
            + "\(report.rowHits.count.counted("row")) fired, "
            + "\(report.requests) requests (\(report.drops) late answers dropped), \(report.timersFired) timers fired"
        guard let violation = report.violation else {
            try invocation.print(summary + "; \(explorer.invariants.count.counted("invariant")) held after every move")
            return .success
        }
        let shrunk = explorer.shrink(violation)
        let command =
            "\(tool) explore --seed \(seed) --steps \(steps)" + (initialName.map { " --initial \($0)" } ?? "")
            + (expectations ? " --expect" : "")
        let script = ExplorationScript.render(
            shrunk, vocabulary: vocabulary, initial: explorer.initial,
            header: [
                "Found by `\(command)` after \(report.moves.counted("move"));",
                "shrunk from \(violation.inputs.count.counted("move")) to \(shrunk.inputs.count).",
            ],
            expectations: expectations)
        // The report comes first: a script that cannot be written must not lose it.
        try invocation.print(summary)
        invocation.printError(
            """
            invariant broken after move \(report.moves): \(shrunk.invariant)
              \(shrunk.message)
            shrunk from \(violation.inputs.count.counted("move")) to \(shrunk.inputs.count)
            """)
        return invocation.writeViolationScript(script, to: output, tool: tool)
    }
}
