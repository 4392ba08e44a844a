import MachineAnalysis
import MachineCore
import MachineRuntime

/// A deliberately broken machine for the explorer's tests: a lookup that gives up when its
/// provider is too slow, and that, by choice, forgets to cancel its request when cancelled,
/// leaves its patience timer running once answered, or can finish while a lookup is in flight.
enum LeakyLookup: MachineDefinition {
    struct Context: Equatable, Sendable { var found = 0 }

    enum Event: MachineEvent, Equatable {
        case lookUp, cancel, finish, noise, gaveUp, found(Int), failed
        enum Kind: Int, IndexedCase { case lookUp, cancel, finish, noise, gaveUp, found, failed }
        var kind: Kind {
            switch self {
            case .lookUp: .lookUp
            case .cancel: .cancel
            case .finish: .finish
            case .noise: .noise
            case .gaveUp: .gaveUp
            case .found: .found
            case .failed: .failed
            }
        }
    }

    enum Request: MachineRequest {
        case lookUp
        enum Kind: Int, IndexedCase { case lookup }
        var kind: Kind { .lookup }
    }

    enum Timer: Int, IndexedCase { case patience }

    static func event(firing timer: Timer) -> Event { .gaveUp }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .found || kind == .failed ? .lookup : nil
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .failed }

    enum Phase: Int, ControlState { case idle, loading, shown, done }
    static let phase = Region<Phase>("phase", index: 0, initial: .idle, final: [.done])

    /// Which bugs the table has.
    struct Bugs: OptionSet, Sendable {
        let rawValue: Int
        /// `cancel` leaves the request in flight.
        static let leakOnCancel = Bugs(rawValue: 1)
        /// `finish` is allowed while loading (entering the final state stops the lookup).
        static let finishWhileLoading = Bugs(rawValue: 2)
        /// An answer leaves the patience timer running.
        static let leakTimer = Bugs(rawValue: 4)
    }

    static func table(bugs: Bugs) -> TransitionTable<LeakyLookup> {
        TransitionTable(
            regions: [phase],
            rows: [
                Row("lookUp", in: phase, from: [.idle, .shown], on: .lookUp, to: .loading) { _, _, out in
                    out.request(.lookUp)
                    out.startTimer(.patience, after: .milliseconds(500))
                },
                Row("found", in: phase, from: [.loading], on: .found, to: .shown) { context, event, out in
                    if case .found(let count) = event { context.found += count }
                    if !bugs.contains(.leakTimer) { out.cancelTimer(.patience) }
                },
                Row("failed", in: phase, from: [.loading], on: .failed, to: .idle) { _, _, out in out.cancelTimer(.patience) },
                Row("gaveUp", in: phase, from: [.loading], on: .gaveUp, to: .idle) { _, _, out in out.cancel(.lookup) },
                Row("cancel", in: phase, from: [.loading], on: .cancel, to: .idle) { _, _, out in
                    out.cancelTimer(.patience)
                    if !bugs.contains(.leakOnCancel) { out.cancel(.lookup) }
                },
                Row(
                    "finish", in: phase, from: bugs.contains(.finishWhileLoading) ? [.shown, .loading] : [.shown], on: .finish,
                    to: .done),
            ])
    }

    struct Samples: InputSamples {
        typealias Machine = LeakyLookup
        var events: [Event] { [.lookUp, .cancel, .finish, .noise] }
        func answers(to request: Request) -> [Event] { [.found(1), .failed] }
    }

    static let invariants =
        Invariant<LeakyLookup>.standard
        + [.request(.lookup, onlyIn: phase, .loading), .timer(.patience, onlyIn: phase, .loading)]

    static func explorer(bugs: Bugs) -> Explorer<Samples> {
        let table = table(bugs: bugs)
        return Explorer(table: table, initial: table.initialState(context: .init()), samples: Samples(), invariants: invariants)
    }
}
