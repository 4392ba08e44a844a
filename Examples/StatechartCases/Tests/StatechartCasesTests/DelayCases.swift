import MachineCore
import MachineRuntime
import Testing

// W3C IRP test 185, extended: `s0`'s onentry sends c after 3 s, a after 1 s, b after 2 s and
// `now` without a delay; every event is logged.
private enum W3C185: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, now, a, b, c
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0 }
    static let r = Region<S>("r", index: 0, initial: .s0)
    static let table = TransitionTable<W3C185>(
        regions: [r], rows: [Row("s0.any", in: r, from: [.s0], on: "*", action: logsEvent())],
        stateActions: [
            StateActions(
                in: r, .s0,
                entry: { _, _, out in
                    out.send(.c, after: .seconds(3))
                    out.send(.a, after: .seconds(1))
                    out.send(.b, after: .seconds(2))
                    out.send(.now)
                })
        ])
}

// W3C IRP test 208, with two sends under one id: `s0`'s onentry sends event1 after 1 s and
// after 1.25 s, both under `foo`, event2 after 1.5 s, then cancels `foo`.
private enum W3C208: MachineDefinition {
    struct Context: Logging, Equatable { var log: [String] = [] }
    enum Event: Int, MachineEvent, IndexedCase {
        case start, event1, event2
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, pass, fail }
    static let r = Region<S>("r", index: 0, initial: .s0, final: [.pass, .fail])
    static let table = TransitionTable<W3C208>(
        regions: [r],
        rows: [
            Row("s0.event2", in: r, from: [.s0], on: .event2, to: .pass, action: logsEvent()),
            Row("s0.any", in: r, from: [.s0], on: "*", to: .fail, action: logsEvent()),
        ],
        stateActions: [
            StateActions(
                in: r, .s0,
                entry: { _, _, out in
                    out.send(.event1, after: .seconds(1), id: "foo")
                    out.send(.event1, after: .milliseconds(1_250), id: "foo")
                    out.send(.event2, after: .milliseconds(1_500))
                    out.cancelSend("foo")
                })
        ])
}

// W3C IRP test 175, as a delayed row: `s0`'s onentry sets Var1 to 1 s; its row fires after
// Var1.
private enum W3C175: MachineDefinition {
    struct Context: Equatable, Sendable { var var1: Duration = .zero }
    enum Event: Int, MachineEvent, IndexedCase {
        case start
        var kind: Self { self }
    }
    static let startEvent: Event? = .start

    enum S: Int, ControlState { case s0, s1 }
    static let r = Region<S>("r", index: 0, initial: .s0)
    static let table = TransitionTable<W3C175>(
        regions: [r], rows: [Row("s0.after", in: r, from: [.s0], after: Delay("var1") { $0.var1 }, to: .s1)],
        stateActions: [StateActions(in: r, .s0, entry: { context, _, _ in context.var1 = .seconds(1) })])
}

/// Delayed sends and their cancellation (SCXML §6.2 `<send delay>`, §6.3 `<cancel>`), and
/// delays computed from the data model.
@Suite struct DelayCases {
    /// W3C IRP test 185: send respects the delay specification.
    /// SCXML requires the undelayed event first, then each delayed one when its delay expires.
    @Test func delayedSendsArriveInTheOrderOfTheirDeadlines() throws {
        var runtime = W3C185.started(W3C185.table, .init())
        #expect(runtime.state.context.log == ["now"])
        _ = try runtime.advance(by: .seconds(1))
        #expect(runtime.state.context.log == ["now", "a"])
        _ = try runtime.advance(by: .seconds(2))
        #expect(runtime.state.context.log == ["now", "a", "b", "c"])
    }

    /// W3C IRP test 208: cancel works; here on two pending sends under one id.
    /// SCXML requires no event1 at all, and event2 to take the machine to `pass`.
    @Test func cancellingASendIdCancelsEveryPendingSendUnderIt() throws {
        var runtime = W3C208.started(W3C208.table, .init())
        #expect(runtime.scheduled.count == 1)
        _ = try runtime.advance(by: .seconds(2))
        #expect(runtime.state.context.log == ["event2"])
        #expect(runtime.state[W3C208.r] == .pass)
    }

    /// W3C IRP test 175 (delayexpr uses the current value of Var1), with XState's delays
    /// computed from context. SCXML requires the delay Var1 holds once the onentry has run: 1 s.
    @Test func computedDelayUsesTheValueSetByTheStatesOnentry() throws {
        var runtime = W3C175.started(W3C175.table, .init())
        _ = try runtime.advance(by: .milliseconds(500))
        #expect(runtime.state[W3C175.r] == .s0)
        _ = try runtime.advance(by: .milliseconds(500))
        #expect(runtime.state[W3C175.r] == .s1)
    }
}
