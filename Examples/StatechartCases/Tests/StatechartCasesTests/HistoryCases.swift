import MachineCore
import MachineRuntime
import Testing

// XState's history tests: `a` holds `a1` and `a2`, which holds `a21` and `a22`; the machine
// leaves `a` from `a22` for `b` and comes back by shallow or deep history.
private enum ShallowDeep: MachineDefinition {
    struct Context: Equatable, Sendable {}
    enum Event: Int, MachineEvent, IndexedCase {
        case start, next, leave, back, backShallow, backDeep
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case a, a1, a2, a21, a22, b }
    static let r = Region<S>("r", index: 0, initial: .a, children: [.a: [.a1, .a2], .a2: [.a21, .a22]])
    static let table = TransitionTable<ShallowDeep>(
        regions: [r],
        rows: [
            Row("a1.next", in: r, from: [.a1], on: .next, to: .a2),
            Row("a21.next", in: r, from: [.a21], on: .next, to: .a22),
            Row("a.leave", in: r, from: [.a], on: .leave, to: .b),
            Row("b.back", in: r, from: [.b], on: .back, to: .a),
            Row("b.backShallow", in: r, from: [.b], on: .backShallow, to: .a, history: .shallow),
            Row("b.backDeep", in: r, from: [.b], on: .backDeep, to: .a, history: .deep),
        ])

    /// A runtime that went to `a22` and left `a` for `b`.
    static func leftFromA22() throws -> Runtime<ShallowDeep> {
        var runtime = started(table, .init())
        for event: Event in [.next, .next, .leave] { _ = try runtime.send(event) }
        return runtime
    }
}

// W3C IRP test 387: `s0` and `s1` each have a shallow and a deep history with defaults; every
// leaf raises `enteringNAME` on entry.
private enum W3C387: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, enteringS011, enteringS012, enteringS021, enteringS022
        case enteringS111, enteringS112, enteringS121, enteringS122
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState {
        case s0, s01, s011, s012, s02, s021, s022, s1, s11, s111, s112, s12, s121, s122, s3, s4, pass, fail
    }
    static let r = Region<S>(
        "r", index: 0, initial: .s3, final: [.pass, .fail],
        children: [
            .s0: [.s01, .s02], .s01: [.s011, .s012], .s02: [.s021, .s022],
            .s1: [.s11, .s12], .s11: [.s111, .s112], .s12: [.s121, .s122],
        ])
    static let entering: [S: Event] = [
        .s011: .enteringS011, .s012: .enteringS012, .s021: .enteringS021, .s022: .enteringS022,
        .s111: .enteringS111, .s112: .enteringS112, .s121: .enteringS121, .s122: .enteringS122,
    ]
    static let table = TransitionTable<W3C387>(
        regions: [r],
        rows: [
            Row("s0.enteringS011", in: r, from: [.s0], on: .enteringS011, to: .s4, action: logsEvent()),
            Row("s0.any", in: r, from: [.s0], on: "*", to: .fail, action: logsEvent()),
            Row("s1.enteringS122", in: r, from: [.s1], on: .enteringS122, to: .pass, action: logsEvent()),
            Row("s1.any", in: r, from: [.s1], on: "*", to: .fail, action: logsEvent()),
            Row("s3.always", in: r, from: [.s3], always: nil, to: .s0, history: .shallow),
            Row("s4.always", in: r, from: [.s4], always: nil, to: .s1, history: .deep),
        ],
        stateActions: entering.sorted { $0.key.rawValue < $1.key.rawValue }.map { state, event in
            StateActions(in: r, state, entry: { _, _, out in out.raise(event) })
        },
        initials: [
            Initial(in: r, of: .s0, history: .shallow, to: .s01),
            Initial(in: r, of: .s0, history: .deep, to: .s022),
            Initial(in: r, of: .s1, history: .shallow, to: .s11),
            Initial(in: r, of: .s1, history: .deep, to: .s122),
        ])
}

// W3C IRP test 388: Var1 counts the entries of `s0`; the machine starts in `s012`, goes to `s1`,
// back by `s0`'s deep history, to `s2`, back by its shallow history. Leaves raise
// `entering.NAME`.
private enum W3C388: MachineDefinition {
    struct Context: Equatable, Sendable { var var1 = 0 }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, enteringS011, enteringS012, enteringS021, enteringS022
        var kind: Self { self }
        var name: String {
            switch self {
            case .start: "start"
            case .enteringS011: "entering.s011"
            case .enteringS012: "entering.s012"
            case .enteringS021: "entering.s021"
            case .enteringS022: "entering.s022"
            }
        }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01, s011, s012, s02, s021, s022, s1, s2, pass, fail }
    static let r = Region<S>(
        "r", index: 0, initial: .s012, final: [.pass, .fail],
        children: [.s0: [.s01, .s02], .s01: [.s011, .s012], .s02: [.s021, .s022]])
    static func var1Is(_ value: Int) -> Guard<W3C388> { Guard("var1==\(value)") { state, _ in state.context.var1 == value } }
    static let table = TransitionTable<W3C388>(
        regions: [r],
        rows: [
            Row("s0.first", in: r, from: [.s0], on: .enteringS012, when: var1Is(1), to: .s1),
            Row("s0.second", in: r, from: [.s0], on: .enteringS012, when: var1Is(2), to: .s2),
            Row("s0.secondFail", in: r, from: [.s0], on: "entering", when: var1Is(2), to: .fail),
            Row("s0.third", in: r, from: [.s0], on: .enteringS011, when: var1Is(3), to: .pass),
            Row("s0.thirdFail", in: r, from: [.s0], on: "entering", when: var1Is(3), to: .fail),
            Row("s1.always", in: r, from: [.s1], always: nil, to: .s0, history: .deep),
            Row("s2.always", in: r, from: [.s2], always: nil, to: .s0, history: .shallow),
        ],
        stateActions: [
            StateActions(in: r, .s0, entry: { context, _, _ in context.var1 += 1 }),
            StateActions(in: r, .s011, entry: { _, _, out in out.raise(.enteringS011) }),
            StateActions(in: r, .s012, entry: { _, _, out in out.raise(.enteringS012) }),
            StateActions(in: r, .s021, entry: { _, _, out in out.raise(.enteringS021) }),
            StateActions(in: r, .s022, entry: { _, _, out in out.raise(.enteringS022) }),
        ],
        initials: [
            Initial(in: r, of: .s0, history: .shallow, to: .s02),
            Initial(in: r, of: .s0, history: .deep, to: .s022),
        ])
}

// W3C IRP test 579, adapted: `s0` is entered by its shallow history, whose default raises
// event3; its onentry raises event1, its onexit counts in Var1. The test's `<initial>` targets
// the history, with content of its own (event2): an `Initial` cannot target a history, so the
// machine enters `s0` by history from `idle` and from `s03`, and event2 is left out.
private enum W3C579: MachineDefinition {
    struct Context: Logging, Equatable {
        var log: [String] = []
        var var1 = 0
    }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, event1, event3, timeout
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case idle, s0, s01, s02, s03, s2, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .idle, final: [.pass, .fail], children: [.s0: [.s01, .s02, .s03]])
    static func var1Is(_ value: Int) -> Guard<W3C579> { Guard("var1==\(value)") { state, _ in state.context.var1 == value } }
    static let table = TransitionTable<W3C579>(
        regions: [r],
        rows: [
            Row("idle.always", in: r, from: [.idle], always: nil, to: .s0, history: .shallow),
            Row("s01.event1", in: r, from: [.s01], on: .event1, to: .s02),
            Row("s01.any", in: r, from: [.s01], on: "*", to: .fail),
            Row("s02.event3", in: r, from: [.s02], on: .event3, to: .s03),
            Row("s02.any", in: r, from: [.s02], on: "*", to: .fail),
            Row("s03.again", in: r, from: [.s03], always: var1Is(0), to: .s0, history: .shallow),
            Row("s03.event1", in: r, from: [.s03], on: .event1, when: var1Is(1), to: .s2),
            Row("s03.any", in: r, from: [.s03], on: "*", to: .fail),
            Row("s2.event3", in: r, from: [.s2], on: .event3, to: .fail),
            Row("s2.timeout", in: r, from: [.s2], on: .timeout, to: .pass),
        ],
        stateActions: [
            StateActions(
                in: r, .s0, entry: { _, _, out in out.raise(.event1) }, exit: { context, _, _ in context.var1 += 1 })
        ],
        initials: [
            Initial(in: r, of: .s0, history: .shallow, to: .s01) { context, _, out in
                context.log.append("default")
                out.raise(.event3)
            }
        ])
}

// XState's history of a parallel state: `on` holds `idle` and the parallel state `plays`, with
// regions `video` and `audio`.
private enum Player: MachineDefinition {
    struct Context: Equatable, Sendable {}
    enum Event: Int, MachineEvent, IndexedCase {
        case start, power, powerDeep, powerShallow, play, ready, mix
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum Power: Int, ControlState { case off, on, idle, plays }
    enum Video: Int, ControlState { case buffering, showing }
    enum Audio: Int, ControlState { case muted, mixing }
    static let power = Region<Power>("power", index: 0, initial: .off, children: [.on: [.idle, .plays]])
    static let video = Region<Video>("video", index: 1, within: power, .plays, initial: .buffering)
    static let audio = Region<Audio>("audio", index: 2, within: power, .plays, initial: .muted)
    static let table = TransitionTable<Player>(
        regions: [power, video, audio],
        rows: [
            Row("off.power", in: power, from: [.off], on: .power, to: .on),
            Row("off.powerDeep", in: power, from: [.off], on: .powerDeep, to: .on, history: .deep),
            Row("off.powerShallow", in: power, from: [.off], on: .powerShallow, to: .on, history: .shallow),
            Row("on.power", in: power, from: [.on], on: .power, to: .off),
            Row("idle.play", in: power, from: [.idle], on: .play, to: .plays),
            Row("buffering.ready", in: video, from: [.buffering], on: .ready, to: .showing),
            Row("muted.mix", in: audio, from: [.muted], on: .mix, to: .mixing),
        ])

    /// A runtime whose `plays` was left from `showing` and `mixing`.
    static func switchedOffWhilePlaying() throws -> Runtime<Player> {
        var runtime = started(table, .init())
        for event: Event in [.power, .play, .ready, .mix, .power] { _ = try runtime.send(event) }
        return runtime
    }
}

/// History states (SCXML §3.10): shallow remembers the active children of its parent, deep its
/// active atomic descendants; a default transition applies while nothing is remembered.
@Suite struct HistoryCases {
    /// XState: shallow history restores the child last active, deep history the leaf.
    /// SCXML requires `a2` then its initial `a21` by shallow history, `a22` by deep history, and
    /// `a1` by a plain transition.
    @Test func shallowHistoryRestoresTheChildAndDeepHistoryTheLeaf() throws {
        var shallow = try ShallowDeep.leftFromA22()
        _ = try shallow.send(.backShallow)
        #expect(shallow.state[ShallowDeep.r] == .a21)
        var deep = try ShallowDeep.leftFromA22()
        _ = try deep.send(.backDeep)
        #expect(deep.state[ShallowDeep.r] == .a22)
        var plain = try ShallowDeep.leftFromA22()
        _ = try plain.send(.back)
        #expect(plain.state[ShallowDeep.r] == .a1)
    }

    /// W3C IRP test 387: a history that remembers nothing takes its default transition.
    /// SCXML requires `s0`'s shallow default to reach `s011` (enteringS011), then `s1`'s deep
    /// default to reach `s122` (enteringS122).
    @Test func historyWithNothingStoredTakesItsDefaultTransition() {
        let runtime = W3C387.started(W3C387.table, .init())
        #expect(runtime.state.context.log == ["enteringS011", "enteringS122"])
        #expect(runtime.state[W3C387.r] == .pass)
    }

    /// W3C IRP test 388: history restores what was active when its parent was last exited.
    /// SCXML requires deep history to re-enter `s012` and shallow history `s01` (so `s011`),
    /// with `s0` entered three times.
    @Test func deepAndShallowHistoryRestoreWhatWasActiveWhenTheParentWasExited() {
        let runtime = W3C388.started(W3C388.table, .init())
        #expect(runtime.state[W3C388.r] == .pass)
        #expect(runtime.state.context.var1 == 3)
    }

    /// W3C IRP test 579 (adapted): default history content runs after the parent's onentry and
    /// only while no history is stored. SCXML requires event1, then event3 the first time, and
    /// no event3 once `s0` has been exited and re-entered by its history.
    @Test func defaultHistoryContentRunsAfterTheParentsOnentryOnlyWhileNothingIsStored() throws {
        var runtime = W3C579.started(W3C579.table, .init())
        #expect(runtime.state[W3C579.r] == .s2)
        #expect(runtime.state.context.log == ["default"])
        // `s0` was exited twice: by `s03.again` (Var1 == 0 then), and for `s2` (Var1 == 1 then).
        #expect(runtime.state.context.var1 == 2)
        _ = try runtime.send(.timeout)
        #expect(runtime.state[W3C579.r] == .pass)
    }

    /// XState: deep history restores the states of every region of a parallel state below it;
    /// shallow history restores the parallel state and enters its regions by default.
    /// SCXML requires `showing` and `mixing` by deep history, `buffering` and `muted` by shallow.
    @Test func deepHistoryRestoresEveryRegionOfANestedParallelState() throws {
        var deep = try Player.switchedOffWhilePlaying()
        _ = try deep.send(.powerDeep)
        #expect(deep.state.isIn(.plays, of: Player.power))
        #expect(deep.state.isIn(.showing, of: Player.video) && deep.state.isIn(.mixing, of: Player.audio))
        var shallow = try Player.switchedOffWhilePlaying()
        _ = try shallow.send(.powerShallow)
        #expect(shallow.state.isIn(.plays, of: Player.power))
        #expect(shallow.state.isIn(.buffering, of: Player.video) && shallow.state.isIn(.muted, of: Player.audio))
    }
}
