import MachineCore
import MachineRuntime

/// A sequence of inputs from a machine's initial state, and what it did.
public struct InputPath<M: MachineDefinition>: Sendable {
    /// One input.
    public enum Move: Sendable {
        /// A host event.
        case send(M.Event)
        /// Move the virtual clock by this much (to the next timer's deadline).
        case advance(Duration)
        /// Answer the request of this kind in flight with this event.
        case respond(M.Request.Kind, M.Event)
    }

    /// The inputs, in order.
    public let moves: [Move]
    /// The rows fired along the path, in order.
    public let firedRows: [Int]
    /// The state at the end.
    public let finalState: MachineState<M>
}
