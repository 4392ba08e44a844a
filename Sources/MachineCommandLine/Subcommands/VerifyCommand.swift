import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime

/// `NAME verify [--depth N] [--max-states M] [--fingerprints]`: every state the samples reach,
/// breadth first, every invariant checked on every transition.
struct VerifyCommand<V: ScriptVocabulary, S: InputSamples>: Sendable where S.Machine == V.Machine, V.Machine.Context: Hashable {
    let tool: String
    let vocabulary: V
    let samples: S
    /// Every invariant checked: the standard ones, then the tool's.
    let invariants: [Invariant<V.Machine>]
    let initialContexts: InitialContexts<V>
    /// What a state's identity leaves out of the context (see ``Exploration``).
    let ignoring: (@Sendable (inout V.Machine.Context) -> Void)?
    /// Runs the search: made where the samples' type is known, so that it is compiled for the machine.
    let search: Sampled<S>.Search

    /// `--depth <n>`.
    var depth: Option<Int> {
        Option(
            "depth", "n", .wholeNumber(in: 1...100_000), default: 20,
            help: "The longest input sequence explored; states this deep are checked but not expanded.")
    }

    /// `--max-states <m>`.
    var maximumStates: Option<Int> {
        Option(
            "max-states", "m", .wholeNumber(in: 1...1_000_000_000), default: 5_000_000,
            help: "The most distinct states visited: the bound on memory.")
    }

    /// `--fingerprints`.
    var fingerprints: Option<Bool> {
        Option(
            flag: "fingerprints",
            help:
                "Keep 64-bit fingerprints of the states visited instead of the states: 8 bytes a state, at a small risk of a missed state (reported)."
        )
    }

    /// `--threads <n>`.
    var threads: Option<Int?> {
        Option(
            "threads", "n", .wholeNumber(in: 1...1_024),
            help: "Expand each level on at most <n> threads (default: every core); the report is the same for any <n>.")
    }

    /// `--output <file>`.
    var output: Option<String?> {
        Option(
            "output", short: "o", "file", .file, help: "Where to write the counterexample's script (default: verify.events).")
    }

    var subcommand: Subcommand {
        Subcommand(
            "verify", abstract: SampledAbstracts.verify(machine: vocabulary.machineName),
            options: [depth, maximumStates, fingerprints, threads, output, initialContexts.option],
            exitCodes: [
                .success: "every invariant held in every state visited",
                .failure: "an invariant was broken (the report is printed even when its script cannot be written)",
            ],
            discussion: """
                A breadth-first search from the initial state visits each distinct state once: its control
                states, context, history, the kinds of request in flight in order, and the time left on each
                timer (not the absolute time, nor request numbers). In every state it tries every sample host
                event, every sample answer and failure to each request in flight, late answers to the newest
                cancelled request of each kind, and advances of the clock to each timer's deadline and to a
                millisecond before it. On every transition these invariants are checked:
                \(invariants.map { "  - \($0.name)" }.joined(separator: "\n"))
                What it proves: they hold in every state the samples reach within --depth inputs (all of them
                when the report says the space is exhausted). The samples bound the data, the depth bounds the
                length. The report also names the states with no way out that are not final, and the rows
                never fired. A violation is written to --output as a shortest script, with the expectations of
                each input: replay it to see the state. Progress is shown on standard error when it is a
                terminal and the search takes over a second.

                \(initialContexts.discussion)
                """,
            perform: { try run($0) })
    }

    func run(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let initialName = arguments[initialContexts.option]
        let output = arguments[self.output] ?? "verify.events"
        var verifier = Verifier(
            table: vocabulary.table, initial: initialContexts.start(named: initialName), samples: samples,
            invariants: invariants)
        verifier.maximumDepth = arguments[depth]
        verifier.maximumStates = arguments[maximumStates]
        verifier.fingerprints = arguments[fingerprints]
        verifier.threads = arguments[threads]
        verifier.ignoring = ignoring

        var progress = Progress(descriptor: invocation.streams.error)
        let report = search(verifier) { depth, states in progress.update("verify: depth \(depth), \(states.counted("state"))") }
        progress.finish()
        try invocation.print(summary(of: report, verifier: verifier).joined(separator: "\n"))
        guard let violation = report.violation else { return .success }

        let command =
            "\(tool) verify --depth \(verifier.maximumDepth)" + (initialName.map { " --initial \($0)" } ?? "")
        let script = ExplorationScript.render(
            violation, vocabulary: vocabulary, initial: verifier.initial,
            header: ["Found by `\(command)`: a shortest sequence of inputs, \(violation.inputs.count) long."],
            expectations: true)
        invocation.printError(
            """
            invariant broken after \(violation.inputs.count.counted("input")): \(violation.invariant)
              \(violation.message)
            """)
        return invocation.writeViolationScript(script, to: output, tool: tool)
    }

    /// The report's lines: the space, the visited set, states with no way out, rows never fired,
    /// and the invariants when they held.
    func summary(of report: VerificationReport<V.Machine>, verifier: Verifier<S>) -> [String] {
        let listing = vocabulary.table.listing
        let ending: String
        if report.violation != nil {
            ending = "stopped at the first violation"
        } else if report.exhausted {
            ending = "exhausted: every state the samples reach was visited"
        } else if report.stoppedAtMaximumStates {
            ending = "stopped at --max-states \(verifier.maximumStates), not exhausted"
        } else {
            ending = "stopped at --depth \(verifier.maximumDepth), not exhausted"
        }
        var lines = [
            "\(report.statesVisited.counted("state")) and \(report.transitions.counted("transition")) to depth \(report.depth): \(ending)"
        ]
        if !report.exhausted, report.violation == nil {
            let growing = report.growth.growing()
            if !growing.isEmpty {
                lines.append(
                    "still growing (new values at each of the last depths): "
                        + growing.map { "\($0.part) (\($0.values.counted("value")) so far)" }.joined(separator: ", ")
                        + ". A part that grows without end keeps the search from ever ending: bound it with the samples, "
                        + "or leave a context field out of a state's identity (Exploration's `ignoring:`)")
            }
        }
        let perState = Double(report.visitedBytes) / Double(max(1, report.statesVisited))
        if report.fingerprints {
            lines.append(
                "visited: 64-bit fingerprints, \(String(format: "%.1f", perState)) bytes a state; a state was missed with probability at most "
                    + "\(String(format: "%.1e", report.missedStateProbability)) (n²/2^65 for n states)")
        } else {
            lines.append("visited: exact states, \(String(format: "%.1f", perState)) bytes a state in the set's table")
        }
        if report.deadlocks.isEmpty {
            lines.append("no way out: none")
        } else {
            let examples = report.deadlocks.map { deadlock in
                let states = listing.regions.indices.map { region in
                    "\(listing.regions[region].name).\(listing.regions[region].states[deadlock.state.controls[region]])"
                }
                return "  \(states.joined(separator: " ")) after \(deadlock.inputs.count.counted("input"))"
            }
            lines.append(
                "no way out: \(report.deadlockCount.counted("state")), not final, such as\n" + examples.joined(separator: "\n"))
        }
        let unfired = report.unfiredRows.map { listing.rows[$0].id }
        lines.append("rows never fired: " + (unfired.isEmpty ? "none" : unfired.joined(separator: ", ")))
        if report.violation == nil { lines.append("\(invariants.count.counted("invariant")) held on every transition") }
        return lines
    }
}
