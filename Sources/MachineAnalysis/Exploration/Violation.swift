import MachineCore
import MachineRuntime

/// An invariant that broke, and the inputs from the initial state that break it.
public struct Violation<M: MachineDefinition>: Sendable {
    /// The name of the invariant that broke.
    package let invariant: String
    /// What was wrong, in words.
    public let message: String
    /// The inputs from the initial state; the last one broke the invariant.
    public let inputs: [Input<M>]

    /// A violation of the invariant named `invariant`, described by `message`, reached by `inputs`.
    @usableFromInline package init(invariant: String, message: String, inputs: [Input<M>]) {
        self.invariant = invariant
        self.message = message
        self.inputs = inputs
    }
}

/// What an exploration did, and the first violation it found, if any.
public struct ExplorationReport<M: MachineDefinition>: Sendable {
    /// The moves made.
    package internal(set) var moves = 0
    /// How many times the machine started again from its initial state (after finishing, or
    /// after a long episode), plus the first start.
    package internal(set) var episodes = 0
    /// How many times each row fired, by row index.
    public internal(set) var rowHits: [Int]
    /// Requests made, and answers dropped because their request was cancelled or superseded.
    package internal(set) var requests = 0, drops = 0
    /// Timers that fired.
    package internal(set) var timersFired = 0
    /// The first violation, or `nil` when every invariant held after every move.
    public internal(set) var violation: Violation<M>?

    init(rows: Int) { rowHits = Array(repeating: 0, count: rows) }
}
