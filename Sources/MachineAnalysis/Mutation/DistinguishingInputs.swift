import MachineCore
import MachineRuntime

/// A shortest sequence of sample inputs after which a mutant and the original machine differ in
/// what a script can observe: the breadth-first search of covering paths (the same inputs in
/// each state, ``InputSamples/inputs(at:)``), over pairs of states, the original's and the
/// mutant's, driven by the same inputs.
///
/// They differ after an input when the mutant cannot take it (an answer to a request it never
/// made), when their steps' commands differ, when one drops an answer the other applies, when
/// one ignores the input and the other fires a row (`expect ignored` tells them apart, even
/// when the row changes nothing else), or when `differ` says their states do (the control
/// states and the fields a script reads).
package enum DistinguishingInputs {
    /// What the search found.
    package enum Result<M: MachineDefinition>: Sendable {
        /// The inputs, from the initial state, after which the two differ.
        case found([Input<M>])
        /// No input sequence of up to `depth` inputs tells them apart: every sequence that long
        /// was tried (the search stops at its depth, or when it has seen its most pairs of states,
        /// after the last depth it finished).
        case noDifference(depth: Int)
    }

    /// Searches for inputs that tell `mutant` from `original`, both started in `initial`.
    ///
    /// - Parameters:
    ///   - maximumDepth: The longest sequence tried, in inputs.
    ///   - maximumStates: How many distinct pairs of states the search may explore.
    ///   - differ: Whether two states differ in what a script can read.
    package static func search<S: InputSamples>(
        original: TransitionTable<S.Machine>, mutant: TransitionTable<S.Machine>, from initial: MachineState<S.Machine>,
        samples: S, maximumDepth: Int, maximumStates: Int = 5_000,
        differ: (MachineState<S.Machine>, MachineState<S.Machine>) -> Bool
    ) -> Result<S.Machine> where S.Machine.Context: Hashable {
        typealias M = S.Machine
        var frontier = [
            PairNode(
                original: Runtime(table: original, state: initial), mutant: Runtime(table: mutant, state: initial), inputs: [])
        ]
        var seen: Set<PairKey<M>> = [PairKey(frontier[0].original, frontier[0].mutant)]
        var depth = 0
        while !frontier.isEmpty, depth < maximumDepth {
            var next: [PairNode<M>] = []
            for node in frontier {
                for input in samples.inputs(at: node.original) {
                    var original = node.original
                    guard let expected = try? original.apply(input) else { continue }
                    var mutated = node.mutant
                    let inputs = node.inputs + [input]
                    guard let actual = try? mutated.apply(input) else { return .found(inputs) }
                    if expected.flatMap(\.commands) != actual.flatMap(\.commands) || drops(expected) != drops(actual)
                        || expected.allSatisfy(\.isIgnored) != actual.allSatisfy(\.isIgnored)
                        || differ(original.state, mutated.state)
                    {
                        return .found(inputs)
                    }
                    guard seen.count < maximumStates else { return .noDifference(depth: depth) }
                    if seen.insert(PairKey(original, mutated)).inserted {
                        next.append(PairNode(original: original, mutant: mutated, inputs: inputs))
                    }
                }
            }
            depth += 1
            frontier = next
        }
        return .noDifference(depth: frontier.isEmpty ? maximumDepth : depth)
    }

    /// Which steps dropped an answer.
    static func drops<M>(_ steps: [RuntimeStep<M>]) -> [Bool] {
        steps.map { if case .drop = $0.cause { true } else { false } }
    }
}

/// A pair of runtimes the search reached, and the inputs that reached them.
struct PairNode<M: MachineDefinition> {
    let original: Runtime<M>
    let mutant: Runtime<M>
    let inputs: [Input<M>]
}

/// The original's and the mutant's states, as the search tells pairs apart.
struct PairKey<M: MachineDefinition>: Hashable where M.Context: Hashable {
    let original: StateKey<M>
    let mutant: StateKey<M>

    init(_ original: Runtime<M>, _ mutant: Runtime<M>) {
        self.original = StateKey(original, lateAnswers: false)
        self.mutant = StateKey(mutant, lateAnswers: false)
    }
}
