import MachineCore
import MachineRuntime

/// What a ``Verifier`` found.
package struct VerificationReport<M: MachineDefinition>: Sendable {
    /// Distinct states visited, the initial one included.
    package internal(set) var statesVisited = 0
    /// Inputs applied: one for each input tried in each state expanded.
    package internal(set) var transitions = 0
    /// The deepest level reached, in inputs from the initial state.
    package internal(set) var depth = 0
    /// Whether every state reachable with the samples was visited: the search ran out of new
    /// states before any bound.
    package internal(set) var exhausted = false
    /// Whether the search stopped because it visited the most states it may.
    package internal(set) var stoppedAtMaximumStates = false
    /// Whether each row fired on some transition, by row index.
    package internal(set) var rowFired: [Bool]
    /// The first states found (at most ``deadlocksKept``) with no way out, not final: every
    /// input leaves them as they are.
    package internal(set) var deadlocks: [Deadlock<M>] = []
    /// How many states have no way out.
    package internal(set) var deadlockCount = 0
    /// The first violation found: a shortest one.
    package internal(set) var violation: Violation<M>?
    /// Whether the visited set held fingerprints.
    package let fingerprints: Bool
    /// The bytes of the visited set's table.
    package internal(set) var visitedBytes = 0

    static var deadlocksKept: Int { 5 }

    init(rows: Int, fingerprints: Bool) {
        rowFired = Array(repeating: false, count: rows)
        self.fingerprints = fingerprints
    }

    /// The rows that never fired, by index.
    package var unfiredRows: [Int] { rowFired.indices.filter { !rowFired[$0] } }

    /// With fingerprints, a bound on the probability that two of the states visited shared one,
    /// so that a state was taken for another and not explored: n(n−1)/2 pairs, each colliding
    /// with probability 2⁻⁶⁴, so at most n²/2⁶⁵. Zero with exact states.
    package var missedStateProbability: Double {
        guard fingerprints else { return 0 }
        let n = Double(statesVisited)
        return min(1, n * (n - 1) / 2 / 0x1p64)
    }
}

/// A state with no way out, and the inputs that reach it.
package struct Deadlock<M: MachineDefinition>: Sendable {
    /// The inputs from the initial state, a shortest sequence.
    package let inputs: [Input<M>]
    /// The state.
    package let state: MachineState<M>
}
