import MachineCore
import MachineRuntime
import Testing

/// What the article "A connection with requests, timers and history" says of the connection,
/// beyond its scripts: each test is one claim of the article.
@Suite struct ConnectionBehaviourTests {
    /// A runtime of the connection from its initial state, with `settings`.
    static func runtime(_ settings: Connection.Settings = .init()) -> Runtime<Connection> {
        var context = Connection.Context()
        context.settings = settings
        return Runtime(table: Connection.table, state: Connection.table.initialState(context: context))
    }

    /// A runtime whose link is open, at 0 ms.
    static func connected(_ settings: Connection.Settings = .init()) throws -> Runtime<Connection> {
        var runtime = runtime(settings)
        _ = try runtime.send(.open)
        _ = try runtime.respond(.connect, with: .opened)
        return runtime
    }

    /// The waits each connection attempt failed in a row starts, until the connection gives up.
    static func waits(maxAttempts: Int) throws -> (waits: [Duration], outputs: [Connection.Output]) {
        var settings = Connection.Settings()
        settings.maxAttempts = maxAttempts
        var runtime = runtime(settings)
        var waits: [Duration] = []
        var steps = try runtime.send(.open)
        while runtime.state[Connection.link] == .connecting {
            steps = try runtime.respond(.connect, with: .openFailed("refused"))
            for case .startTimer(.backoff, let wait) in steps.flatMap(\.commands) { waits.append(wait) }
            if let wait = waits.last, runtime.state[Connection.link] == .waiting { _ = try runtime.advance(by: wait) }
        }
        return (waits, steps.outputs())
    }

    @Test func afterFourFailedAttemptsInARowItGivesUp() throws {
        let (waits, outputs) = try Self.waits(maxAttempts: 4)
        #expect(waits == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(outputs == [.unreachable])
    }

    @Test func eachWaitIsTwiceTheOneBeforeNeverMoreThanMaxBackoff() throws {
        let (waits, _) = try Self.waits(maxAttempts: 8)
        #expect(waits == [1, 2, 4, 8, 16, 30, 30].map { .seconds($0) })
    }

    @Test func theHeartbeatPingsEvery30SecondsWhileConnectedOnly() throws {
        var runtime = try Self.connected()
        #expect(try runtime.advance(by: .seconds(90)).outputs() == [Connection.Output.ping, .ping, .ping])
        _ = try runtime.send(.connectionLost)
        #expect(runtime.timers.map(\.timer) == [.backoff])
        _ = try runtime.advance(by: .seconds(1))
        #expect(runtime.state[Connection.link] == .connecting)
        #expect(runtime.timers.isEmpty)
    }

    /// `ping`, `lost` and `close` are rows of `connected`: they fire in both of its children.
    @Test func theRowsOfConnectedFireInBothOfItsChildren() throws {
        var quick = Connection.Settings()
        quick.heartbeat = .seconds(1)
        for posted in [false, true] {
            var runtime = try Self.connected(quick)
            if posted { _ = try runtime.send(.post("hi")) }
            #expect(runtime.state[Connection.link] == (posted ? .sending : .idle))
            let ping = try runtime.advance(by: .seconds(1))
            #expect(ping.map { $0.result?.firedRows.map { Connection.table.rows[$0].id } } == [["ping"]])
            var lost = runtime
            #expect(try lost.send(.connectionLost).first?.result?.firedRows.map { Connection.table.rows[$0].id } == ["lost"])
            #expect(try runtime.send(.close).first?.result?.firedRows.map { Connection.table.rows[$0].id } == ["close"])
            #expect(runtime.state[Connection.link] == .closed)
        }
    }

    @Test func aLostLinkThatWasIdleResumesIdle() throws {
        var runtime = try Self.connected()
        _ = try runtime.send(.connectionLost)
        #expect(Connection.table.remembered(.connected, of: Connection.link, in: runtime.state) == .idle)
        _ = try runtime.advance(by: .seconds(1))
        let steps = try runtime.respond(.connect, with: .opened)
        #expect(runtime.state[Connection.link] == .idle)
        #expect(steps.flatMap(\.commands) == [.startTimer(.heartbeat, .seconds(30))])
    }

    /// The acknowledgement of `deliver#1`, cancelled by the timeout, comes while `deliver#2`
    /// sends the same message again: it is dropped, and `deliver#2` still waits for its own.
    @Test func aLateAnswerCannotPassForTheAnswerToTheSameMessageSentAgain() throws {
        var runtime = try Self.connected()
        _ = try runtime.send(.post("hi"))
        _ = try runtime.advance(by: .seconds(6))
        _ = try runtime.respond(.connect, with: .opened)
        #expect(runtime.pendingRequests.map(\.reference.description) == ["deliver#2"])
        let before = runtime.state
        let steps = try runtime.respond(.deliver, 1, with: .acknowledged)
        guard case .drop = steps.first?.cause else {
            Issue.record("the late answer was not dropped: \(steps)")
            return
        }
        #expect(runtime.state == before)
        #expect(runtime.state[Connection.link] == .sending)
        #expect(runtime.pendingRequests.map(\.reference.description) == ["deliver#2"])
    }

    @Test func aPostWhileTheLinkIsDownIsGivenBackAndChangesNothing() throws {
        var runtime = Self.runtime()
        let before = runtime.state
        #expect(try runtime.send(.post("hi")).flatMap(\.commands) == [.output(.notSent("hi"))])
        #expect(runtime.state == before)
    }

    @Test func onceClosedTheMachineIgnoresEveryEvent() throws {
        var runtime = try Self.connected()
        _ = try runtime.send(.close)
        let closed = runtime.state
        for event: Connection.Event in [.open, .post("hi"), .connectionLost, .close] {
            let steps = try runtime.send(event)
            #expect(steps.allSatisfy { $0.isIgnored })
            #expect(steps.first?.result?.ignored == .finished(region: 0, state: Connection.Link.closed.rawValue))
        }
        #expect(runtime.state == closed)
    }

    /// The runtime sends the app's events only, and delivers an answer only to a request.
    @Test func theRuntimeHoldsTheMachineToItsDeclarations() throws {
        var runtime = try Self.connected()
        #expect(throws: RuntimeError.notAHostEvent("opened")) { try runtime.send(.opened) }
        #expect(throws: RuntimeError.notAHostEvent("heartbeatDue")) { try runtime.send(.heartbeatDue) }
        #expect(throws: RuntimeError.noPendingRequest(kind: "deliver")) { try runtime.respond(.deliver, with: .acknowledged) }
        var state = runtime.state
        var result = StepResult<Connection>()
        Connection.table.step(&state, .ackTimedOut, into: &result)
        #expect(result.ignored == .notAwaited)
    }
}
