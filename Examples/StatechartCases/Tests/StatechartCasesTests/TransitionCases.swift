import MachineCore
import MachineRuntime
import Testing

// The events of W3C IRP tests 503, 504, 505 and 533: the first state raises foo then bar.
private enum FooBar: Int, MachineEvent, IndexedCase {
    case start, foo, bar
    var kind: Self { self }
}

/// The counters of W3C IRP tests 503, 504, 505 and 533, by their names there.
private struct Counters: Equatable, Sendable {
    var var1 = 0
    var var2 = 0
    var var3 = 0
    var var4 = 0
    var var5 = 0
}

/// A guard on the counters, named as the test's `cond`.
private func when<M: MachineDefinition>(_ name: String, _ test: @escaping @Sendable (Counters) -> Bool) -> Guard<M>
where M.Context == Counters {
    Guard(name) { state, _ in test(state.context) }
}

// W3C IRP test 503: `s2` takes foo by a targetless transition, then leaves on bar.
private enum W3C503: MachineDefinition {
    typealias Context = Counters
    typealias Event = FooBar
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, s2, s3, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s1, final: [.pass, .fail])
    static let table = TransitionTable<W3C503>(
        regions: [r],
        rows: [
            Row("s1.always", in: r, from: [.s1], always: nil, to: .s2),
            Row("s2.foo", in: r, from: [.s2], on: .foo) { context, _, _ in context.var2 += 1 },
            Row("s2.bar", in: r, from: [.s2], on: .bar, when: when("var2==1") { $0.var2 == 1 }, to: .s3),
            Row("s2.barFail", in: r, from: [.s2], on: .bar, to: .fail),
            Row("s3.pass", in: r, from: [.s3], always: when("var1==1") { $0.var1 == 1 }, to: .pass),
            Row("s3.fail", in: r, from: [.s3], always: nil, to: .fail),
        ],
        stateActions: [
            StateActions(
                in: r, .s1,
                entry: { _, _, out in
                    out.raise(.foo)
                    out.raise(.bar)
                }),
            StateActions(in: r, .s2, exit: { context, _, _ in context.var1 += 1 }),
        ])
}

// W3C IRP test 504: the parallel state `p` (in `s2`, regions `ps1`, `ps2`) takes foo by an
// external transition. The test targets `ps1`, a state of a region within `p`, which a row of
// `p`'s region cannot name; it targets `p` itself, whose exit set SCXML computes the same way
// (the domain is `s2` either way).
private enum W3C504: MachineDefinition {
    typealias Context = Counters
    typealias Event = FooBar
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, s2, p, s3, s4, s5, s6, pass, fail }
    enum PS1: Int, ControlState { case ps1 }
    enum PS2: Int, ControlState { case ps2 }
    static let r = Region<S>("r", index: 0, initial: .s1, final: [.pass, .fail], children: [.s2: [.p]])
    static let ps1 = Region<PS1>("ps1", index: 1, within: r, .p, initial: .ps1)
    static let ps2 = Region<PS2>("ps2", index: 2, within: r, .p, initial: .ps2)
    static let table = TransitionTable<W3C504>(
        regions: [r, ps1, ps2],
        rows: [
            Row("s1.always", in: r, from: [.s1], always: nil, to: .p),
            Row("p.foo", in: r, from: [.p], on: .foo, to: .p) { context, _, _ in context.var4 += 1 },
            Row("p.bar", in: r, from: [.p], on: .bar, when: when("var4==1") { $0.var4 == 1 }, to: .s3),
            Row("p.barFail", in: r, from: [.p], on: .bar, to: .fail),
            Row("s3.pass", in: r, from: [.s3], always: when("var1==2") { $0.var1 == 2 }, to: .s4),
            Row("s3.fail", in: r, from: [.s3], always: nil, to: .fail),
            Row("s4.pass", in: r, from: [.s4], always: when("var2==2") { $0.var2 == 2 }, to: .s5),
            Row("s4.fail", in: r, from: [.s4], always: nil, to: .fail),
            Row("s5.pass", in: r, from: [.s5], always: when("var3==2") { $0.var3 == 2 }, to: .s6),
            Row("s5.fail", in: r, from: [.s5], always: nil, to: .fail),
            Row("s6.pass", in: r, from: [.s6], always: when("var5==1") { $0.var5 == 1 }, to: .pass),
            Row("s6.fail", in: r, from: [.s6], always: nil, to: .fail),
        ],
        stateActions: [
            StateActions(
                in: r, .s1,
                entry: { _, _, out in
                    out.raise(.foo)
                    out.raise(.bar)
                }),
            StateActions(in: r, .s2, exit: { context, _, _ in context.var5 += 1 }),
            StateActions(in: r, .p, exit: { context, _, _ in context.var1 += 1 }),
            StateActions(in: ps1, .ps1, exit: { context, _, _ in context.var2 += 1 }),
            StateActions(in: ps2, .ps2, exit: { context, _, _ in context.var3 += 1 }),
        ])
}

// W3C IRP test 505: `s1` takes foo by an internal transition to its child `s11`.
private enum W3C505: MachineDefinition {
    typealias Context = Counters
    typealias Event = FooBar
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, s11, s2, s3, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s1, final: [.pass, .fail], children: [.s1: [.s11]])
    static let table = TransitionTable<W3C505>(
        regions: [r],
        rows: [
            Row("s1.foo", in: r, from: [.s1], on: .foo, to: .s11, internal: true) { context, _, _ in context.var3 += 1 },
            Row("s1.bar", in: r, from: [.s1], on: .bar, when: when("var3==1") { $0.var3 == 1 }, to: .s2),
            Row("s1.barFail", in: r, from: [.s1], on: .bar, to: .fail),
            Row("s2.pass", in: r, from: [.s2], always: when("var1==1") { $0.var1 == 1 }, to: .s3),
            Row("s2.fail", in: r, from: [.s2], always: nil, to: .fail),
            Row("s3.pass", in: r, from: [.s3], always: when("var2==2") { $0.var2 == 2 }, to: .pass),
            Row("s3.fail", in: r, from: [.s3], always: nil, to: .fail),
        ],
        stateActions: [
            StateActions(
                in: r, .s1,
                entry: { _, _, out in
                    out.raise(.foo)
                    out.raise(.bar)
                }, exit: { context, _, _ in context.var1 += 1 }),
            StateActions(in: r, .s11, exit: { context, _, _ in context.var2 += 1 }),
        ])
}

// The external counterpart of W3C IRP test 505: `s1` takes go by an external transition
// (SCXML's default type) to its child `s12`.
private enum ExternalToChild: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, s11, s12 }
    static let r = Region<S>("r", index: 0, initial: .s1, children: [.s1: [.s11, .s12]])
    static let table = TransitionTable<ExternalToChild>(
        regions: [r], rows: [Row("s1.go", in: r, from: [.s1], on: .go, to: .s12, action: logs("t:go"))],
        stateActions: logging(r))
}

// W3C IRP test 533: the parallel state `p` (regions `ps1`, `ps2`) takes foo by an internal
// transition. The test targets `ps1`, which a row of `p`'s region cannot name; it targets `p`
// itself: as `p` is not compound, SCXML computes the same domain (the machine) either way.
private enum W3C533: MachineDefinition {
    typealias Context = Counters
    typealias Event = FooBar
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, p, s2, s3, s4, pass, fail }
    enum PS1: Int, ControlState { case ps1 }
    enum PS2: Int, ControlState { case ps2 }
    static let r = Region<S>("r", index: 0, initial: .s1, final: [.pass, .fail])
    static let ps1 = Region<PS1>("ps1", index: 1, within: r, .p, initial: .ps1)
    static let ps2 = Region<PS2>("ps2", index: 2, within: r, .p, initial: .ps2)
    static let table = TransitionTable<W3C533>(
        regions: [r, ps1, ps2],
        rows: [
            Row("s1.always", in: r, from: [.s1], always: nil, to: .p),
            Row("p.foo", in: r, from: [.p], on: .foo, to: .p, internal: true) { context, _, _ in context.var4 += 1 },
            Row("p.bar", in: r, from: [.p], on: .bar, when: when("var4==1") { $0.var4 == 1 }, to: .s2),
            Row("p.barFail", in: r, from: [.p], on: .bar, to: .fail),
            Row("s2.pass", in: r, from: [.s2], always: when("var1==2") { $0.var1 == 2 }, to: .s3),
            Row("s2.fail", in: r, from: [.s2], always: nil, to: .fail),
            Row("s3.pass", in: r, from: [.s3], always: when("var2==2") { $0.var2 == 2 }, to: .s4),
            Row("s3.fail", in: r, from: [.s3], always: nil, to: .fail),
            Row("s4.pass", in: r, from: [.s4], always: when("var3==2") { $0.var3 == 2 }, to: .pass),
            Row("s4.fail", in: r, from: [.s4], always: nil, to: .fail),
        ],
        stateActions: [
            StateActions(
                in: r, .s1,
                entry: { _, _, out in
                    out.raise(.foo)
                    out.raise(.bar)
                }),
            StateActions(in: r, .p, exit: { context, _, _ in context.var1 += 1 }),
            StateActions(in: ps1, .ps1, exit: { context, _, _ in context.var2 += 1 }),
            StateActions(in: ps2, .ps2, exit: { context, _, _ in context.var3 += 1 }),
        ])
}

/// What a transition exits and enters, by its type and target (SCXML §3.13, Appendix D
/// `getTransitionDomain`).
@Suite struct TransitionCases {
    /// W3C IRP test 503: a targetless transition does not exit and re-enter its source state.
    /// SCXML requires the foo transition to run (Var2 == 1) and `s2` to be exited once (Var1 == 1).
    @Test func targetlessTransitionExitsAndEntersNothing() {
        let runtime = W3C503.started(W3C503.table, .init())
        #expect(runtime.state[W3C503.r] == .pass)
        #expect(runtime.state.context == Counters(var1: 1, var2: 1))
    }

    /// W3C IRP test 504: an external transition exits every state up to the LCCA, its source
    /// included. SCXML requires `p`, `ps1` and `ps2` to be exited twice (foo, bar), `s2` once.
    @Test func externalTransitionOfAParallelStateExitsAndReentersItAndItsRegions() {
        let runtime = W3C504.started(W3C504.table, .init())
        #expect(runtime.state[W3C504.r] == .pass)
        #expect(runtime.state.context == Counters(var1: 2, var2: 2, var3: 2, var4: 1, var5: 1))
    }

    /// W3C IRP test 505: an internal transition does not exit its (compound) source state.
    /// SCXML requires `s1` to be exited once (on bar) and its child `s11` twice (foo, bar).
    @Test func internalTransitionToADescendantDoesNotExitItsSource() {
        let runtime = W3C505.started(W3C505.table, .init())
        #expect(runtime.state[W3C505.r] == .pass)
        #expect(runtime.state.context == Counters(var1: 1, var2: 2, var3: 1))
    }

    /// SCXML §3.13 (the external counterpart of W3C IRP test 505): an external transition
    /// whose target is a descendant of its compound source exits and re-enters the source.
    /// SCXML requires exit `s11`, exit `s1`, the content, enter `s1`, enter `s12`.
    @Test func externalTransitionToADescendantExitsAndReentersItsSource() throws {
        var runtime = ExternalToChild.started(ExternalToChild.table, .init())
        #expect(runtime.state.context.log == ["enter:s1", "enter:s11"])
        #expect(try runtime.log(.go) == ["exit:s11", "exit:s1", "t:go", "enter:s1", "enter:s12"])
    }

    /// W3C IRP test 533: an internal transition whose source is not compound (here a parallel
    /// state) does exit its source. SCXML requires `p`, `ps1` and `ps2` to be exited twice.
    @Test func internalTransitionOfAParallelStateExitsItsSource() {
        let runtime = W3C533.started(W3C533.table, .init())
        #expect(runtime.state[W3C533.r] == .pass)
        #expect(runtime.state.context == Counters(var1: 2, var2: 2, var3: 2, var4: 1))
    }
}
