import MachineCore

/// A small nested machine for the core's hierarchy tests: a jukebox that is `off` or `on`; on,
/// it is `idle`, `busy` (itself `playing` or `paused`) or `broken`. Every state logs its entries
/// and exits, every row its id, so a test reads the order things happened in.
enum Jukebox: MachineDefinition {
    struct Context: Equatable, Sendable {
        var log: [String] = []
        var loud = false
    }

    enum Event: MachineEvent, Equatable {
        case power, play, pause, stop, resume, resumeDeep, reset, refresh, tick, fault

        enum Kind: Int, IndexedCase { case power, play, pause, stop, resume, resumeDeep, reset, refresh, tick, fault }

        var kind: Kind {
            switch self {
            case .power: .power
            case .play: .play
            case .pause: .pause
            case .stop: .stop
            case .resume: .resume
            case .resumeDeep: .resumeDeep
            case .reset: .reset
            case .refresh: .refresh
            case .tick: .tick
            case .fault: .fault
            }
        }
    }

    enum Deck: Int, ControlState { case off, on, idle, busy, playing, paused, broken }

    static let deck = Region<Deck>(
        "deck", index: 0, initial: .off,
        children: [.on: [.idle, .busy, .broken], .busy: [.playing, .paused]])

    static let isLoud = Guard<Jukebox>("isLoud") { state, _ in state.context.loud }

    static func log(_ line: String) -> Action<Jukebox> { { context, _, _ in context.log.append(line) } }

    static let rows: [Row<Jukebox>] = [
        Row("powerOn", in: deck, from: [.off], on: .power, to: .on, action: log("powerOn")),
        Row("powerOff", in: deck, from: [.on], on: .power, to: .off, action: log("powerOff")),
        Row("resume", in: deck, from: [.off], on: .resume, to: .on, history: .shallow, action: log("resume")),
        Row("resumeDeep", in: deck, from: [.off], on: .resumeDeep, to: .on, history: .deep, action: log("resumeDeep")),
        Row("play", in: deck, from: [.idle], on: .play, to: .busy, action: log("play")),
        Row("pause", in: deck, from: [.playing], on: .pause, to: .paused, action: log("pause")),
        Row("stopAll", in: deck, from: [.on], on: .stop, to: .idle, action: log("stopAll")),
        Row("stopBusy", in: deck, from: [.busy], on: .stop, to: .idle, action: log("stopBusy")),
        Row("reset", in: deck, from: [.on], on: .reset, to: .on, action: log("reset")),
        Row("refresh", in: deck, from: [.on], on: .refresh, to: .idle, internal: true, action: log("refresh")),
        Row("tickOn", in: deck, from: [.on], on: .tick, action: log("tickOn")),
        Row("tickLoud", in: deck, from: [.playing], on: .tick, when: isLoud, action: log("tickLoud")),
        Row("fault", in: deck, from: [.busy], on: .fault, to: .broken, action: log("fault")),
    ]

    static let stateActions: [StateActions<Jukebox>] = Deck.allCases.map { state in
        StateActions(in: deck, state, entry: log("enter \(state.name)"), exit: log("exit \(state.name)"))
    }

    static let table = TransitionTable<Jukebox>(regions: [deck], rows: rows, stateActions: stateActions)
}
