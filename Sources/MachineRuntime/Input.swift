import MachineCore

/// One input to a running machine: everything that can happen to it from outside, in one type.
///
/// Scripts, covering paths, random exploration and recorded sessions all carry inputs, and
/// ``Runtime/apply(_:)`` performs any of them in one place. A script writes them as `send`,
/// `advance`, `respond` and `fail` (a failure is an answer the machine declares one, see
/// `MachineDefinition/isFailure(_:)`).
public enum Input<M: MachineDefinition>: Sendable {
    /// A host event.
    case send(M.Event)
    /// Move the virtual clock forward; due timers fire.
    case advance(Duration)
    /// Answer the request of this kind in flight (`ordinal` is `nil`), or the `ordinal`-th
    /// request of the kind, from 1, even one already cancelled (its answer is then dropped).
    case respond(M.Request.Kind, ordinal: Int?, M.Event)
}

extension Input: Equatable where M.Event: Equatable {}

extension Runtime {
    /// Performs `input`; an input the runtime refuses throws and changes nothing.
    @inlinable
    public mutating func apply(_ input: Input<M>) throws(RuntimeError) -> [RuntimeStep<M>] {
        switch input {
        case .send(let event): try send(event)
        case .advance(let duration): try advance(by: duration)
        case .respond(let kind, let ordinal, let answer): try respond(kind, ordinal, with: answer)
        }
    }

    /// Performs `input` (``apply(_:)``), appending its steps to `steps`: exhaustive verification
    /// keeps one list of steps for every input it tries, emptied in place, where each input
    /// would allocate a list of its own.
    @inlinable
    package mutating func apply(_ input: Input<M>, into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        switch input {
        case .send(let event): try send(event, into: &steps)
        case .advance(let duration): try advance(by: duration, into: &steps)
        case .respond(let kind, let ordinal, let answer): try respond(kind, ordinal, with: answer, into: &steps)
        }
    }
}
