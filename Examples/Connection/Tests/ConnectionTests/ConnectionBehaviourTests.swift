import Connection
import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The client's behaviour, input by input, with every change of the state and every command
/// asserted, and the microsteps each input took after its own step.
@Suite("Connection behaviour") struct ConnectionBehaviourTests {
    /// A store whose link is in the handshake, authenticating, with `queue` posted beforehand.
    func authenticating(queue: [String] = []) -> MachineTestStore<Connection> {
        var context = Connection.Context()
        context.queue = queue
        let store = MachineTestStore(table: Connection.table, context: context)
        store.send(.open, emits: [.request(.connect)]) {
            $0[Connection.link] = .connecting
            $0.work.pending.append(.connect)
        }
        store.respond(.connect, with: .connected, emits: [.startTimer(.handshakeTimeout, .seconds(10))]) {
            $0[Connection.link] = .hello
            $0.work.pending.remove(.connect)
            $0.work.timers.append(.handshakeTimeout)
        }
        store.send(.welcome, emits: [.request(.authenticate)]) {
            $0[Connection.link] = .authenticating
            $0.work.pending.append(.authenticate)
        }
        return store
    }

    /// A store whose link is online and idle, nothing queued, Ada signed in.
    func online() -> MachineTestStore<Connection> {
        let store = authenticating()
        store.respond(
            .authenticate, with: .authenticated(user: "ada"),
            emits: [.cancelTimer(.handshakeTimeout), .startTimer(.heartbeat, .seconds(30))]
        ) {
            $0[Connection.link] = .idle
            $0[Connection.composer] = .live
            $0.context.user = "ada"
            $0.work.pending.remove(.authenticate)
            $0.work.timers.remove(.handshakeTimeout)
            $0.work.timers.append(.heartbeat)
        }
        store.assertMicrosteps(["done link.handshake: handshakeDone", "raised linkUp: goLive"])
        return store
    }

    /// Entering `ready`, the handshake's final child, raises its done event; the done row takes
    /// the link online and raises `linkUp`, which the composer handles: all in the one input.
    @Test func theHandshakesDoneRowTakesTheLinkOnline() {
        let store = authenticating()
        let steps = store.respond(
            .authenticate, with: .authenticated(user: "ada"),
            emits: [.cancelTimer(.handshakeTimeout), .startTimer(.heartbeat, .seconds(30))]
        ) {
            $0[Connection.link] = .idle
            $0[Connection.composer] = .live
            $0.context.user = "ada"
            $0.work.pending.remove(.authenticate)
            $0.work.timers.remove(.handshakeTimeout)
            $0.work.timers.append(.heartbeat)
        }
        store.assertMicrosteps(["done link.handshake: handshakeDone", "raised linkUp: goLive"])
        #expect(steps.first?.after[Connection.link] == .ready, "the answer's own step enters the final child")
        store.send(.close, emits: [.cancelTimer(.heartbeat)]) {
            $0[Connection.link] = .closed
            $0.work.timers.remove(.heartbeat)
        }
        store.finish()
    }

    /// A message posted while idle is sent by the eventless `drain` row in the same input; one
    /// posted while a message is in flight waits, and the acknowledgement's drain sends it.
    @Test func theDrainSendsEachMessageAsSoonAsNoneIsInFlight() {
        let store = online()
        store.send(.post("hi"), emits: [.request(.deliver("hi")), .startTimer(.ackTimeout, .seconds(5))]) {
            $0[Connection.link] = .sending
            $0.context.queue = ["hi"]
            $0.work.pending.append(.deliver)
            $0.work.timers.append(.ackTimeout)
        }
        store.assertMicrosteps(["eventless: drain"])
        store.send(.post("there")) { $0.context.queue.append("there") }
        store.respond(
            .deliver, with: .acknowledged,
            emits: [
                .cancelTimer(.ackTimeout), .output(.delivered("hi")), .request(.deliver("there")),
                .startTimer(.ackTimeout, .seconds(5)),
            ]
        ) { $0.context.queue = ["there"] }
        store.assertMicrosteps(["eventless: drain"])
        let delivered: [Command<Connection>] = [.cancelTimer(.ackTimeout), .output(.delivered("there"))]
        store.respond(.deliver, with: .acknowledged, emits: delivered) {
            $0[Connection.link] = .idle
            $0.context.queue = []
            $0.work.pending.remove(.deliver)
            $0.work.timers.remove(.ackTimeout)
        }
        store.assertMicrosteps([])  // the drain's guard is false: no eventless step
        store.finish(allowingRunningTimers: true)
    }

    /// Messages posted before the link is online are drained once it is: the eventless row comes
    /// before the raised event, which waits in the internal queue.
    @Test func messagesPostedOfflineAreSentOnceOnline() {
        let store = authenticating(queue: ["one", "two"])
        store.respond(
            .authenticate, with: .authenticated(user: "ada"),
            emits: [
                .cancelTimer(.handshakeTimeout), .startTimer(.heartbeat, .seconds(30)), .request(.deliver("one")),
                .startTimer(.ackTimeout, .seconds(5)),
            ]
        ) {
            $0[Connection.link] = .sending
            $0[Connection.composer] = .live
            $0.context.user = "ada"
            $0.work.pending.remove(.authenticate)
            $0.work.pending.append(.deliver)
            $0.work.timers.remove(.handshakeTimeout)
            $0.work.timers.append(.heartbeat)
            $0.work.timers.append(.ackTimeout)
        }
        store.assertMicrosteps(["done link.handshake: handshakeDone", "eventless: drain", "raised linkUp: goLive"])
        store.finish(allowingPendingRequests: true, allowingRunningTimers: true)
    }

    /// The heartbeat's repeating row fires every period while the link is online, sending or
    /// not, and never once it has left.
    @Test func theHeartbeatFiresEveryPeriodWhileOnlineAndStopsOnLeaving() {
        let store = online()
        for _ in 1...3 {
            store.advance(by: .milliseconds(29_999))
            store.advance(by: .milliseconds(1), emits: [.output(.ping), .startTimer(.heartbeat, .seconds(30))])
        }
        store.send(.post("hi"), emits: [.request(.deliver("hi")), .startTimer(.ackTimeout, .seconds(5))]) {
            $0[Connection.link] = .sending
            $0.context.queue = ["hi"]
            $0.work.pending.append(.deliver)
            $0.work.timers.append(.ackTimeout)
        }
        store.assertMicrosteps(["eventless: drain"])
        store.respond(.deliver, with: .acknowledged, emits: [.cancelTimer(.ackTimeout), .output(.delivered("hi"))]) {
            $0[Connection.link] = .idle
            $0.context.queue = []
            $0.work.pending.remove(.deliver)
            $0.work.timers.remove(.ackTimeout)
        }
        store.advance(by: .seconds(30), emits: [.output(.ping), .startTimer(.heartbeat, .seconds(30))])
        store.send(.connectionLost, emits: [.cancelTimer(.heartbeat), .startTimer(.backoff, .seconds(2))]) {
            $0[Connection.link] = .backoff
            $0[Connection.composer] = .holding
            $0.work.timers.remove(.heartbeat)
            $0.work.timers.append(.backoff)
        }
        store.assertMicrosteps(["raised linkDown: hold"])
        store.advance(by: .seconds(2), emits: [.request(.connect)]) {
            $0[Connection.link] = .connecting
            $0.work.timers.remove(.backoff)
            $0.work.pending.append(.connect)
        }
        store.advance(by: .seconds(60))
        store.send(.close, emits: [.cancel(.connect)]) {
            $0[Connection.link] = .closed
            $0.work.pending.remove(.connect)
        }
        store.finish()
    }

    /// A message not acknowledged within `ackTimeout` takes the link down: the delayed row
    /// fires at the deadline, not a millisecond before, and leaving `online` raises `linkDown`
    /// for the composer. The late acknowledgement is dropped.
    @Test func anUnacknowledgedMessageTakesTheLinkDownAtTheAckTimeout() {
        let store = online()
        store.send(.post("hi"), emits: [.request(.deliver("hi")), .startTimer(.ackTimeout, .seconds(5))]) {
            $0[Connection.link] = .sending
            $0.context.queue = ["hi"]
            $0.work.pending.append(.deliver)
            $0.work.timers.append(.ackTimeout)
        }
        store.assertMicrosteps(["eventless: drain"])
        store.advance(by: .milliseconds(4_999))
        store.advance(
            by: .milliseconds(1), emits: [.cancel(.deliver), .cancelTimer(.heartbeat), .startTimer(.backoff, .seconds(2))]
        ) {
            $0[Connection.link] = .backoff
            $0[Connection.composer] = .holding
            $0.work.pending.remove(.deliver)
            $0.work.timers.remove(.heartbeat)
            $0.work.timers.remove(.ackTimeout)
            $0.work.timers.append(.backoff)
        }
        store.assertMicrosteps(["raised linkDown: hold"])
        store.respond(.deliver, 1, with: .acknowledged)  // too late: dropped, nothing changes
        store.send(.close, emits: [.cancelTimer(.backoff)]) {
            $0[Connection.link] = .closed
            $0.work.timers.remove(.backoff)
        }
        store.finish()
    }

    /// A failed connect pauses for `backoffDelay`, then connects again, as often as it fails.
    @Test func aFailedConnectPausesThenConnectsAgain() {
        let store = MachineTestStore(table: Connection.table, context: Connection.Context())
        store.send(.open, emits: [.request(.connect)]) {
            $0[Connection.link] = .connecting
            $0.work.pending.append(.connect)
        }
        for _ in 1...3 {
            store.fail(.connect, with: .connectFailed("refused"), emits: [.startTimer(.backoff, .seconds(2))]) {
                $0[Connection.link] = .backoff
                $0.work.pending.remove(.connect)
                $0.work.timers.append(.backoff)
            }
            store.advance(by: .milliseconds(1_999))
            store.advance(by: .milliseconds(1), emits: [.request(.connect)]) {
                $0[Connection.link] = .connecting
                $0.work.pending.append(.connect)
                $0.work.timers.remove(.backoff)
            }
        }
        store.respond(.connect, with: .connected, emits: [.startTimer(.handshakeTimeout, .seconds(10))]) {
            $0[Connection.link] = .hello
            $0.work.pending.remove(.connect)
            $0.work.timers.append(.handshakeTimeout)
        }
        store.finish(allowingRunningTimers: true)
    }

    /// The handshake's timeout runs from entering `handshake` until leaving it: moving from
    /// `hello` to `authenticating` inside it does not restart it.
    @Test func theHandshakeHasTenSecondsInAll() {
        let store = MachineTestStore(table: Connection.table, context: Connection.Context())
        store.send(.open, emits: [.request(.connect)]) {
            $0[Connection.link] = .connecting
            $0.work.pending.append(.connect)
        }
        store.respond(.connect, with: .connected, emits: [.startTimer(.handshakeTimeout, .seconds(10))]) {
            $0[Connection.link] = .hello
            $0.work.pending.remove(.connect)
            $0.work.timers.append(.handshakeTimeout)
        }
        store.advance(by: .seconds(6))
        store.send(.welcome, emits: [.request(.authenticate)]) {
            $0[Connection.link] = .authenticating
            $0.work.pending.append(.authenticate)
        }
        store.advance(by: .milliseconds(3_999))
        store.advance(by: .milliseconds(1), emits: [.cancel(.authenticate), .startTimer(.backoff, .seconds(2))]) {
            $0[Connection.link] = .backoff
            $0.work.pending.remove(.authenticate)
            $0.work.timers.remove(.handshakeTimeout)
            $0.work.timers.append(.backoff)
        }
        store.finish(allowingRunningTimers: true)
    }

    /// Credentials the server refuses take the link offline and tell the app.
    @Test func refusedCredentialsTakeTheLinkOffline() {
        let store = authenticating()
        store.fail(
            .authenticate, with: .authenticationFailed("expired"),
            emits: [.cancelTimer(.handshakeTimeout), .output(.credentialsRejected)]
        ) {
            $0[Connection.link] = .offline
            $0.work.pending.remove(.authenticate)
            $0.work.timers.remove(.handshakeTimeout)
        }
        store.finish()
    }

    /// Closing ends the machine: the `linkDown` that leaving `online` raises is never taken (the
    /// end of a machine drops its internal queue, as SCXML's does), so the composer stays as it was.
    @Test func closingWhileOnlineEndsTheMachineBeforeTheComposerHears() {
        let store = online()
        let steps = store.send(.close, emits: [.cancelTimer(.heartbeat)]) {
            $0[Connection.link] = .closed
            $0.work.timers.remove(.heartbeat)
        }
        #expect(steps.count == 1 && steps[0].raisedEvents == [.linkDown])
        store.send(.post("late"))
        store.finish()
    }
}
