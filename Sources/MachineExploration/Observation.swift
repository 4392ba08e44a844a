import MachineCore
import MachineRuntime

/// What an ``Invariant`` sees after each move: the runtime before and after, and the steps the
/// move caused.
public struct Observation<M: MachineDefinition>: Sendable {
    /// The move.
    public let move: ExplorationMove<M>
    /// The runtime before the move.
    public let before: Runtime<M>
    /// The runtime after the move.
    public let after: Runtime<M>
    /// The steps the move caused, in order (empty for an `advance` with nothing due).
    public let steps: [RuntimeStep<M>]

    /// Creates an observation.
    public init(move: ExplorationMove<M>, before: Runtime<M>, after: Runtime<M>, steps: [RuntimeStep<M>]) {
        self.move = move
        self.before = before
        self.after = after
        self.steps = steps
    }
}
