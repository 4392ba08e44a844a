import AddressPicker
import AddressPickerScripting
import Foundation
import MachineAnalysis
import MachineRuntime

/// `verify` on the picker: the breadth-first search to a depth, on every core, against the same
/// search on one thread, and with fingerprints against `explore`'s random moves (as many moves
/// as the search visits states: the raw rate of a step and its invariants). Then the distinct
/// states each finds a second, on one thread: the search against as many random moves as it
/// makes transitions, from the same state with the same samples and invariants, its distinct
/// states counted by the search's own ``StateKey``. Also the bytes of the visited set for each
/// state, exact and with fingerprints.
enum VerifyBenchmark {
    static let invariants = Invariant.standard + AddressPicker.invariants

    /// The search to `depth` on at most `threads` threads (`nil`: every core).
    static func verifier(depth: Int, threads: Int?, fingerprints: Bool) -> Verifier<AddressPickerSamples> {
        var verifier = Verifier(
            table: AddressPicker.table, initial: AddressPicker.initialState(), samples: AddressPickerSamples(),
            invariants: invariants)
        verifier.maximumDepth = depth
        verifier.threads = threads
        verifier.fingerprints = fingerprints
        return verifier
    }

    /// `explore` over the search's space: the same initial state, samples and invariants (not
    /// `AddressPicker.explorer()`, whose samples also pick outside the lists on screen).
    static let explorer = Explorer(
        table: AddressPicker.table, initial: AddressPicker.initialState(), samples: AddressPickerSamples(),
        invariants: invariants)

    /// The distinct states (as `verify` tells them apart) that `moves` random moves from seed 1 visit.
    static func distinctStatesExplored(moves: Int) -> Int {
        var seen: Set<StateKey<AddressPicker>> = [
            StateKey(Runtime(table: AddressPicker.table, state: AddressPicker.initialState()), lateAnswers: true)
        ]
        _ = explorer.explore(
            seed: 1, moves: moves, progress: { _ in }, visit: { seen.insert(StateKey($0, lateAnswers: true)) })
        return seen.count
    }

    static func run(runs: Int, depth: Int, into report: inout Report) throws {
        let exact = verifier(depth: depth, threads: nil, fingerprints: false).verify()
        let printed = verifier(depth: depth, threads: nil, fingerprints: true).verify()
        let single = verifier(depth: depth, threads: 1, fingerprints: false).verify()
        guard exact.violation == nil, exact.statesVisited == single.statesVisited,
            exact.transitions == single.transitions, printed.statesVisited == exact.statesVisited
        else {
            throw BenchmarkError.mismatch(
                "verify: \(exact.statesVisited) states on every core, \(single.statesVisited) on one, \(printed.statesVisited) by fingerprint"
            )
        }
        let states = exact.statesVisited
        let (cores, _) = compare(
            "verify to depth \(depth), every core (per state)",
            { verifier(depth: depth, threads: nil, fingerprints: false).verify().statesVisited },
            against: "the same search on one thread",
            { verifier(depth: depth, threads: 1, fingerprints: false).verify().statesVisited },
            runs: runs, operations: states,
            note: "\(states) states, \(exact.transitions) transitions, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let pickerExplorer = AddressPicker.explorer()
        let (sampled, _) = compare(
            "verify to depth \(depth) with fingerprints (per state)",
            { verifier(depth: depth, threads: nil, fingerprints: true).verify().statesVisited },
            against: "explore, as many random moves (per move)",
            { pickerExplorer.explore(seed: 1, moves: states).moves },
            runs: runs, operations: states,
            note: "a state of verify costs its \(exact.transitions / max(1, states)) transitions; a move of explore is one")
        let moves = exact.transitions
        let explored = distinctStatesExplored(moves: moves)
        let (distinct, _) = compare(
            "verify to depth \(depth), one thread (per run)",
            { verifier(depth: depth, threads: 1, fingerprints: false).verify().statesVisited },
            against: "explore, \(moves) moves, one thread (per run)",
            { Self.explorer.explore(seed: 1, moves: moves).moves },
            runs: runs, operations: 1,
            note: "distinct states: \(states) by verify, \(explored) by explore's \(moves) moves")
        report.add(cores)
        report.add(sampled)
        report.add(distinct)
        report.add(
            "distinct states per second, verify one thread (median)",
            String(format: "%.0f", Double(states) * distinct.subject.operationsPerSecond))
        report.add(
            "distinct states per second, explore one thread (median)",
            String(format: "%.0f", Double(explored) * distinct.baseline.operationsPerSecond))
        report.add(
            "verify's speedup on every core (\(ProcessInfo.processInfo.activeProcessorCount)) over one thread (medians)",
            String(format: "%.2f", 1 / cores.ratio))
        report.add(
            "verify states per second, every core (median)", String(format: "%.0f", cores.subject.operationsPerSecond))
        report.add(
            "verify states per second, one thread (median)", String(format: "%.0f", cores.baseline.operationsPerSecond))
        report.add(
            "verify transitions per second, one thread (median)",
            String(format: "%.0f", cores.baseline.operationsPerSecond * Double(exact.transitions) / Double(states)))
        report.add(
            "visited set, bytes per state (exact; the table only)",
            String(format: "%.1f", Double(exact.visitedBytes) / Double(states)))
        report.add(
            "visited set, bytes per state (fingerprints)", String(format: "%.1f", Double(printed.visitedBytes) / Double(states)))
    }
}
