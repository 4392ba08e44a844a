import MachineCore
import MachineRuntime
import Testing

/// Each rule of the statechart semantics (the MachineCore article "Statechart semantics"), as a
/// test on `Beacon`.
@Suite struct StatechartSemanticsTests {
    /// Connects and acknowledges: the link is online at 0 s, its heartbeat running.
    static func online() throws -> Runtime<Beacon> {
        var runtime = Beacon.runtime()
        _ = try runtime.send(.connect)
        _ = try runtime.send(.ack)
        return runtime
    }

    @Test func aDelayedRowStartsItsTimerOnEntryAndFiresAfterItsDelay() throws {
        var runtime = Beacon.runtime()
        let entered = try runtime.send(.connect)
        #expect(entered.flatMap(\.commands) == [.startTimer(.ackTimeout, .seconds(5))])
        #expect(try runtime.advance(by: .milliseconds(4999)).isEmpty)
        let fired = try runtime.advance(by: .milliseconds(1))
        #expect(fired.map(\.summary) == ["@5s timer ackTimeout: L4.ackTimeout"])
        #expect(runtime.state[Beacon.link] == .backoff)
        #expect(fired.flatMap(\.commands) == [.startTimer(.retry, .seconds(2))], "backoff's own delay starts")
    }

    @Test func exitingTheStateCancelsItsDelay() throws {
        var runtime = Beacon.runtime()
        _ = try runtime.send(.connect)
        let acknowledged = try runtime.send(.ack)
        #expect(acknowledged.first?.commands == [.cancelTimer(.ackTimeout)])
        #expect(runtime.timers.map(\.timer) == [.heartbeat])
        #expect(try runtime.advance(by: .seconds(5)).isEmpty, "the acknowledgement timeout never fires")
    }

    @Test func aRepeatingRowFiresAtEachPeriodWhileItsStateIsActive() throws {
        var runtime = try Self.online()
        let steps = try runtime.advance(by: .seconds(95))
        #expect(
            steps.map(\.summary) == [
                "@30s timer heartbeat: L5.heartbeat", "@60s timer heartbeat: L5.heartbeat",
                "@90s timer heartbeat: L5.heartbeat",
            ], "a jump of the clock fires each period at its own time")
        #expect(runtime.state.context.beats == 3)
        #expect(steps.allSatisfy { $0.commands == [.startTimer(.heartbeat, .seconds(30))] })
        let dropped = try runtime.send(.drop)
        #expect(dropped.first?.commands == [.cancelTimer(.heartbeat), .startTimer(.retry, .seconds(2))])
    }

    @Test func aSelfTransitionRestartsTheDelaysAndATargetlessRowKeepsThem() throws {
        var external = try Self.online()
        _ = try external.advance(by: .seconds(20))
        #expect(
            try external.send(.reenter).flatMap(\.commands) == [.cancelTimer(.heartbeat), .startTimer(.heartbeat, .seconds(30))])
        #expect(try external.advance(by: .seconds(29)).isEmpty)
        #expect(try external.advance(by: .seconds(1)).map(\.summary) == ["@50s timer heartbeat: L5.heartbeat"])

        var kept = try Self.online()
        _ = try kept.advance(by: .seconds(20))
        #expect(try kept.send(.stay).flatMap(\.commands) == [])
        #expect(try kept.advance(by: .seconds(10)).map(\.summary) == ["@30s timer heartbeat: L5.heartbeat"])
    }

    /// W3C IRP test 506: an internal row whose target is its own (compound) source is external,
    /// as is one from a state without children: only a compound source and a target strictly
    /// below it keep the source (test 505).
    @Test func anInternalRowKeepsOnlyACompoundSourceAboveItsTarget() throws {
        enum Lane: Int, ControlState { case a, a1, a2 }
        let lane = Region<Lane>("lane", index: 0, initial: .a, children: [.a: [.a1, .a2]])
        func logs(_ line: String) -> Action<Beacon> { { context, _, _ in context.log.append(line) } }
        let table = TransitionTable<Beacon>(
            regions: [lane],
            rows: [
                Row("toSelf", in: lane, from: [.a], on: .reenter, to: .a, internal: true),
                Row("toChild", in: lane, from: [.a], on: .stay, to: .a2, internal: true),
                Row("leafToSelf", in: lane, from: [.a2], on: .drop, to: .a2, internal: true),
            ],
            stateActions: [Lane.a, .a1, .a2].map {
                StateActions(in: lane, $0, entry: logs("enter:\($0)"), exit: logs("exit:\($0)"))
            })
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        _ = try runtime.send(.reenter)
        #expect(runtime.state.context.log == ["exit:a1", "exit:a", "enter:a", "enter:a1"])
        _ = try runtime.send(.stay)
        #expect(runtime.state.context.log.suffix(2) == ["exit:a1", "enter:a2"])
        _ = try runtime.send(.drop)
        #expect(runtime.state.context.log.suffix(2) == ["exit:a2", "enter:a2"])
    }

    @Test func enteringAFinalChildRaisesItsParentsDoneEventAsAMicrostep() throws {
        var runtime = Beacon.runtime()
        _ = try runtime.send(.connect)
        let steps = try runtime.send(.ack)
        #expect(steps.map(\.summary) == ["@0s ack: L2.ack", "@0s done handshake: L3.handshakeDone"])
        #expect(steps.map(\.isMicrostep) == [false, true])
        #expect(runtime.state[Beacon.link] == .online)
        #expect(Beacon.table.finalState(of: steps[0].after.controls) == nil, "a final child does not end the machine")
    }

    @Test func raisedEventsAndEventlessRowsRunToCompletionInOrder() throws {
        var runtime = try Self.online()
        let steps = try runtime.send(.enqueue)
        #expect(
            steps.map(\.summary) == [
                "@0s enqueue: Q1.enqueue", "@0s eventless: Q2.drain", "@0s raised flushed: Q3.flushed",
            ])
        #expect(runtime.state.context.log == ["online", "sending 1", "flushed"])
        #expect(runtime.state[Beacon.queue] == .empty)
    }

    @Test func eventlessRowsAreCheckedAgainAfterEveryMicrostepThatFired() throws {
        var runtime = Beacon.runtime()
        let queued = try runtime.send(.enqueue)
        #expect(queued.map(\.summary) == ["@0s enqueue: Q1.enqueue"], "offline: the drain's guard does not hold")
        _ = try runtime.send(.connect)
        let steps = try runtime.send(.ack)
        #expect(
            steps.map(\.summary) == [
                "@0s ack: L2.ack", "@0s done handshake: L3.handshakeDone", "@0s eventless: Q2.drain",
                "@0s raised flushed: Q3.flushed",
            ])
    }

    @Test func anIgnoredEventTakesNoMicrostep() throws {
        var runtime = Beacon.runtime()
        _ = try runtime.send(.enqueue)
        let ignored = try runtime.send(.drop)
        #expect(ignored.map(\.summary) == ["@0s drop: "])
    }

    @Test func aDelayOfZeroFiresAtTheNextAdvanceNeverInsideTheStepThatStartedIt() throws {
        let table = TransitionTable<Beacon>(regions: [Beacon.link, Beacon.queue], rows: Beacon.rows(retryDelay: .zero))
        var runtime = Beacon.runtime(table)
        _ = try runtime.send(.connect)
        _ = try runtime.send(.ack)
        let dropped = try runtime.send(.drop)
        #expect(dropped.map(\.summary) == ["@0s drop: L7.drop"])
        #expect(runtime.state[Beacon.link] == .backoff)
        #expect(try runtime.advance(by: .zero).map(\.summary) == ["@0s timer retry: L6.retry"])
    }

    @Test func theDelaysOfTheInitialStatesStartWithTheRuntime() throws {
        let table = TransitionTable<Beacon>(
            regions: [Region<Beacon.Link>("link", index: 0, initial: .backoff, children: [.handshake: [.hello, .ready]])],
            rows: [Row("retry", in: Beacon.link, from: [.backoff], after: .seconds(2), timer: .retry, to: .handshake)])
        var runtime = Beacon.runtime(table)
        #expect(runtime.timers.map(\.timer) == [.retry])
        #expect(runtime.state.work.timers.contains(.retry))
        let fired = try runtime.advance(by: .seconds(2))
        #expect(fired.map { $0.result?.firedRows.map { table.rows[$0].id } } == [["retry"]])
        #expect(runtime.state[Beacon.link] == .hello)
    }

    @Test func aSavedStateRestoresTheRunningDelays() throws {
        var original = Beacon.runtime()
        _ = try original.send(.connect)
        _ = try original.advance(by: .seconds(2))
        let json = try original.savedState.json()
        var restored = try Runtime(restoring: SavedState(json: json, table: Beacon.table), table: Beacon.table)
        #expect(restored.timers == original.timers)
        #expect(try restored.advance(by: .seconds(3)).map(\.summary) == ["@5s timer ackTimeout: L4.ackTimeout"])
    }

    @Test func aTopLevelFinalStateEndsTheMachineAndItsDelays() throws {
        var runtime = try Self.online()
        let steps = try runtime.send(.shutdown)
        #expect(steps.flatMap(\.commands) == [.cancelTimer(.heartbeat)])
        #expect(Beacon.table.finalState(of: runtime.state.controls) != nil)
        #expect(runtime.timers.isEmpty)
    }

    @Test func eventlessRowsThatEnableEachOtherForeverHaltTheRuntimeAtTheBoundWithTheirNames() throws {
        enum Spin: Int, ControlState { case idle, a, b }
        let region = Region<Spin>("spin", index: 0, initial: .idle)
        let table = TransitionTable<Beacon>(
            regions: [region],
            rows: [
                Row("go", in: region, from: [.idle], on: .connect, to: .a),
                Row("ab", in: region, from: [.a], always: nil, to: .b),
                Row("ba", in: region, from: [.b], always: nil, to: .a),
            ])
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        runtime.microstepBound = 50
        // The steps until the cut are returned: the input's, then 50 microsteps.
        let steps = try runtime.send(.connect)
        #expect(steps.count == 51)
        #expect(steps.dropFirst().allSatisfy { $0.isMicrostep })
        #expect(runtime.halt == .halted(rows: ["ab", "ba"]))
        #expect(runtime.state[region] == .a)
        // A halted runtime takes no more input.
        #expect(throws: RuntimeError.halted(rows: ["ab", "ba"])) { try runtime.send(.connect) }
        #expect(throws: RuntimeError.halted(rows: ["ab", "ba"])) { try runtime.advance(by: .seconds(1)) }
        #expect(
            RuntimeError.halted(rows: ["ab", "ba"]).description
                == "the machine halted: one macrostep would have taken more microsteps than its bound, firing 'ab', 'ba'; eventless rows or raised events keep enabling each other, and the runtime takes no more input"
        )
    }

    @Test func aTableRefusesDelaysThatCannotWork() {
        func problem(_ rows: [Row<Beacon>]) -> String? {
            do {
                _ = try TransitionTable<Beacon>(validating: [Beacon.link], rows: rows)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            problem([Row("r", in: Beacon.link, from: [.hello], after: .seconds(-1), timer: .retry, to: .backoff)])
                == "row 'r': a delay cannot be negative")
        #expect(
            problem([Row("r", in: Beacon.link, from: [.online], every: .zero, timer: .heartbeat)])
                == "row 'r': a repeating row needs a period above zero")
        #expect(
            problem([Row("r", in: Beacon.link, from: .any, after: .seconds(1), timer: .retry, to: .backoff)])
                == "row 'r': a delayed row names its source states")
        #expect(
            problem([
                Row("outer", in: Beacon.link, from: [.handshake], after: .seconds(1), timer: .retry, to: .backoff),
                Row("inner", in: Beacon.link, from: [.hello], after: .seconds(2), timer: .retry, to: .backoff),
            ]) == "row 'inner': timer 'retry' is delayed from 'hello' and from 'handshake', one inside the other")
        #expect(
            problem([
                Row("one", in: Beacon.link, from: [.hello], after: .seconds(1), timer: .retry, to: .backoff),
                Row("two", in: Beacon.link, from: [.hello], after: .seconds(2), timer: .retry, to: .offline),
            ]) == "row 'two': timer 'retry' is delayed twice from 'hello', for 1s and 2s")
        let heartbeat = Row<Beacon>("r", in: Beacon.link, from: [.online], every: .seconds(1), timer: .heartbeat)
        #expect(
            problem([heartbeat.replacing(guard: nil, target: Beacon.Link.offline.rawValue, history: nil, action: nil)])
                == "row 'r': a repeating row stays in its state: it has no target")
        #expect(
            problem([heartbeat.replacing(guard: Beacon.isOnline, target: nil, history: nil, action: nil)])
                == "row 'r': a repeating row has no guard: a firing it refused would stop its period")
        #expect(
            problem([Row("r", in: Beacon.link, done: .online, to: .offline)])
                == "row 'r': 'online' has no final child, so it is never done")
    }

    @Test func aTableWithoutTheNewTriggersHasNoneOfTheirMachinery() {
        let queue = Region<Beacon.Queue>("queue", index: 0, initial: .empty)
        let table = TransitionTable<Beacon>(
            regions: [queue], rows: [Row("Q1.enqueue", in: queue, from: [.empty], on: .enqueue, to: .queued)])
        #expect(!table.hasDelayedRows)
        #expect(!table.hasEventlessRows)
        #expect(!table.hasDoneRows)
        #expect(table.listing.rows.map(\.label) == ["enqueue"])
    }

    @Test func listingsNameEveryTrigger() {
        let labels = Dictionary(uniqueKeysWithValues: Beacon.table.listing.rows.map { ($0.id, $0.label) })
        #expect(labels["L3.handshakeDone"] == "done.state.handshake")
        #expect(labels["L4.ackTimeout"] == "after 5s")
        #expect(labels["L5.heartbeat"] == "every 30s")
        #expect(labels["Q2.drain"] == "always [isOnline]")
        #expect(Beacon.table.listing.rows.first { $0.id == "L4.ackTimeout" }?.event == "ackLate")
        #expect(Beacon.table.listing.rows.first { $0.id == "Q2.drain" }?.event == "")
    }
}
