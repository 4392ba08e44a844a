import MachineCore
import MachineRuntime

/// One input of an exploration: what a script's `send`, `advance` and `respond`/`fail` do.
public enum ExplorationMove<M: MachineDefinition>: Sendable {
    /// A host event.
    case send(M.Event)
    /// Move the virtual clock forward; due timers fire.
    case advance(Duration)
    /// Answer the request of this kind in flight (`ordinal` is `nil`), or the `ordinal`-th
    /// request of the kind, typically one already cancelled, whose answer must be dropped.
    case respond(M.Request.Kind, ordinal: Int?, M.Event)

    /// Performs the move on `runtime`; a move the runtime refuses (no such request in flight
    /// any more) throws and changes nothing.
    public func apply(to runtime: inout Runtime<M>) throws(RuntimeError) -> [RuntimeStep<M>] {
        switch self {
        case .send(let event): try runtime.send(event)
        case .advance(let duration): try runtime.advance(by: duration)
        case .respond(let kind, let ordinal, let answer): try runtime.respond(kind, ordinal, with: answer)
        }
    }
}
