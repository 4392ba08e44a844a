import MachineCore
import MachineRuntime

/// A sequence of inputs from a machine's initial state, and what it did.
public struct InputPath<M: MachineDefinition>: Sendable {
    /// The inputs, in order: host events, advances to the next timer's deadline, and answers to
    /// the requests in flight.
    public let inputs: [Input<M>]
    /// The rows fired along the path, in order.
    public let firedRows: [Int]
    /// The state at the end.
    public let finalState: MachineState<M>
}
