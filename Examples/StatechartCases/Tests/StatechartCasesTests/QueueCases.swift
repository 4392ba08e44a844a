import MachineCore
import MachineRuntime
import Testing

// W3C IRP test 419: `s1`'s onentry raises internalEvent and sends externalEvent; it has a
// transition on `*` before an eventless one.
private enum W3C419: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, internalEvent, externalEvent
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s1, final: [.pass, .fail])
    static let table = TransitionTable<W3C419>(
        regions: [r],
        rows: [
            Row("s1.any", in: r, from: [.s1], on: "*", to: .fail, action: logsEvent()),
            Row("s1.always", in: r, from: [.s1], always: nil, to: .pass, action: logs("eventless")),
        ],
        stateActions: [
            StateActions(
                in: r, .s1,
                entry: { _, _, out in
                    out.raise(.internalEvent)
                    out.send(.externalEvent)
                })
        ])
}

// W3C IRP test 421: `s1`'s onentry sends externalEvent, then raises internalEvent1 to 4; only
// internalEvent3 and internalEvent4 have transitions.
private enum W3C421: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, externalEvent, internalEvent1, internalEvent2, internalEvent3, internalEvent4
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s1, s11, s12, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s1, final: [.pass, .fail], children: [.s1: [.s11, .s12]])
    static let table = TransitionTable<W3C421>(
        regions: [r],
        rows: [
            Row("s1.externalEvent", in: r, from: [.s1], on: .externalEvent, to: .fail, action: logsEvent()),
            Row("s11.internalEvent3", in: r, from: [.s11], on: .internalEvent3, to: .s12, action: logsEvent()),
            Row("s12.internalEvent4", in: r, from: [.s12], on: .internalEvent4, to: .pass, action: logsEvent()),
        ],
        stateActions: [
            StateActions(
                in: r, .s1,
                entry: { _, _, out in
                    out.send(.externalEvent)
                    for event: Event in [.internalEvent1, .internalEvent2, .internalEvent3, .internalEvent4] { out.raise(event) }
                })
        ])
}

// Raised events, sent events and a later input, all handled by targetless rows that log them.
private enum Queues: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go, x, y, z, send, inside, outside, later
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case idle }
    static let r = Region<S>("r", index: 0, initial: .idle)
    static let table = TransitionTable<Queues>(
        regions: [r],
        rows: [
            Row("go", in: r, from: [.idle], on: .go) { _, _, out in
                out.raise(.x)
                out.raise(.y)
            },
            Row("x", in: r, from: [.idle], on: .x) { context, _, out in
                context.log.append("x")
                out.raise(.z)
            },
            Row("y", in: r, from: [.idle], on: .y, action: logsEvent()),
            Row("z", in: r, from: [.idle], on: .z, action: logsEvent()),
            Row("send", in: r, from: [.idle], on: .send) { _, _, out in
                out.send(.outside)
                out.raise(.inside)
            },
            Row("inside", in: r, from: [.idle], on: .inside, action: logsEvent()),
            Row("outside", in: r, from: [.idle], on: .outside, action: logsEvent()),
            Row("later", in: r, from: [.idle], on: .later, action: logsEvent()),
        ])
}

// A machine that ends while its internal queue holds an event: `a1` raises `more` on its way to
// the top-level final state `done`; a second top-level region stays in `x1` (in `x`).
private enum Ending: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, finish, more
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case a, a1, done }
    enum T: Int, ControlState { case x, x1 }
    static let r = Region<S>("r", index: 0, initial: .a, final: [.done], children: [.a: [.a1]])
    static let t = Region<T>("t", index: 1, initial: .x, children: [.x: [.x1]])
    static let table = TransitionTable<Ending>(
        regions: [r, t],
        rows: [
            Row("a1.finish", in: r, from: [.a1], on: .finish, to: .done) { context, _, out in
                context.log.append("t:finish")
                out.raise(.more)
            },
            Row("r.more", in: r, from: .any, on: .more, action: logs("t:more")),
            Row("t.more", in: t, from: .any, on: .more, action: logs("t:more")),
        ],
        stateActions: logging(r) + logging(t))
}

// A finite eventless chain: `counting` counts to `limit` by a targetless eventless row, then
// moves on to `done`.
private enum Chain: MachineDefinition {
    struct Context: Equatable, Sendable { var count = 0 }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start
    static let limit = 150

    enum S: Int, ControlState { case idle, counting, done }
    static let r = Region<S>("r", index: 0, initial: .idle)
    static let belowLimit = Guard<Chain>("count<limit") { state, _ in state.context.count < limit }
    static let table = TransitionTable<Chain>(
        regions: [r],
        rows: [
            Row("go", in: r, from: [.idle], on: .go, to: .counting),
            Row("count", in: r, from: [.counting], always: belowLimit) { context, _, _ in context.count += 1 },
            Row("stop", in: r, from: [.counting], always: nil, to: .done),
        ])
}

// An eventless loop that never ends: `a` and `b` take each other at once.
private enum Runaway: MachineDefinition {
    struct Context: Equatable, Sendable {}
    enum Event: Int, MachineEvent, IndexedCase {
        case start, go
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case idle, a, b }
    static let r = Region<S>("r", index: 0, initial: .idle)
    static let table = TransitionTable<Runaway>(
        regions: [r],
        rows: [
            Row("go", in: r, from: [.idle], on: .go, to: .a),
            Row("ab", in: r, from: [.a], always: nil, to: .b),
            Row("ba", in: r, from: [.b], always: nil, to: .a),
        ])
}

/// The macrostep and its queues (SCXML Appendix D, `mainEventLoop`): eventless transitions
/// first, then the internal queue (FIFO), and only then the external queue.
@Suite struct QueueCases {
    /// W3C IRP test 419: eventless transitions take precedence over event-driven ones.
    /// SCXML requires the eventless transition to `pass` before internalEvent is taken.
    @Test func eventlessTransitionsTakePrecedenceOverQueuedEvents() {
        let runtime = W3C419.started(W3C419.table, .init())
        #expect(runtime.state[W3C419.r] == .pass)
        #expect(runtime.state.context.log == ["eventless"])
    }

    /// W3C IRP test 421: internal events take priority over external ones, and the processor
    /// keeps taking internal events until one triggers a transition. SCXML requires
    /// internalEvent3, then internalEvent4, before externalEvent (sent first).
    @Test func internalEventsTakePriorityOverExternalOnes() {
        let runtime = W3C421.started(W3C421.table, .init())
        #expect(runtime.state[W3C421.r] == .pass)
        #expect(runtime.state.context.log == ["internalEvent3", "internalEvent4"])
    }

    /// SCXML §4.2 and Appendix D: the internal queue is FIFO; an event raised while another is
    /// processed joins the back. SCXML requires x, y, then z (raised by x's transition).
    @Test func eventsRaisedDuringTheMacrostepJoinTheBackOfTheInternalQueue() throws {
        var runtime = Queues.started(Queues.table, .init())
        #expect(try runtime.log(.go) == ["x", "y", "z"])
    }

    /// W3C IRP test 189 (raise as `#_internal`): a send without delay goes to the external
    /// queue. SCXML requires the raised event first, the sent one after the macrostep, and a
    /// later input after both.
    @Test func sendWithoutDelayIsHandledAfterTheMacrostepAndBeforeLaterInput() throws {
        var runtime = Queues.started(Queues.table, .init())
        let steps = try runtime.send(.send)
        _ = try runtime.send(.later)
        #expect(runtime.state.context.log == ["inside", "outside", "later"])
        #expect(steps.map(\.isMicrostep) == [false, true, false])
        #expect(steps.last.map { if case .sent(.outside) = $0.cause { true } else { false } } == true)
    }

    /// SCXML Appendix D (`mainEventLoop`, `exitInterpreter`): entering a top-level final state
    /// ends the machine. SCXML requires the queued `more` never to be taken and every active
    /// state to be exited, in exit order (`x1`, `x`, `done`).
    @Test func machineEndRunsTheExitActionsOfEveryActiveStateAndDropsTheInternalQueue() throws {
        var runtime = Ending.started(Ending.table, .init())
        #expect(
            try runtime.log(.finish) == [
                "exit:a1", "exit:a", "t:finish", "enter:done", "exit:x1", "exit:x", "exit:done",
            ])
        #expect(runtime.isFinished)
    }

    /// XState (`always`) and SCXML §3.13: a macrostep ends only when no eventless transition is
    /// enabled. SCXML requires all 151 microsteps of a finite chain, whatever its length.
    @Test func longFiniteEventlessChainIsNeverCut() throws {
        for bound in [Chain.limit + 1, 10_000] {
            var runtime = Chain.started(Chain.table, .init())
            runtime.microstepBound = bound
            let steps = try runtime.send(.go)
            #expect(steps.count == Chain.limit + 2, "bound \(bound)")
            #expect(runtime.state[Chain.r] == .done && runtime.state.context.count == Chain.limit, "bound \(bound)")
            #expect(runtime.halt == nil, "bound \(bound)")
        }
    }

    /// SCXML §3.13 leaves a macrostep that never ends to the processor; this runtime's contract
    /// is to cut it at `microstepBound` and halt. Required: the steps until the cut, then
    /// `halted` for every later input.
    @Test func runawayEventlessLoopHaltsTheRuntime() throws {
        var runtime = Runaway.started(Runaway.table, .init())
        runtime.microstepBound = 100
        let steps = try runtime.send(.go)
        #expect(steps.count == 101)
        #expect(runtime.halt == .halted(rows: ["ab", "ba"]))
        #expect(throws: RuntimeError.halted(rows: ["ab", "ba"])) { _ = try runtime.send(.go) }
    }
}
