import EventScripts
import MachineCore

/// A small machine for the report tests: a gate that opens for a badge once its motor answers,
/// closes again after a while, and breaks for good when forced; an alarm that rings when the gate
/// is forced and is silenced from any state.
enum Gate: MachineDefinition {
    struct Context: Hashable, Sendable {
        /// The last badge shown.
        var visitor = ""
    }

    enum Event: MachineEvent, Hashable {
        case badge(String), opened, jammed, closeNow, forced, silence

        enum Kind: Int, IndexedCase { case badge, opened, jammed, closeNow, forced, silence }

        var kind: Kind {
            switch self {
            case .badge: .badge
            case .opened: .opened
            case .jammed: .jammed
            case .closeNow: .closeNow
            case .forced: .forced
            case .silence: .silence
            }
        }
    }

    enum Request: MachineRequest {
        case motor
        enum Kind: Int, IndexedCase { case motor }
        var kind: Kind { .motor }
    }

    enum Timer: Int, IndexedCase { case hold }

    static func event(firing timer: Timer) -> Event { .closeNow }
    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? { kind == .opened || kind == .jammed ? .motor : nil }
    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .jammed }

    enum Door: Int, ControlState { case closed, opening, open, broken }
    enum Alarm: Int, ControlState { case quiet, ringing }

    static let door = Region<Door>("door", index: 0, initial: .closed, final: [.broken])
    static let alarm = Region<Alarm>("alarm", index: 1, initial: .quiet)

    static let isKnown = Guard<Gate>("isKnown") { _, event in
        guard case .badge(let name) = event else { return false }
        return !name.isEmpty
    }

    static let table = TransitionTable<Gate>(
        regions: [door, alarm],
        rows: [
            Row("D1.badge", in: door, from: [.closed], on: .badge, when: isKnown, to: .opening) { context, event, out in
                if case .badge(let name) = event { context.visitor = name }
                out.request(.motor)
            },
            Row("D2.opened", in: door, from: [.opening], on: .opened, to: .open) { _, _, out in
                out.startTimer(.hold, after: .seconds(5))
            },
            Row("D3.jammed", in: door, from: [.opening], on: .jammed, to: .closed),
            Row("D4.close", in: door, from: [.open], on: .closeNow, to: .closed),
            Row("D5.forced", in: door, from: [.closed, .opening], on: .forced, to: .broken),
            Row("A1.ring", in: alarm, from: [.quiet], on: .forced, to: .ringing),
            Row("A2.silence", in: alarm, from: .any, on: .silence, to: .quiet),
            Row("A3.rebadge", in: alarm, from: [.ringing], on: .badge, when: isKnown),
        ])
}

/// The gate's words for scripts: `send badge("Ada")`, `respond motor`, `fail motor`.
struct GateVocabulary: ScriptVocabulary {
    let machineName = "gate"
    let table = Gate.table
    let initialContext = Gate.Context()
    let fields: [ContextField<Gate>] = [ContextField("visitor", .string, \.visitor, settable: true)]
    let events: [Constructor<Gate.Event>] = [
        Constructor("badge", "name", .string, Gate.Event.badge),
        Constructor("opened", .opened),
        Constructor("jammed", .jammed),
        Constructor("forced", .forced),
        Constructor("silence", .silence),
    ]
    let commands: [Constructor<Command<Gate>>] = [Constructor("motor", .request(.motor))]
}
