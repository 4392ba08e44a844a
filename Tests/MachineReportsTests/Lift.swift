import EventScripts
import MachineCore

/// A nested machine for the report tests: a lift `parked` or in `service`; in service it is
/// `waiting` or `moving`, and moving is `up` or `down`. Leaving service remembers where it was,
/// and `resume` goes back there (deep history).
enum Lift: MachineDefinition {
    struct Context: Hashable, Sendable {}

    enum Event: Int, MachineEvent, IndexedCase {
        case call, climb, descend, stop, park, resume
        var kind: Event { self }
    }

    enum Car: Int, ControlState { case parked, service, waiting, moving, up, down }

    static let car = Region<Car>(
        "car", index: 0, initial: .parked,
        children: [.service: [.waiting, .moving], .moving: [.up, .down]])

    static let table = TransitionTable<Lift>(
        regions: [car],
        rows: [
            Row("call", in: car, from: [.parked], on: .call, to: .service),
            Row("climb", in: car, from: [.waiting], on: .climb, to: .up),
            Row("descend", in: car, from: [.waiting], on: .descend, to: .down),
            Row("reverse", in: car, from: [.up], on: .descend, to: .down),
            Row("stop", in: car, from: [.moving], on: .stop, to: .waiting),
            Row("park", in: car, from: [.service], on: .park, to: .parked),
            Row("resume", in: car, from: [.parked], on: .resume, to: .service, history: .deep),
        ])
}

/// The lift's words for scripts: `machine lift`, `send call`.
struct LiftVocabulary: ScriptVocabulary {
    let machineName = "lift"
    let table = Lift.table
    let initialContext = Lift.Context()
    let fields: [ContextField<Lift>] = []
    let events: [Constructor<Lift.Event>] = Lift.Event.allCases.map { Constructor($0.name, $0) }
    let commands: [Constructor<Command<Lift>>] = []
}
