import MachineCore
import MachineRuntime
import Testing

// W3C IRP test 355: a compound state without an initial enters its first child; here the
// machine's root is the compound state `root`, whose children are `s0` then `s1`.
private enum W3C355: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case root, s0, s1, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .root, final: [.pass, .fail], children: [.root: [.s0, .s1]])
    static let table = TransitionTable<W3C355>(
        regions: [r],
        rows: [
            Row("s0.pass", in: r, from: [.s0], always: nil, to: .pass),
            Row("s1.fail", in: r, from: [.s1], always: nil, to: .fail),
        ])
}

// W3C IRP test 144: `s0`'s onentry raises foo then bar.
private enum W3C144: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, foo, bar
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s1, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.pass, .fail])
    static let table = TransitionTable<W3C144>(
        regions: [r],
        rows: [
            Row("s0.foo", in: r, from: [.s0], on: .foo, to: .s1, action: logsEvent()),
            Row("s0.any", in: r, from: [.s0], on: "*", to: .fail, action: logsEvent()),
            Row("s1.bar", in: r, from: [.s1], on: .bar, to: .pass, action: logsEvent()),
            Row("s1.any", in: r, from: [.s1], on: "*", to: .fail, action: logsEvent()),
        ],
        stateActions: [
            StateActions(
                in: r, .s0,
                entry: { _, _, out in
                    out.raise(.foo)
                    out.raise(.bar)
                })
        ])
}

// W3C IRP test 372: `s0`'s initial child is the final state `s0final`, whose onentry sets Var1
// to 2 and whose onexit sets it to 3.
private enum W3C372: MachineDefinition {
    struct Context: Equatable, Sendable { var var1 = 1 }
    enum Event: Int, MachineEvent, IndexedCase {
        case start
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s0final, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.s0final, .pass, .fail], children: [.s0: [.s0final]])
    static let var1Is2 = Guard<W3C372>("Var1==2") { state, _ in state.context.var1 == 2 }
    static let table = TransitionTable<W3C372>(
        regions: [r],
        rows: [
            Row("s0.done", in: r, done: .s0, when: var1Is2, to: .pass),
            Row("s0.any", in: r, from: [.s0], on: "*", to: .fail),
        ],
        stateActions: [
            StateActions(
                in: r, .s0final, entry: { context, _, _ in context.var1 = 2 }, exit: { context, _, _ in context.var1 = 3 })
        ])
}

// W3C IRP test 412: `s01`'s onentry raises event1, its <initial> transition event2, and its
// initial child `s011`'s onentry event3; `s011` moves on to `s02` at once.
private enum W3C412: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, event1, event2, event3
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01, s011, s02, s03, s04, pass, fail }
    static let r = Region<S>(
        "r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.s01, .s02, .s03, .s04], .s01: [.s011]])
    static let table = TransitionTable<W3C412>(
        regions: [r],
        rows: [
            Row("s0.event1", in: r, from: [.s0], on: .event1, to: .fail, action: logsEvent()),
            Row("s0.event2", in: r, from: [.s0], on: .event2, to: .pass, action: logsEvent()),
            Row("s011.always", in: r, from: [.s011], always: nil, to: .s02),
            Row("s02.event1", in: r, from: [.s02], on: .event1, to: .s03, action: logsEvent()),
            Row("s02.any", in: r, from: [.s02], on: "*", to: .fail, action: logsEvent()),
            Row("s03.event2", in: r, from: [.s03], on: .event2, to: .s04, action: logsEvent()),
            Row("s03.any", in: r, from: [.s03], on: "*", to: .fail, action: logsEvent()),
            Row("s04.event3", in: r, from: [.s04], on: .event3, to: .pass, action: logsEvent()),
            Row("s04.any", in: r, from: [.s04], on: "*", to: .fail, action: logsEvent()),
        ],
        stateActions: [
            StateActions(in: r, .s01, entry: { _, _, out in out.raise(.event1) }),
            StateActions(in: r, .s011, entry: { _, _, out in out.raise(.event3) }),
        ],
        initials: [Initial(in: r, of: .s01, to: .s011) { _, _, out in out.raise(.event2) }])
}

/// SCXML's initial macrostep (Appendix D, `interpret`): the machine enters its initial
/// configuration and runs to completion before it takes any input.
@Suite struct InitialMacrostepCases {
    /// W3C IRP test 355: the default initial state is the first child in document order.
    /// SCXML requires entering `s0` (not `s1`) and taking its eventless transition at the start.
    @Test func defaultInitialChildIsFirstInDocumentOrderAndItsEventlessTransitionIsTakenAtStart() {
        let runtime = W3C355.started(W3C355.table, .init())
        #expect(runtime.state[W3C355.r] == .pass)
        #expect(runtime.isFinished)
        #expect(runtime.startSteps.map(\.isMicrostep) == [false, true])
    }

    /// W3C IRP test 144: events raised in onentry are processed in order.
    /// SCXML requires the internal queue to hand foo, then bar, to the machine before any input.
    @Test func eventsRaisedInOnentryAreProcessedInOrderBeforeAnyInput() {
        let runtime = W3C144.started(W3C144.table, .init())
        #expect(runtime.state.context.log == ["foo", "bar"])
        #expect(runtime.state[W3C144.r] == .pass)
        #expect(runtime.isFinished)
    }

    /// W3C IRP test 372: entering a final child raises done.state.PARENT after the final
    /// state's onentry. SCXML requires Var1 == 2 when the done event is selected (then 3 once the
    /// final state is exited), all within the initial macrostep.
    @Test func doneEventOfAnInitialCompoundWhoseInitialChildIsFinalFollowsTheFinalStatesOnentry() {
        let runtime = W3C372.started(W3C372.table, .init())
        #expect(runtime.state[W3C372.r] == .pass)
        #expect(runtime.isFinished)
        #expect(runtime.state.context.var1 == 3)
        #expect(runtime.startSteps.contains { if case .done = $0.cause { true } else { false } })
    }

    /// W3C IRP test 412: an <initial> transition's content runs after its state's onentry and
    /// before its children's. SCXML requires event1, event2, event3 to be raised in that order.
    @Test func initialTransitionContentRunsAfterTheParentsOnentryAndBeforeTheChilds() {
        let runtime = W3C412.started(W3C412.table, .init())
        #expect(runtime.state.context.log == ["event1", "event2", "event3"])
        #expect(runtime.state[W3C412.r] == .pass)
    }
}
