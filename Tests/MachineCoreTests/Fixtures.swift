import MachineCore

/// A small two-region machine for the core's tests: a kettle (off → heating → boiled) and a
/// light that follows it. A timer boils the water; a request asks a thermometer.
enum Kettle: MachineDefinition {
    struct Context: Equatable, Sendable {
        var log: [String] = []
        var temperature = 20
    }

    enum Event: MachineEvent, Equatable {
        case switchOn, switchOff, boiled, reading(Int), readingFailed, unplug, poke

        enum Kind: Int, IndexedCase { case switchOn, switchOff, boiled, reading, readingFailed, unplug, poke }

        var kind: Kind {
            switch self {
            case .switchOn: .switchOn
            case .switchOff: .switchOff
            case .boiled: .boiled
            case .reading: .reading
            case .readingFailed: .readingFailed
            case .unplug: .unplug
            case .poke: .poke
            }
        }
    }

    enum Request: MachineRequest {
        case measure
        enum Kind: Int, IndexedCase { case thermometer }
        var kind: Kind { .thermometer }
    }

    enum Output: Equatable, Sendable { case beep }

    enum Timer: Int, IndexedCase { case boil, keepWarm }

    static func event(firing timer: Timer) -> Event { .boiled }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .reading || kind == .readingFailed ? .thermometer : nil
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .readingFailed }

    enum Water: Int, ControlState { case cold, heating, hot, unplugged }
    enum Light: Int, ControlState { case dark, red }

    static let water = Region<Water>("water", index: 0, initial: .cold, final: [.unplugged])
    static let light = Region<Light>("light", index: 1, initial: .dark)

    static let isHeating = Guard<Kettle>("isHeating") { state, _ in state[water] == .heating }
    static let isCold = Guard<Kettle>("isCold") { state, _ in state.context.temperature < 50 }
    static let isHot = Guard<Kettle>("isHot") { state, _ in state.context.temperature >= 50 }

    static let rows: [Row<Kettle>] = [
        Row("heat", in: water, from: [.cold], on: .switchOn, to: .heating) { context, _, out in
            context.log.append("heat")
            out.startTimer(.boil, after: .seconds(90))
            out.request(.measure)
        },
        Row("stop", in: water, from: [.heating], on: .switchOff, to: .cold) { context, _, out in
            context.log.append("stop")
            out.cancelTimer(.boil)
            out.cancel(.thermometer)
        },
        Row("boil", in: water, from: [.heating], on: .boiled, to: .hot) { context, _, out in
            context.log.append("boil")
            out.emit(.beep)
        },
        Row("read", in: water, from: .any, on: .reading) { context, event, _ in
            if case .reading(let value) = event { context.temperature = value }
        },
        Row("unplug", in: water, from: .any, on: .unplug, to: .unplugged) { _, _, out in out.cancelEverything() },
        Row("pokeCold", in: water, from: .any, on: .poke, when: isCold),
        Row("pokeHot", in: water, from: .any, on: .poke, when: isHot) { context, _, _ in context.log.append("hot") },
        // Reads the water region before the step: fires although the water row leaves heating.
        Row("lightOn", in: light, from: [.dark], on: .switchOn, to: .red) { context, _, _ in context.log.append("light") },
        Row("lightOff", in: light, from: [.red], on: .switchOff, when: isHeating, to: .dark) { context, _, _ in
            context.log.append("lightOff")
        },
    ]

    static let table: TransitionTable<Kettle> = {
        return TransitionTable(regions: [water, light], rows: rows)
    }()
}
