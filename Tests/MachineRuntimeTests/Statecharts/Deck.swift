import MachineCore
import MachineRuntime

/// A media deck with parallel states at two depths, for the tests of SCXML's semantics: while
/// the deck `plays`, its `video` and `audio` regions run side by side, and while the audio is
/// `mixing`, two more regions nested in it (`left`, `right`) do. A `light` region at the top runs
/// beside everything. Every state logs its entry and exit (`enter:video.buffering`), every
/// action its row (`t:ROW`), so a test reads the order of a step in the log.
enum Deck: MachineDefinition {
    struct Context: Equatable, Hashable, Sendable {
        var log: [String] = []
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case power, play, stop, ready, finish, mix, unmix, eject, go, start
        var kind: Self { self }
    }

    static let startEvent: Event? = .start

    enum Power: Int, ControlState { case off, on, idle, plays }
    enum Video: Int, ControlState { case buffering, showing, over }
    enum Audio: Int, ControlState { case muted, mixing, over }
    enum Channel: Int, ControlState { case quiet, loud }
    enum Light: Int, ControlState { case dim, bright }

    static let power = Region<Power>("power", index: 0, initial: .off, children: [.on: [.idle, .plays]])
    static let video = Region<Video>("video", index: 1, within: power, .plays, initial: .buffering, final: [.over])
    static let audio = Region<Audio>("audio", index: 2, within: power, .plays, initial: .muted, final: [.over])
    static let left = Region<Channel>("left", index: 3, within: audio, .mixing, initial: .quiet)
    static let right = Region<Channel>("right", index: 4, within: audio, .mixing, initial: .quiet)
    static let light = Region<Light>("light", index: 5, initial: .dim)

    static let regions: [any AnyRegion] = [power, video, audio, left, right, light]

    /// An action that logs `t:ID`.
    static func logs(_ id: String) -> Action<Deck> { { context, _, _ in context.log.append("t:\(id)") } }

    static let rows: [Row<Deck>] = [
        Row("powerOn", in: power, from: [.off], on: .power, to: .on, action: logs("powerOn")),
        Row("powerOff", in: power, from: [.on], on: .power, to: .off, action: logs("powerOff")),
        Row("play", in: power, from: [.idle], on: .play, to: .plays, action: logs("play")),
        Row("stop", in: power, from: [.plays], on: .stop, to: .idle, action: logs("stop")),
        Row("played", in: power, done: .plays, to: .idle, action: logs("played")),
        Row("ready", in: video, from: [.buffering], on: .ready, to: .showing, action: logs("ready")),
        Row("videoEnds", in: video, from: [.showing], on: .finish, to: .over, action: logs("videoEnds")),
        Row("mix", in: audio, from: [.muted], on: .mix, to: .mixing, action: logs("mix")),
        Row("unmix", in: audio, from: [.mixing], on: .unmix, to: .muted, action: logs("unmix")),
        Row("audioEnds", in: audio, from: [.muted, .mixing], on: .finish, to: .over, action: logs("audioEnds")),
        Row("leftUp", in: left, from: [.quiet], on: .go, to: .loud, action: logs("leftUp")),
        Row("rightUp", in: right, from: [.quiet], on: .go, to: .loud, action: logs("rightUp")),
        Row("eject", in: left, from: .any, on: .eject, action: logs("leftEject")),
        Row("brighten", in: light, from: [.dim], on: .play, to: .bright, action: logs("brighten")),
    ]

    /// Every state logs its entry and exit.
    static var stateActions: [StateActions<Deck>] {
        func logged<S: ControlState>(_ region: Region<S>) -> [StateActions<Deck>] {
            S.allCases.map { state in
                StateActions(
                    in: region, state,
                    entry: { context, _, _ in context.log.append("enter:\(region.name).\(state.name)") },
                    exit: { context, _, _ in context.log.append("exit:\(region.name).\(state.name)") })
            }
        }
        return logged(power) + logged(video) + logged(audio) + logged(left) + logged(right) + logged(light)
    }

    static let table = TransitionTable<Deck>(regions: regions, rows: rows, stateActions: stateActions)

    /// A runtime of `table`, started.
    static func runtime(_ table: TransitionTable<Deck> = table) -> Runtime<Deck> {
        Runtime(table: table, state: table.initialState(context: Context()))
    }
}

extension Runtime where M == Deck {
    /// Sends `event` and returns what its steps logged.
    mutating func log(_ event: Deck.Event) throws -> [String] {
        let before = state.context.log.count
        _ = try send(event)
        return Array(state.context.log[before...])
    }
}
