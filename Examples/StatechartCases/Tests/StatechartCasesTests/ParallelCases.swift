import MachineCore
import MachineRuntime
import Testing

// A parallel state `p` with regions `x` and `y`, left for `a` and entered again.
private enum Regions: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go, leave, back
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case p, a }
    enum X: Int, ControlState { case x1, x2 }
    enum Y: Int, ControlState { case y1, y2 }
    static let r = Region<S>("r", index: 0, initial: .p)
    static let x = Region<X>("x", index: 1, within: r, .p, initial: .x1)
    static let y = Region<Y>("y", index: 2, within: r, .p, initial: .y1)
    static let table = TransitionTable<Regions>(
        regions: [r, x, y],
        rows: [
            Row("x.go", in: x, from: [.x1], on: .go, to: .x2, action: logs("t:go")),
            Row("p.leave", in: r, from: [.p], on: .leave, to: .a, action: logs("t:leave")),
            Row("a.back", in: r, from: [.a], on: .back, to: .p, action: logs("t:back")),
        ],
        stateActions: logging(r) + logging(x) + logging(y))
}

// W3C IRP test 570, adapted: `p0`'s regions `p0s1` and `p0s2` end on e1 and e2; `p0`'s onentry
// raises e1, e2 and e3, and e3 takes the machine to `s1`, where done.state.p0 must arrive.
// The test also handles done.state.p0s1 and done.state.p0s2, the done events of the regions
// (compound states in SCXML): a region's final state raises no event of its own here.
private enum W3C570: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, e1, e2, e3
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case p0, s1, pass, fail }
    enum P0S1: Int, ControlState { case p0s11, p0s1final }
    enum P0S2: Int, ControlState { case p0s21, p0s2final }
    static let r = Region<S>("r", index: 0, initial: .p0, final: [.pass, .fail])
    static let p0s1 = Region<P0S1>("p0s1", index: 1, within: r, .p0, initial: .p0s11, final: [.p0s1final])
    static let p0s2 = Region<P0S2>("p0s2", index: 2, within: r, .p0, initial: .p0s21, final: [.p0s2final])
    static let table = TransitionTable<W3C570>(
        regions: [r, p0s1, p0s2],
        rows: [
            Row("p0.e3", in: r, from: [.p0], on: .e3, to: .s1, action: logs("t:e3")),
            Row("p0s11.e1", in: p0s1, from: [.p0s11], on: .e1, to: .p0s1final, action: logs("t:e1")),
            Row("p0s21.e2", in: p0s2, from: [.p0s21], on: .e2, to: .p0s2final, action: logs("t:e2")),
            Row("s1.done", in: r, from: [.s1], on: "done.state.p0", to: .pass, action: logs("t:done.state.p0")),
            Row("s1.any", in: r, from: [.s1], on: "*", to: .fail, action: logs("t:any")),
        ],
        stateActions: [
            StateActions(
                in: r, .p0,
                entry: { _, _, out in
                    out.raise(.e1)
                    out.raise(.e2)
                    out.raise(.e3)
                })
        ])
}

// XState's nested parallel states: `outer` holds regions `a` and `b`; `a`'s state `inner` is itself
// parallel, with regions `x` and `y`. One `go` ends `x`, `y` and `b`.
private enum NestedDone: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case outer, after }
    enum A: Int, ControlState { case inner, aDone }
    enum X: Int, ControlState { case x1, xDone }
    enum Y: Int, ControlState { case y1, yDone }
    enum B: Int, ControlState { case b1, bDone }
    static let r = Region<S>("r", index: 0, initial: .outer)
    static let a = Region<A>("a", index: 1, within: r, .outer, initial: .inner, final: [.aDone])
    static let x = Region<X>("x", index: 2, within: a, .inner, initial: .x1, final: [.xDone])
    static let y = Region<Y>("y", index: 3, within: a, .inner, initial: .y1, final: [.yDone])
    static let b = Region<B>("b", index: 4, within: r, .outer, initial: .b1, final: [.bDone])
    static let table = TransitionTable<NestedDone>(
        regions: [r, a, x, y, b],
        rows: [
            Row("x.go", in: x, from: [.x1], on: .go, to: .xDone, action: logs("t:x")),
            Row("y.go", in: y, from: [.y1], on: .go, to: .yDone, action: logs("t:y")),
            Row("b.go", in: b, from: [.b1], on: .go, to: .bDone, action: logs("t:b")),
            Row("inner.done", in: a, done: .inner, to: .aDone, action: logs("t:done.state.inner")),
            Row("outer.done", in: r, done: .outer, to: .after, action: logs("t:done.state.outer")),
        ])
}

// W3C IRP test 416: `s11` (in `s1`) ends when its child `s111` moves to the final `s11final`.
private enum W3C416: MachineDefinition {
    struct Context: Equatable, Sendable {}
    enum Event: Int, MachineEvent, IndexedCase {
        case start
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, s11, s111, s11final, pass, fail }
    static let r = Region<S>(
        "r", index: 0, initial: .s1, final: [.s11final, .pass, .fail], children: [.s1: [.s11], .s11: [.s111, .s11final]])
    static let table = TransitionTable<W3C416>(
        regions: [r],
        rows: [
            Row("s111.always", in: r, from: [.s111], always: nil, to: .s11final),
            Row("s11.done", in: r, done: .s11, to: .pass),
        ])
}

/// Parallel states (SCXML §3.4) and done events (§3.7, `done.state.ID`).
@Suite struct ParallelCases {
    /// XState: parallel states exit all regions when transitioning out.
    /// SCXML requires every region's state to be exited (reverse document order) before the
    /// parallel state, and each region to start over at its initial state when it is re-entered.
    @Test func leavingAParallelStateExitsEveryRegionAndReenteringStartsThemOver() throws {
        var runtime = Regions.started(Regions.table, .init())
        #expect(runtime.state.context.log == ["enter:p", "enter:x1", "enter:y1"])
        _ = try runtime.send(.go)
        #expect(try runtime.log(.leave) == ["exit:y1", "exit:x2", "exit:p", "t:leave", "enter:a"])
        #expect(try runtime.log(.back) == ["exit:a", "t:back", "enter:p", "enter:x1", "enter:y1"])
        #expect(runtime.state.isIn(.x1, of: Regions.x) && runtime.state.isIn(.y1, of: Regions.y))
    }

    /// W3C IRP test 570 (adapted): done.state.ID is raised when all of a parallel state's
    /// children are in final states. SCXML requires it once, after e2, queued behind e3, so that
    /// `s1` takes it.
    @Test func parallelStateIsDoneWhenEveryRegionIsFinalAndItsDoneEventJoinsTheInternalQueue() {
        let runtime = W3C570.started(W3C570.table, .init())
        #expect(runtime.state.context.log == ["t:e1", "t:e2", "t:e3", "t:done.state.p0"])
        #expect(runtime.state[W3C570.r] == .pass)
        #expect(runtime.startSteps.filter { if case .done = $0.cause { true } else { false } }.count == 1)
    }

    /// XState: the done event of a nested parallel state completes its region, which completes
    /// the outer parallel state. SCXML requires done.state.inner, then done.state.outer, in one
    /// macrostep.
    @Test func nestedParallelStatesRaiseTheirDoneEventsInnermostFirst() throws {
        var runtime = NestedDone.started(NestedDone.table, .init())
        #expect(try runtime.log(.go) == ["t:x", "t:y", "t:b", "t:done.state.inner", "t:done.state.outer"])
        #expect(runtime.state[NestedDone.r] == .after)
    }

    /// W3C IRP test 416: entering the final child of a compound state raises done.state.ID.
    /// SCXML requires `s11`'s done event, raised at the start, to take the machine to `pass`.
    @Test func enteringTheFinalChildOfACompoundStateRaisesItsDoneEvent() {
        let runtime = W3C416.started(W3C416.table, .init())
        #expect(runtime.state[W3C416.r] == .pass)
        #expect(runtime.isFinished)
    }
}
