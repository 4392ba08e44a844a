import MachineCore
import MachineRuntime

/// What an ``Invariant`` sees after each input: the runtime before and after, and the steps the
/// input caused.
public struct Observation<M: MachineDefinition>: Sendable {
    /// The input.
    public let input: Input<M>
    /// The runtime before the input.
    public let before: Runtime<M>
    /// The runtime after the input.
    public let after: Runtime<M>
    /// The steps the input caused, in order (empty for an `advance` with nothing due).
    public let steps: [RuntimeStep<M>]

    /// Creates an observation.
    public init(input: Input<M>, before: Runtime<M>, after: Runtime<M>, steps: [RuntimeStep<M>]) {
        self.input = input
        self.before = before
        self.after = after
        self.steps = steps
    }
}
