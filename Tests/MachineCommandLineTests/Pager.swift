import MachineCore

/// A tiny machine for the command line's tests: a call rings until someone answers, nobody
/// does, or the caller's patience runs out; a call answered ends when the caller hangs up.
enum Pager: MachineDefinition {
    struct Context: Hashable, Sendable, Codable {
        var answeredBy: String?
        var patience: Duration = .seconds(10)
    }

    enum Event: MachineEvent, Equatable {
        case call, hangUp, answered(String), unanswered, patienceElapsed
        enum Kind: Int, IndexedCase { case call, hangUp, answered, unanswered, patienceElapsed }
        var kind: Kind {
            switch self {
            case .call: .call
            case .hangUp: .hangUp
            case .answered: .answered
            case .unanswered: .unanswered
            case .patienceElapsed: .patienceElapsed
            }
        }
    }

    enum Request: MachineRequest, Codable {
        case ring
        enum Kind: Int, IndexedCase { case ring }
        var kind: Kind { .ring }
    }

    enum Timer: Int, IndexedCase { case patience }

    static func event(firing timer: Timer) -> Event { .patienceElapsed }
    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .answered || kind == .unanswered ? .ring : nil
    }
    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .unanswered }

    enum Line: Int, ControlState { case idle, ringing, talking, done }
    static let line = Region<Line>("line", index: 0, initial: .idle, final: [.done])

    /// The table; without `hangingUp`, a call answered never ends (a dead end `check` finds).
    /// The pager's table; without `hangingUp`, it has a dead end and an unhandled event; with
    /// `duplicatingARow`, two rows share the id `call`, a mistake the table keeps.
    static func table(hangingUp: Bool = true, duplicatingARow: Bool = false) -> TransitionTable<Pager> {
        TransitionTable(
            regions: [line],
            rows: [
                Row("call", in: line, from: [.idle], on: .call, to: .ringing) { context, _, out in
                    out.request(.ring)
                    out.startTimer(.patience, after: context.patience)
                },
                Row("answered", in: line, from: [.ringing], on: .answered, to: .talking) { context, event, out in
                    if case .answered(let name) = event { context.answeredBy = name }
                    out.cancelTimer(.patience)
                },
                Row("unanswered", in: line, from: [.ringing], on: .unanswered, to: .idle) { _, _, out in
                    out.cancelTimer(.patience)
                },
                Row("giveUp", in: line, from: [.ringing], on: .patienceElapsed, to: .idle) { _, _, out in out.cancel(.ring) },
            ] + (hangingUp ? [Row("hangUp", in: line, from: [.talking], on: .hangUp, to: .done)] : [])
                + (duplicatingARow ? [Row("call", in: line, from: [.talking], on: .call, to: .ringing)] : []))
    }
}
