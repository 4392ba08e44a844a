import MachineCore
import MachineRuntime
import Testing

/// A courier that sends itself events, through the external queue at once and after delays
/// under ids, and waits in states whose rows are delayed without a timer: for the tests of
/// ``Outbox/send(_:)``, ``Outbox/send(_:after:id:)``, ``Outbox/cancelSend(_:)``, delays
/// computed from the context and rows delayed or repeating without a timer.
enum Courier: MachineDefinition {
    struct Context: Equatable, Hashable, Sendable, Codable {
        var log: [String] = []
        var backoff: Duration = .seconds(3)
    }

    enum Event: MachineEvent, Equatable, Codable {
        case start, go, note(String), schedule, cancel, rest, wake, loop, quit
        enum Kind: Int, IndexedCase { case start, go, note, schedule, cancel, rest, wake, loop, quit }
        var kind: Kind {
            switch self {
            case .start: .start
            case .go: .go
            case .note: .note
            case .schedule: .schedule
            case .cancel: .cancel
            case .rest: .rest
            case .wake: .wake
            case .loop: .loop
            case .quit: .quit
            }
        }
    }

    static let startEvent: Event? = .start

    enum Phase: Int, ControlState { case idle, resting, busy, gone }
    static let phase = Region<Phase>("phase", index: 0, initial: .idle, final: [.gone])

    static func logs(_ line: String) -> Action<Courier> { { context, _, _ in context.log.append(line) } }

    static let rows: [Row<Courier>] = [
        Row("go", in: phase, from: [.idle], on: .go) { context, _, out in
            context.log.append("go")
            out.send(.note("first"))
            out.raise(.note("raised"))
            out.send(.note("second"))
        },
        Row("note", in: phase, from: .any, on: .note) { context, event, _ in
            if case .note(let text) = event { context.log.append(text) }
        },
        Row("schedule", in: phase, from: [.idle], on: .schedule) { _, _, out in
            out.send(.note("in 2s"), after: .seconds(2), id: "later")
            out.send(.note("in 3s"), after: .seconds(3), id: "later")
            out.send(.note("in 4s"), after: .seconds(4))
        },
        Row("cancel", in: phase, from: [.idle], on: .cancel) { _, _, out in out.cancelSend("later") },
        Row("rest", in: phase, from: [.idle], on: .rest, to: .resting, action: logs("rest")),
        Row("rested", in: phase, from: [.resting], after: Delay("backoff") { $0.backoff }, to: .busy, action: logs("rested")),
        Row("beat", in: phase, from: [.busy], every: .seconds(1), action: logs("beat")),
        Row("wake", in: phase, from: [.busy, .resting], on: .wake, to: .idle, action: logs("wake")),
        Row("loop", in: phase, from: .any, on: .loop) { _, _, out in out.send(.loop) },
        Row("quit", in: phase, from: [.idle], on: .quit, to: .gone) { _, _, out in
            out.send(.note("after the end"))
            out.send(.note("later, after the end"), after: .seconds(1))
        },
    ]

    static let table = TransitionTable<Courier>(regions: [phase], rows: rows)

    static func runtime() -> Runtime<Courier> { Runtime(table: table, state: table.initialState(context: Context())) }
}

@Suite struct SendAndDelayTests {
    /// SCXML's `<send>` without a delay: the event joins the external queue and is handled after
    /// the macrostep that sent it (after the events raised in it), in the order sent, before the
    /// input method returns, so that no later host input overtakes it.
    @Test func aSentEventIsHandledAfterTheMacrostepInOrderBeforeAnyLaterInput() throws {
        var runtime = Courier.runtime()
        let steps = try runtime.send(.go)
        #expect(runtime.state.context.log == ["go", "raised", "first", "second"])
        #expect(steps.map(\.isMicrostep) == [false, true, false, false])
        #expect(steps.count == 4)
        guard case .sent(.note("first")) = steps[2].cause, case .sent(.note("second")) = steps[3].cause else {
            Issue.record("the sent events' steps: \(steps.map(\.cause))")
            return
        }
        #expect(steps[0].result?.outbox.sends.count == 2)
    }

    /// SCXML's `<send delay id>` and `<cancel sendid>`: two pending sends under one id carry
    /// their own events, and cancelling the id cancels both (SCXML cancels every send it names).
    @Test func delayedSendsFireAtTheirTimesAndCancellingAnIdCancelsAllUnderIt() throws {
        var runtime = Courier.runtime()
        _ = try runtime.send(.schedule)
        #expect(runtime.scheduled.count == 3)
        _ = try runtime.advance(by: .seconds(2))
        #expect(runtime.state.context.log == ["in 2s"])
        _ = try runtime.advance(by: .seconds(2))
        #expect(runtime.state.context.log == ["in 2s", "in 3s", "in 4s"])

        var cancelled = Courier.runtime()
        _ = try cancelled.send(.schedule)
        _ = try cancelled.send(.cancel)
        #expect(cancelled.scheduled.count == 1)
        _ = try cancelled.advance(by: .seconds(5))
        #expect(cancelled.state.context.log == ["in 4s"])
    }

    /// SCXML's session end: the events the machine sent itself and has not taken, delayed or
    /// not, are discarded when it ends, those sent by the step that ends it included.
    @Test func theMachinesEndDiscardsWhatItSentItself() throws {
        var runtime = Courier.runtime()
        _ = try runtime.send(.schedule)
        let steps = try runtime.send(.quit)
        #expect(steps.count == 1)
        #expect(runtime.isFinished)
        #expect(runtime.scheduled.isEmpty)
        #expect(runtime.nextDeadline == nil)
        #expect(try runtime.advance(by: .seconds(5)).isEmpty)
        #expect(runtime.state.context.log.isEmpty)
    }

    /// A row delayed without a timer: its delay is computed from the context when the state is
    /// entered, starts with no command, and fires as a step of its own, `delay ROW`.
    @Test func aRowDelayedWithoutATimerFiresAfterItsComputedDelay() throws {
        var runtime = Courier.runtime()
        let rest = try runtime.send(.rest)
        guard case .startDelay(_, let delay)? = rest.first?.result?.outbox.sends.first else {
            Issue.record("entering resting starts no delay: \(rest.first?.result?.outbox.sends ?? [])")
            return
        }
        #expect(delay == .seconds(3))
        #expect(rest.first?.commands == [])
        #expect(try runtime.advance(by: .milliseconds(2_999)).isEmpty)
        let fired = try runtime.advance(by: .milliseconds(1))
        #expect(
            fired.first.map {
                if case .delay(row: Courier.table.rows.firstIndex { $0.id == "rested" }!) = $0.cause { true } else { false }
            } == true)
        #expect(runtime.state[Courier.phase] == .busy)
    }

    @Test func aRowRepeatingWithoutATimerFiresEveryPeriodUntilItsStateIsLeft() throws {
        var runtime = Courier.runtime()
        _ = try runtime.send(.rest)
        _ = try runtime.advance(by: .seconds(3))
        _ = try runtime.advance(by: .milliseconds(3_500))
        #expect(runtime.state.context.log == ["rest", "rested", "beat", "beat", "beat"])
        let wake = try runtime.send(.wake)
        guard case .cancelDelay? = wake.first?.result?.outbox.sends.first else {
            Issue.record("leaving busy cancels no delay: \(wake.first?.result?.outbox.sends ?? [])")
            return
        }
        #expect(runtime.scheduled.isEmpty && runtime.state.work.isIdle)
        _ = try runtime.advance(by: .seconds(10))
        #expect(runtime.state.context.log.last == "wake")
    }

    @Test func aDelayLeftBeforeItFiresNeverFires() throws {
        var runtime = Courier.runtime()
        _ = try runtime.send(.rest)
        _ = try runtime.send(.wake)
        #expect(try runtime.advance(by: .seconds(10)).isEmpty)
        #expect(runtime.state[Courier.phase] == .idle)
    }

    @Test func aMachineThatKeepsSendingItselfEventsStopsAtTheBound() throws {
        var runtime = Courier.runtime()
        #expect(throws: RuntimeError.sendLoop(steps: 10_001)) { _ = try runtime.send(.loop) }
    }

    /// A row delayed without a timer shows its closures the machine's start event: a machine
    /// without one cannot have such a row.
    @Test func aRowDelayedWithoutATimerNeedsAStartEvent() {
        enum Quiet: Int, ControlState { case a, b }
        let region = Region<Quiet>("quiet", index: 0, initial: .a)
        #expect(throws: TableError.self) {
            _ = try TransitionTable<Beacon>(
                validating: [region], rows: [Row("later", in: region, from: [.a], after: .seconds(1), to: .b)])
        }
    }

    /// A saved state keeps what is scheduled, sent events and delays alike, with their deadlines
    /// and their order: the restored runtime goes on as the saved one would have.
    @Test func aSavedStateKeepsTheDelayedSendsAndTheDelays() throws {
        var runtime = Courier.runtime()
        _ = try runtime.send(.schedule)
        _ = try runtime.send(.rest)
        _ = try runtime.advance(by: .milliseconds(2_500))
        #expect(runtime.scheduled.count == 3)
        let json = try runtime.savedState.json()
        #expect(String(decoding: json, as: UTF8.self).contains(#""delay":"rested""#))
        var restored = try Runtime(restoring: SavedState(json: json, table: Courier.table), table: Courier.table)
        #expect(restored.state == runtime.state)
        _ = try runtime.advance(by: .seconds(5))
        _ = try restored.advance(by: .seconds(5))
        #expect(restored.state == runtime.state)
        #expect(runtime.state.context.log == ["rest", "in 2s", "in 3s", "rested", "in 4s", "beat", "beat", "beat", "beat"])
    }
}
