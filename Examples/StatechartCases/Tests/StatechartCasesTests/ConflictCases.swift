import MachineCore
import MachineRuntime
import Testing

// W3C IRP test 403a: `s01` raises event1 on entry and takes it to `s02`, which raises event2;
// `s02`'s own event2 transition is guarded by false, so its parent's is taken.
private enum W3C403a: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, event1, event2
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s01, s02, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.s01, .s02]])
    static let table = TransitionTable<W3C403a>(
        regions: [r],
        rows: [
            Row("s0.event1", in: r, from: [.s0], on: .event1, to: .fail, action: logs("s0:event1")),
            Row("s0.event2", in: r, from: [.s0], on: .event2, to: .pass, action: logs("s0:event2")),
            Row("s01.event1", in: r, from: [.s01], on: .event1, to: .s02, action: logs("s01:event1")),
            Row("s01.any", in: r, from: [.s01], on: "*", to: .fail, action: logs("s01:*")),
            Row("s02.event1", in: r, from: [.s02], on: .event1, to: .fail, action: logs("s02:event1")),
            Row("s02.event2", in: r, from: [.s02], on: .event2, when: Guard("false") { _, _ in false }, to: .fail),
        ],
        stateActions: [
            StateActions(in: r, .s01, entry: { _, _, out in out.raise(.event1) }),
            StateActions(in: r, .s02, entry: { _, _, out in out.raise(.event2) }),
        ])
}

// W3C IRP test 403b, adapted: the parallel state `p0` (in `s0`, regions `p0s1`, `p0s2`) raises
// event1 and event2. Its targetless event1 transition is selected by both regions' atomic
// states. The test's event2 transitions belong to `p0s1` and target `pass`, outside its region,
// which a row of `p0s1` cannot name: they belong to `p0` here (no other row competes).
private enum W3C403b: MachineDefinition {
    struct Context: Equatable, Sendable { var var1 = 0 }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, event1, event2
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, p0, pass, fail }
    enum P0S1: Int, ControlState { case p0s1 }
    enum P0S2: Int, ControlState { case p0s2 }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.pass, .fail], children: [.s0: [.p0]])
    static let p0s1 = Region<P0S1>("p0s1", index: 1, within: r, .p0, initial: .p0s1)
    static let p0s2 = Region<P0S2>("p0s2", index: 2, within: r, .p0, initial: .p0s2)
    static let var1Is1 = Guard<W3C403b>("var1==1") { state, _ in state.context.var1 == 1 }
    static let table = TransitionTable<W3C403b>(
        regions: [r, p0s1, p0s2],
        rows: [
            Row("s0.event1", in: r, from: [.s0], on: .event1) { context, _, _ in context.var1 += 1 },
            Row("p0.event1", in: r, from: [.p0], on: .event1) { context, _, _ in context.var1 += 1 },
            Row("p0.event2", in: r, from: [.p0], on: .event2, when: var1Is1, to: .pass),
            Row("p0.event2Fail", in: r, from: [.p0], on: .event2, to: .fail),
        ],
        stateActions: [
            StateActions(
                in: r, .p0,
                entry: { _, _, out in
                    out.raise(.event1)
                    out.raise(.event2)
                })
        ])
}

// W3C IRP test 403c, adapted: in the parallel state `p0` (in `s0`), region `q1` has no event2
// transition, so its atomic state selects `s0`'s (to `fail`) first in document order; region
// `q2` has one of its own, from `q2a` to `q2b`.
private enum W3C403cPreemption: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, event2
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, p0, fail }
    enum Q1: Int, ControlState { case q1 }
    enum Q2: Int, ControlState { case q2a, q2b }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.fail], children: [.s0: [.p0]])
    static let q1 = Region<Q1>("q1", index: 1, within: r, .p0, initial: .q1)
    static let q2 = Region<Q2>("q2", index: 2, within: r, .p0, initial: .q2a)
    static let table = TransitionTable<W3C403cPreemption>(
        regions: [r, q1, q2],
        rows: [
            Row("s0.event2", in: r, from: [.s0], on: .event2, to: .fail, action: logs("t:s0")),
            Row("q2a.event2", in: q2, from: [.q2a], on: .event2, to: .q2b, action: logs("t:q2")),
        ])
}

// W3C IRP test 403c, adapted (its region `p0s4`): the parallel state `p0` leaves for `out` on
// go, selected by region `a`'s atomic state; region `b` takes go by a targetless transition.
private enum W3C403cTargetless: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case p0, out }
    enum A: Int, ControlState { case a1 }
    enum B: Int, ControlState { case b1 }
    static let r = Region<S>("r", index: 0, initial: .p0)
    static let a = Region<A>("a", index: 1, within: r, .p0, initial: .a1)
    static let b = Region<B>("b", index: 2, within: r, .p0, initial: .b1)
    static let table = TransitionTable<W3C403cTargetless>(
        regions: [r, a, b],
        rows: [
            Row("p0.go", in: r, from: [.p0], on: .go, to: .out, action: logs("t:leave")),
            Row("b1.go", in: b, from: [.b1], on: .go, action: logs("t:b")),
        ],
        stateActions: logging(r) + logging(a) + logging(b))
}

// Two top-level regions on `go`: `left`'s transition sets a flag that `right`'s guard forbids,
// and `right`'s guard also asks In(`a1`).
private enum Snapshot: MachineDefinition {
    struct Context: Equatable, Sendable { var flag = false }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum Left: Int, ControlState { case a1, a2 }
    enum Right: Int, ControlState { case b1, b2 }
    static let left = Region<Left>("left", index: 0, initial: .a1)
    static let right = Region<Right>("right", index: 1, initial: .b1)
    static let unflaggedInA1 = Guard<Snapshot>("!flag && In(a1)") { state, _ in
        !state.context.flag && state.isIn(.a1, of: left)
    }
    static let table = TransitionTable<Snapshot>(
        regions: [left, right],
        rows: [
            Row("left.go", in: left, from: [.a1], on: .go, to: .a2) { context, _, _ in context.flag = true },
            Row("right.go", in: right, from: [.b1], on: .go, when: unflaggedInA1, to: .b2),
        ])
}

/// Selecting the optimal enabled transition set (SCXML Appendix D, `selectTransitions`,
/// `removeConflictingTransitions`).
@Suite struct ConflictCases {
    /// W3C IRP test 403a: a matching transition in a child beats its parent's, document order
    /// breaks ties in a state, and a parent's transition applies when the child's guard fails.
    /// SCXML requires `s01` to take event1 and `s0` to take event2: `pass`.
    @Test func childTransitionBeatsParentsAndDocumentOrderBreaksTies() {
        let runtime = W3C403a.started(W3C403a.table, .init())
        #expect(runtime.state.context.log == ["s01:event1", "s0:event2"])
        #expect(runtime.state[W3C403a.r] == .pass)
    }

    /// W3C IRP test 403b: the optimal enabled set is a set. SCXML requires `p0`'s event1
    /// transition, selected by both regions, to run once (Var1 == 1), and `s0`'s never.
    @Test func transitionSelectedByTwoRegionsIsTakenOnce() {
        let runtime = W3C403b.started(W3C403b.table, .init())
        #expect(runtime.state[W3C403b.r] == .pass)
        #expect(runtime.state.context.var1 == 1)
    }

    /// W3C IRP test 403c: a transition preempts a conflicting one selected earlier in document
    /// order when its source is a descendant of the other's. SCXML requires `q2`'s transition,
    /// not `s0`'s: `q2b`, and the machine still in `p0`.
    @Test func descendantsTransitionPreemptsAnAncestorsSelectedEarlier() throws {
        var runtime = W3C403cPreemption.started(W3C403cPreemption.table, .init())
        #expect(try runtime.log(.event2) == ["t:q2"])
        #expect(runtime.state[W3C403cPreemption.r] == .p0)
        #expect(runtime.state.isIn(.q2b, of: W3C403cPreemption.q2))
    }

    /// W3C IRP test 403c (`p0s4`): a targetless transition exits nothing, so it conflicts with
    /// no other. SCXML requires both transitions: every exit, then `p0`'s content and `b1`'s in
    /// document order, then the entry of `out`.
    @Test func targetlessTransitionConflictsWithNothing() throws {
        var runtime = W3C403cTargetless.started(W3C403cTargetless.table, .init())
        #expect(try runtime.log(.go) == ["exit:b1", "exit:a1", "exit:p0", "t:leave", "t:b", "enter:out"])
        #expect(runtime.state[W3C403cTargetless.r] == .out)
    }

    /// SCXML Appendix D: every transition is selected (guards and In() evaluated) before any
    /// executable content runs. SCXML requires `right`'s guard to see the flag unset and `a1`
    /// active, so both regions move.
    @Test func guardsSeeTheConfigurationAndDataBeforeTheMicrostep() throws {
        var runtime = Snapshot.started(Snapshot.table, .init())
        _ = try runtime.send(.go)
        #expect(runtime.state[Snapshot.left] == .a2)
        #expect(runtime.state[Snapshot.right] == .b2)
        #expect(runtime.state.context.flag)
    }
}
