import MachineCore
import MachineRuntime

/// What a ``Verifier`` found.
@usableFromInline
package struct VerificationReport<M: MachineDefinition>: Sendable {
    /// Distinct states visited, the initial one included.
    @usableFromInline
    package var statesVisited = 0
    /// Inputs applied: one for each input tried in each state expanded.
    @usableFromInline
    package var transitions = 0
    /// The deepest level reached, in inputs from the initial state.
    @usableFromInline
    package var depth = 0
    /// Whether every state reachable with the samples was visited: the search ran out of new
    /// states before any bound.
    @usableFromInline
    package var exhausted = false
    /// Whether the search stopped because it visited the most states it may.
    @usableFromInline
    package var stoppedAtMaximumStates = false
    /// Whether each row fired on some transition, by row index.
    @usableFromInline
    var rowFired: [Bool]
    /// The first states found (at most ``deadlocksKept``) with no way out, not final: every
    /// input leaves them as they are.
    @usableFromInline
    package var deadlocks: [Deadlock<M>] = []
    /// How many states have no way out.
    @usableFromInline
    package var deadlockCount = 0
    /// The first violation found: a shortest one.
    @usableFromInline
    package var violation: Violation<M>?
    /// Whether the visited set held fingerprints.
    @usableFromInline
    package let fingerprints: Bool
    /// The bytes of the visited set's table.
    @usableFromInline
    package var visitedBytes = 0
    /// The states of each level the growth report looks at (``FrontierGrowth/sampled(from:)``),
    /// kept and reflected on only when ``growth`` is read: a search that found a violation or ran
    /// out of states, and `assertVerifies`, never read it, and reflection costs some 500,000
    /// instructions a state.
    @usableFromInline
    var growthSamples: [[Runtime<M>]] = []
    /// What each level added to the parts of the states: what keeps a search from ending. Worked
    /// out from the samples each time it is read.
    @usableFromInline
    package var growth: FrontierGrowth {
        var growth = FrontierGrowth()
        for sample in growthSamples { growth.record(sample) }
        return growth
    }

    @inlinable
    static var deadlocksKept: Int { 5 }

    @inlinable
    init(rows: Int, fingerprints: Bool) {
        rowFired = Array(repeating: false, count: rows)
        self.fingerprints = fingerprints
    }

    /// The rows that never fired, by index.
    @usableFromInline
    package var unfiredRows: [Int] { rowFired.indices.filter { !rowFired[$0] } }

    /// With fingerprints, a bound on the probability that two of the states visited shared one,
    /// so that a state was taken for another and not explored: n(n−1)/2 pairs, each colliding
    /// with probability 2⁻⁶⁴, so at most n²/2⁶⁵. Zero with exact states.
    @usableFromInline
    package var missedStateProbability: Double {
        guard fingerprints else { return 0 }
        let n = Double(statesVisited)
        return min(1, n * (n - 1) / 2 / 0x1p64)
    }
}

/// A state with no way out, and the inputs that reach it.
@usableFromInline
package struct Deadlock<M: MachineDefinition>: Sendable {
    /// The inputs from the initial state, a shortest sequence.
    @usableFromInline
    package let inputs: [Input<M>]
    /// The state.
    @usableFromInline
    package let state: MachineState<M>

    @inlinable
    init(inputs: [Input<M>], state: MachineState<M>) {
        self.inputs = inputs
        self.state = state
    }
}
