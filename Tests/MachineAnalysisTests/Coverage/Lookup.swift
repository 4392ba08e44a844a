import MachineAnalysis
import MachineCore
import MachineRuntime

/// A small machine for the coverage tests: a lookup that waits for the typing to settle, asks a
/// provider, and shows what it found while there is room for it; and a lamp toggled on and off
/// while the lookup is idle.
enum Lookup: MachineDefinition {
    struct Context: Hashable, Sendable {
        /// How many results are shown.
        var found = 0
        /// How many results there is room for.
        var room = 1
    }

    enum Event: MachineEvent, Hashable {
        case typed, cancel, toggle, settled, found(Int), failed

        enum Kind: Int, IndexedCase { case typed, cancel, toggle, settled, found, failed }

        var kind: Kind {
            switch self {
            case .typed: .typed
            case .cancel: .cancel
            case .toggle: .toggle
            case .settled: .settled
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

    enum Timer: Int, IndexedCase { case settle }

    static func event(firing timer: Timer) -> Event { .settled }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .found || kind == .failed ? .lookup : nil
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .failed }

    enum Phase: Int, ControlState { case idle, settling, loading, shown }
    enum Lamp: Int, ControlState { case off, on }

    static let phase = Region<Phase>("phase", index: 0, initial: .idle)
    static let lamp = Region<Lamp>("lamp", index: 1, initial: .off)

    static let hasRoom = Guard<Lookup>("hasRoom") { state, event in
        guard case .found(let count) = event else { return false }
        return state.context.found + count <= state.context.room
    }

    static let isIdle = Guard<Lookup>("isIdle") { state, _ in state[phase] == .idle }

    static let table = TransitionTable<Lookup>(
        regions: [phase, lamp],
        rows: [
            Row("P1.type", in: phase, from: [.idle, .shown], on: .typed, to: .settling) { _, _, out in
                out.startTimer(.settle, after: .milliseconds(200))
            },
            Row("P2.retype", in: phase, from: [.settling], on: .typed, to: .settling) { _, _, out in
                out.startTimer(.settle, after: .milliseconds(200))
            },
            Row("P3.ask", in: phase, from: [.settling], on: .settled, to: .loading) { _, _, out in out.request(.lookUp) },
            Row("P4.show", in: phase, from: [.loading], on: .found, when: hasRoom, to: .shown) { context, event, _ in
                if case .found(let count) = event { context.found += count }
            },
            Row("P5.full", in: phase, from: [.loading], on: .found, to: .idle),
            Row("P6.fail", in: phase, from: [.loading], on: .failed, to: .idle),
            Row("P7.cancel", in: phase, from: [.settling, .loading], on: .cancel, to: .idle) { _, _, out in
                out.cancelTimer(.settle)
                out.cancel(.lookup)
            },
            Row("L1.on", in: lamp, from: [.off], on: .toggle, when: isIdle, to: .on),
            Row("L2.off", in: lamp, from: [.on], on: .toggle, to: .off),
        ])

    /// Inputs for covering paths: every host event, a result that fits and one that does not,
    /// and a failure.
    struct Samples: InputSamples {
        typealias Machine = Lookup
        var events: [Event] { [.typed, .cancel, .toggle] }
        func answers(to request: Request) -> [Event] { [.found(1), .found(5), .failed] }
    }
}
