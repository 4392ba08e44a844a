import MachineCore

/// What an ``Invariant`` sees: the runtime before and after an input, and the steps the input
/// caused; or a runtime seen without an input (one being restored), before and after the same.
///
/// An invariant may compare before with after ("no message is lost": every message queued
/// before is still queued or was sent) and read what the steps emitted ("the backoff doubles":
/// each `startTimer` of the steps' commands).
public struct Observation<M: MachineDefinition>: Sendable {
    /// The input, or `nil` for a runtime seen as it is (``init(of:)``).
    @usableFromInline package let input: Input<M>?
    /// The runtime before the input.
    public let before: Runtime<M>
    /// The runtime after the input.
    public let after: Runtime<M>
    /// The steps the input caused, in order (empty for an `advance` with nothing due).
    public let steps: [RuntimeStep<M>]

    /// The observation of `input`, which took `before` to `after` in `steps`.
    @usableFromInline package init(input: Input<M>, before: Runtime<M>, after: Runtime<M>, steps: [RuntimeStep<M>]) {
        self.input = input
        self.before = before
        self.after = after
        self.steps = steps
    }

    /// The observation of `runtime` as it is, with no input and no step: what the invariants
    /// of a state are checked on when a runtime is restored.
    @usableFromInline package init(of runtime: Runtime<M>) {
        self.input = nil
        self.before = runtime
        self.after = runtime
        self.steps = []
    }
}
