import MachineCore

/// What an ``Invariant`` sees: the runtime before and after an input, and the steps the input
/// caused; or a runtime seen without an input (one being restored), before and after the same.
///
/// An invariant may compare before with after ("no message is lost": every message queued
/// before is still queued or was sent) and read what the steps emitted ("the backoff doubles":
/// each `startTimer` of the steps' commands).
public struct Observation<M: MachineDefinition>: Sendable {
    /// The input, or `nil` for a runtime seen as it is (``init(of:)``).
    @inlinable package var input: Input<M>? { _input?.input }
    /// The input, held once for every observation of it (``SharedInput``).
    @usableFromInline let _input: SharedInput?
    /// The runtime before the input.
    @inlinable public var before: Runtime<M> { _read { yield _before.runtime } }
    /// The runtime before, held once for every input tried from it (``Before``).
    @usableFromInline let _before: Before
    /// The runtime after the input.
    public let after: Runtime<M>
    /// The steps the input caused, in order (empty for an `advance` with nothing due).
    public let steps: [RuntimeStep<M>]

    /// A runtime that several observations start from, held behind one reference: exhaustive
    /// verification tries every input from each state it expands, and each observation then
    /// shares the runtime before instead of copying it.
    @usableFromInline
    package final class Before: Sendable {
        @usableFromInline let runtime: Runtime<M>

        /// Holds `runtime`.
        @inlinable
        package init(_ runtime: Runtime<M>) { self.runtime = runtime }
    }

    /// An input behind one reference: exhaustive verification tries the same sample inputs in
    /// every state it expands, and the observations, successors and paths of each share it
    /// instead of copying it (a copy of an input goes through its generic value witnesses).
    @usableFromInline
    package final class SharedInput: Sendable {
        @usableFromInline package let input: Input<M>

        /// Holds `input`.
        @inlinable
        package init(_ input: Input<M>) { self.input = input }
    }

    /// The observation of `input`, which took `before` to `after` in `steps`.
    @usableFromInline package init(input: Input<M>, before: Runtime<M>, after: Runtime<M>, steps: [RuntimeStep<M>]) {
        self.init(input: SharedInput(input), before: Before(before), after: after, steps: steps)
    }

    /// The observation of the input `input` holds, which took the runtime `before` holds to
    /// `after` in `steps`.
    @inlinable
    package init(input: SharedInput, before: Before, after: Runtime<M>, steps: [RuntimeStep<M>]) {
        self._input = input
        self._before = before
        self.after = after
        self.steps = steps
    }

    /// The observation of `runtime` as it is, with no input and no step: what the invariants
    /// of a state are checked on when a runtime is restored.
    @usableFromInline package init(of runtime: Runtime<M>) {
        self._input = nil
        self._before = Before(runtime)
        self.after = runtime
        self.steps = []
    }
}
