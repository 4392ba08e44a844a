import MachineCore
import MachineRuntime
import Testing

// The events of W3C IRP tests 404, 405 and 406, which raise event1 to event4 and then check,
// state by state, that they come in that order.
private enum Raised: Int, MachineEvent, IndexedCase {
    case start, event1, event2, event3, event4
    var kind: Self { self }
}

// W3C IRP test 404: the parallel state `s01p` (regions `s01p1`, `s01p2`) leaves for `s02` at
// once; exits and the transition raise events, which `s02` to `s05` take in order.
private enum W3C404: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    typealias Event = Raised
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01p, s02, s03, s04, s05, pass, fail }
    enum P1: Int, ControlState { case s01p1 }
    enum P2: Int, ControlState { case s01p2 }
    static let r = Region<S>(
        "r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.s01p, .s02, .s03, .s04, .s05]])
    static let p1 = Region<P1>("s01p1", index: 1, within: r, .s01p, initial: .s01p1)
    static let p2 = Region<P2>("s01p2", index: 2, within: r, .s01p, initial: .s01p2)
    static let table = TransitionTable<W3C404>(
        regions: [r, p1, p2],
        rows: [
            Row("s01p.always", in: r, from: [.s01p], always: nil, to: .s02) { _, _, out in out.raise(.event4) },
            Row("s02.event1", in: r, from: [.s02], on: .event1, to: .s03, action: logsEvent()),
            Row("s02.any", in: r, from: [.s02], on: "*", to: .fail, action: logsEvent()),
            Row("s03.event2", in: r, from: [.s03], on: .event2, to: .s04, action: logsEvent()),
            Row("s03.any", in: r, from: [.s03], on: "*", to: .fail, action: logsEvent()),
            Row("s04.event3", in: r, from: [.s04], on: .event3, to: .s05, action: logsEvent()),
            Row("s04.any", in: r, from: [.s04], on: "*", to: .fail, action: logsEvent()),
            Row("s05.event4", in: r, from: [.s05], on: .event4, to: .pass, action: logsEvent()),
            Row("s05.any", in: r, from: [.s05], on: "*", to: .fail, action: logsEvent()),
        ],
        stateActions: [
            StateActions(in: r, .s01p, exit: { _, _, out in out.raise(.event3) }),
            StateActions(in: p1, .s01p1, exit: { _, _, out in out.raise(.event2) }),
            StateActions(in: p2, .s01p2, exit: { _, _, out in out.raise(.event1) }),
        ])
}

// W3C IRP test 405: both regions of `s01p` take an eventless transition in the same microstep;
// their exits raise event1 and event2, their transitions event3 and event4.
private enum W3C405: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    typealias Event = Raised
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01p, s02, s03, s04, pass, fail }
    enum P1: Int, ControlState { case s01p11, s01p12 }
    enum P2: Int, ControlState { case s01p21, s01p22 }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.s01p, .s02, .s03, .s04]])
    static let p1 = Region<P1>("s01p1", index: 1, within: r, .s01p, initial: .s01p11)
    static let p2 = Region<P2>("s01p2", index: 2, within: r, .s01p, initial: .s01p21)
    static let table = TransitionTable<W3C405>(
        regions: [r, p1, p2],
        rows: [
            Row("s01p.event1", in: r, from: [.s01p], on: .event1, to: .s02, action: logsEvent()),
            Row("s01p11.always", in: p1, from: [.s01p11], always: nil, to: .s01p12) { _, _, out in out.raise(.event3) },
            Row("s01p21.always", in: p2, from: [.s01p21], always: nil, to: .s01p22) { _, _, out in out.raise(.event4) },
            Row("s02.event2", in: r, from: [.s02], on: .event2, to: .s03, action: logsEvent()),
            Row("s02.any", in: r, from: [.s02], on: "*", to: .fail, action: logsEvent()),
            Row("s03.event3", in: r, from: [.s03], on: .event3, to: .s04, action: logsEvent()),
            Row("s03.any", in: r, from: [.s03], on: "*", to: .fail, action: logsEvent()),
            Row("s04.event4", in: r, from: [.s04], on: .event4, to: .pass, action: logsEvent()),
            Row("s04.any", in: r, from: [.s04], on: "*", to: .fail, action: logsEvent()),
        ],
        stateActions: [
            StateActions(in: p1, .s01p11, exit: { _, _, out in out.raise(.event2) }),
            StateActions(in: p2, .s01p21, exit: { _, _, out in out.raise(.event1) }),
        ])
}

// W3C IRP test 406: `s01` moves to the parallel state `s0p2` (regions `s01p21`, `s01p22`); the
// transition raises event1, the entries event2 to event4.
private enum W3C406: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    typealias Event = Raised
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01, s0p2, s03, s04, s05, pass, fail }
    enum P1: Int, ControlState { case s01p21 }
    enum P2: Int, ControlState { case s01p22 }
    static let r = Region<S>(
        "r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.s01, .s0p2, .s03, .s04, .s05]])
    static let p1 = Region<P1>("s01p21", index: 1, within: r, .s0p2, initial: .s01p21)
    static let p2 = Region<P2>("s01p22", index: 2, within: r, .s0p2, initial: .s01p22)
    static let table = TransitionTable<W3C406>(
        regions: [r, p1, p2],
        rows: [
            Row("s01.always", in: r, from: [.s01], always: nil, to: .s0p2) { _, _, out in out.raise(.event1) },
            Row("s0p2.event1", in: r, from: [.s0p2], on: .event1, to: .s03, action: logsEvent()),
            Row("s03.event2", in: r, from: [.s03], on: .event2, to: .s04, action: logsEvent()),
            Row("s03.any", in: r, from: [.s03], on: "*", to: .fail, action: logsEvent()),
            Row("s04.event3", in: r, from: [.s04], on: .event3, to: .s05, action: logsEvent()),
            Row("s04.any", in: r, from: [.s04], on: "*", to: .fail, action: logsEvent()),
            Row("s05.event4", in: r, from: [.s05], on: .event4, to: .pass, action: logsEvent()),
            Row("s05.any", in: r, from: [.s05], on: "*", to: .fail, action: logsEvent()),
        ],
        stateActions: [
            StateActions(in: r, .s0p2, entry: { _, _, out in out.raise(.event2) }),
            StateActions(in: p1, .s01p21, entry: { _, _, out in out.raise(.event3) }),
            StateActions(in: p2, .s01p22, entry: { _, _, out in out.raise(.event4) }),
        ])
}

// Two regions at the top of the machine (its root is a parallel state), both moving on `go`.
private enum RootRegions: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum Left: Int, ControlState { case a1, a2 }
    enum Right: Int, ControlState { case b1, b2 }
    static let left = Region<Left>("left", index: 0, initial: .a1)
    static let right = Region<Right>("right", index: 1, initial: .b1)
    static let table = TransitionTable<RootRegions>(
        regions: [left, right],
        rows: [
            Row("left.go", in: left, from: [.a1], on: .go, to: .a2, action: logs("t:left")),
            Row("right.go", in: right, from: [.b1], on: .go, to: .b2, action: logs("t:right")),
        ],
        stateActions: logging(left) + logging(right))
}

/// SCXML's microstep (Appendix D, `microstep`): exit the exit set in exit order, run the
/// transitions' content in document order, enter the entry set in entry order.
@Suite struct DocumentOrderCases {
    /// W3C IRP test 404: states are exited children first, reverse document order breaking ties,
    /// before the transition's content. SCXML requires event1 (`s01p2`), event2 (`s01p1`),
    /// event3 (`s01p`), event4 (transition), in that order.
    @Test func statesAreExitedInExitOrderBeforeTheTransitionsContent() {
        let runtime = W3C404.started(W3C404.table, .init())
        #expect(runtime.state.context.log == ["event1", "event2", "event3", "event4"])
        #expect(runtime.state[W3C404.r] == .pass)
    }

    /// W3C IRP test 405: the transitions' content runs in document order after every exit.
    /// SCXML requires event1 and event2 (exits, reverse document order), then event3 and event4.
    @Test func transitionContentRunsInDocumentOrderAfterAllStatesAreExited() {
        let runtime = W3C405.started(W3C405.table, .init())
        #expect(runtime.state.context.log == ["event1", "event2", "event3", "event4"])
        #expect(runtime.state[W3C405.r] == .pass)
    }

    /// W3C IRP test 406: states are entered parents first, document order breaking ties, after
    /// the transition's content. SCXML requires event1 (transition), event2 (`s0p2`), event3 and
    /// event4 (its regions in document order).
    @Test func statesAreEnteredInEntryOrderAfterTheTransitionsContent() {
        let runtime = W3C406.started(W3C406.table, .init())
        #expect(runtime.state.context.log == ["event1", "event2", "event3", "event4"])
        #expect(runtime.state[W3C406.r] == .pass)
    }

    /// W3C IRP test 405's rule for the machine's top-level regions, the children of its root
    /// parallel. SCXML requires one microstep: both exits (reverse document order), both
    /// transitions' content (document order), both entries (document order).
    @Test func transitionsOfTopLevelRegionsExitAllThenActThenEnterAll() throws {
        var runtime = RootRegions.started(RootRegions.table, .init())
        #expect(runtime.state.context.log == ["enter:a1", "enter:b1"])
        #expect(try runtime.log(.go) == ["exit:b1", "exit:a1", "t:left", "t:right", "enter:a2", "enter:b2"])
    }
}
