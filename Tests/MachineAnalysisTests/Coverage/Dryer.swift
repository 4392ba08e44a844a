import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime

/// A nested machine with both kinds of history for the covering paths: a dryer `off`, `paused`
/// or `on`; on, it is `idle` or `drying`, and drying is `gentle` or `hot`. `power` turns it on
/// where it was when it was turned off (deep history), `resume` re-enters the child of `on` it
/// was paused in (shallow history). `standby` pauses it from off, so that `resume` can find `on`
/// never exited.
enum Dryer: MachineDefinition {
    struct Context: Hashable, Sendable {}

    enum Event: Int, MachineEvent, IndexedCase {
        case power, pause, standby, resume, dry, heat, cool
        var kind: Event { self }
    }

    enum Mode: Int, ControlState { case off, paused, on, idle, drying, gentle, hot }

    static let mode = Region<Mode>(
        "mode", index: 0, initial: .off,
        children: [.on: [.idle, .drying], .drying: [.gentle, .hot]])

    static let table = TransitionTable<Dryer>(
        regions: [mode],
        rows: [
            Row("powerOn", in: mode, from: [.off], on: .power, to: .on, history: .deep),
            Row("powerOff", in: mode, from: [.on], on: .power, to: .off),
            Row("pause", in: mode, from: [.on], on: .pause, to: .paused),
            Row("standby", in: mode, from: [.off], on: .standby, to: .paused),
            Row("resume", in: mode, from: [.paused], on: .resume, to: .on, history: .shallow),
            Row("dry", in: mode, from: [.idle], on: .dry, to: .drying),
            Row("heat", in: mode, from: [.gentle], on: .heat, to: .hot),
            Row("cool", in: mode, from: [.drying], on: .cool, to: .idle),
        ])

    struct Samples: InputSamples {
        typealias Machine = Dryer
        var events: [Event] { Event.allCases }
        func answers(to request: NoRequest) -> [Event] {}
    }
}

/// The dryer's words for scripts: `machine dryer`, `send power`.
struct DryerVocabulary: ScriptVocabulary {
    let machineName = "dryer"
    let table = Dryer.table
    let initialContext = Dryer.Context()
    let fields: [ContextField<Dryer>] = []
    let events: [Constructor<Dryer.Event>] = Dryer.Event.allCases.map { Constructor($0.name, $0) }
    let commands: [Constructor<Command<Dryer>>] = []
}
