import MachineCore

/// ``Jukebox`` flattened by hand: one region without children, every row written out for each
/// leaf it applies in, with the exits, the row's log and the entries it runs, in that order; a
/// context field stands for the history. Its row ids are `row@leaf>target`.
enum FlatJukebox: MachineDefinition {
    struct Context: Equatable, Sendable {
        var log: [String] = []
        var loud = false
        /// The leaf `on` was last exited from.
        var memory: Deck?
    }

    typealias Event = Jukebox.Event
    typealias Deck = Jukebox.Deck

    static let deck = Region<Deck>("deck", index: 0, initial: .off)

    static let isLoud = Guard<FlatJukebox>("isLoud") { state, _ in state.context.loud }
    static func remembers(_ leaves: Set<Deck?>) -> Guard<FlatJukebox> {
        Guard("remembers") { state, _ in leaves.contains(state.context.memory) }
    }

    static func row(
        _ id: String, _ leaf: Deck, _ event: Event.Kind, when guard: Guard<FlatJukebox>? = nil, to target: Deck? = nil,
        _ log: [String], remember: Bool = false
    ) -> Row<FlatJukebox> {
        Row("\(id)@\(leaf.name)>\(target?.name ?? leaf.name)", in: deck, from: [leaf], on: event, when: `guard`, to: target) {
            context, _, _ in
            if remember { context.memory = leaf }
            context.log += log
        }
    }

    static let leavesOfOn: [Deck] = [.idle, .playing, .paused, .broken]

    static func exits(_ leaf: Deck) -> [String] {
        switch leaf {
        case .playing, .paused: ["exit \(leaf.name)", "exit busy", "exit on"]
        default: ["exit \(leaf.name)", "exit on"]
        }
    }

    static let rows: [Row<FlatJukebox>] =
        [
            row("powerOn", .off, .power, to: .idle, ["exit off", "powerOn", "enter on", "enter idle"]),
            row(
                "resume", .off, .resume, when: remembers([nil, .idle]), to: .idle,
                ["exit off", "resume", "enter on", "enter idle"]),
            row(
                "resume", .off, .resume, when: remembers([.playing, .paused]), to: .playing,
                ["exit off", "resume", "enter on", "enter busy", "enter playing"]),
            row(
                "resume", .off, .resume, when: remembers([.broken]), to: .broken,
                ["exit off", "resume", "enter on", "enter broken"]),
            row(
                "resumeDeep", .off, .resumeDeep, when: remembers([nil, .idle]), to: .idle,
                ["exit off", "resumeDeep", "enter on", "enter idle"]),
            row(
                "resumeDeep", .off, .resumeDeep, when: remembers([.playing]), to: .playing,
                ["exit off", "resumeDeep", "enter on", "enter busy", "enter playing"]),
            row(
                "resumeDeep", .off, .resumeDeep, when: remembers([.paused]), to: .paused,
                ["exit off", "resumeDeep", "enter on", "enter busy", "enter paused"]),
            row(
                "resumeDeep", .off, .resumeDeep, when: remembers([.broken]), to: .broken,
                ["exit off", "resumeDeep", "enter on", "enter broken"]),
            row("play", .idle, .play, to: .playing, ["exit idle", "play", "enter busy", "enter playing"]),
            row("pause", .playing, .pause, to: .paused, ["exit playing", "pause", "enter paused"]),
            row("stopBusy", .playing, .stop, to: .idle, ["exit playing", "exit busy", "stopBusy", "enter idle"]),
            row("stopBusy", .paused, .stop, to: .idle, ["exit paused", "exit busy", "stopBusy", "enter idle"]),
            row("tickLoud", .playing, .tick, when: isLoud, ["tickLoud"]),
            row("fault", .playing, .fault, to: .broken, ["exit playing", "exit busy", "fault", "enter broken"]),
            row("fault", .paused, .fault, to: .broken, ["exit paused", "exit busy", "fault", "enter broken"]),
        ]
        + leavesOfOn.flatMap { leaf in
            [
                row("powerOff", leaf, .power, to: .off, exits(leaf) + ["powerOff", "enter off"], remember: true),
                row("stopAll", leaf, .stop, to: .idle, exits(leaf) + ["stopAll", "enter on", "enter idle"]),
                row("reset", leaf, .reset, to: .idle, exits(leaf) + ["reset", "enter on", "enter idle"]),
                row("refresh", leaf, .refresh, to: .idle, exits(leaf).dropLast() + ["refresh", "enter idle"]),
                row("tickOn", leaf, .tick, ["tickOn"]),
            ]
        }

    static let table = TransitionTable<FlatJukebox>(regions: [deck], rows: rows)
}
