import AddressPicker
import AddressPickerScripting
import Foundation
import MachineAnalysis
import MachineRuntime

/// `verify` on the picker: the breadth-first search to a depth, on every core, against the same
/// search on one thread, and with fingerprints against `explore`'s random moves (as many moves
/// as the search visits states: the raw rate of a step and its invariants). Also the bytes of the
/// visited set for each state, exact and with fingerprints.
enum VerifyBenchmark {
    static func verifier(depth: Int, parallel: Bool, fingerprints: Bool) -> Verifier<AddressPickerSamples> {
        var verifier = Verifier(
            table: AddressPicker.table, initial: AddressPicker.initialState(), samples: AddressPickerSamples(),
            invariants: Invariant.standard + AddressPicker.invariants)
        verifier.maximumDepth = depth
        verifier.parallel = parallel
        verifier.fingerprints = fingerprints
        return verifier
    }

    static func run(runs: Int, depth: Int, into report: inout Report) throws {
        let exact = verifier(depth: depth, parallel: true, fingerprints: false).verify()
        let printed = verifier(depth: depth, parallel: true, fingerprints: true).verify()
        let single = verifier(depth: depth, parallel: false, fingerprints: false).verify()
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
            { verifier(depth: depth, parallel: true, fingerprints: false).verify().statesVisited },
            against: "the same search on one thread",
            { verifier(depth: depth, parallel: false, fingerprints: false).verify().statesVisited },
            runs: runs, operations: states,
            note: "\(states) states, \(exact.transitions) transitions, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let explorer = AddressPicker.explorer()
        let (sampled, _) = compare(
            "verify to depth \(depth) with fingerprints (per state)",
            { verifier(depth: depth, parallel: true, fingerprints: true).verify().statesVisited },
            against: "explore, as many random moves (per move)",
            { explorer.explore(seed: 1, moves: states).moves },
            runs: runs, operations: states,
            note: "a state of verify costs its \(exact.transitions / max(1, states)) transitions; a move of explore is one")
        report.add(cores)
        report.add(sampled)
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
