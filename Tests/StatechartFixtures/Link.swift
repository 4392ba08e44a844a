import MachineCore

/// A connection link for the tools' tests, with every statechart trigger and a raised event:
/// it connects, handshakes until its `greeted` final child makes `handshaking` done, sends a
/// heartbeat every 30 s while online, drains its queue as soon as a message waits (an eventless
/// row), gives up on an acknowledgement after 5 s and retries 2 s later (delayed rows). An
/// acknowledgement raises `delivered`, which the machine counts itself.
package enum Link: MachineDefinition {
    package struct Context: Hashable, Sendable, Codable {
        package var queued = 0
        package var delivered = 0
        package var pings = 0

        package init() {}
    }

    package enum Event: MachineEvent, Hashable, Sendable {
        case connect, greet, queue, ack, delivered, ackTimedOut, heartbeatDue, retryDue

        package enum Kind: Int, IndexedCase {
            case connect, greet, queue, ack, delivered, ackTimedOut, heartbeatDue, retryDue
        }

        package var kind: Kind {
            switch self {
            case .connect: .connect
            case .greet: .greet
            case .queue: .queue
            case .ack: .ack
            case .delivered: .delivered
            case .ackTimedOut: .ackTimedOut
            case .heartbeatDue: .heartbeatDue
            case .retryDue: .retryDue
            }
        }
    }

    package enum Output: Hashable, Sendable { case ping }

    package enum Timer: Int, IndexedCase { case ackTimeout, heartbeat, retry }

    package static func event(firing timer: Timer) -> Event {
        switch timer {
        case .ackTimeout: .ackTimedOut
        case .heartbeat: .heartbeatDue
        case .retry: .retryDue
        }
    }

    package enum State: Int, ControlState { case offline, handshaking, hello, greeted, online, sending, reconnecting }

    package static let link = Region<State>(
        "link", index: 0, initial: .offline, final: [.greeted], children: [.handshaking: [.hello, .greeted]])

    package static let hasQueued = Guard<Link>("hasQueued") { state, _ in state.context.queued > 0 }

    package static let table = TransitionTable<Link>(
        regions: [link],
        rows: [
            Row("connect", in: link, from: [.offline], on: .connect, to: .handshaking),
            Row("greet", in: link, from: [.hello], on: .greet, to: .greeted),
            Row("handshakeDone", in: link, done: .handshaking, to: .online),
            Row("heartbeat", in: link, from: [.online], every: .seconds(30), timer: .heartbeat) { context, _, out in
                context.pings += 1
                out.emit(.ping)
            },
            Row("enqueue", in: link, from: [.online, .sending], on: .queue) { context, _, _ in context.queued += 1 },
            Row("drain", in: link, from: [.online], always: hasQueued, to: .sending),
            Row("ack", in: link, from: [.sending], on: .ack, to: .online) { context, _, out in
                context.queued -= 1
                out.raise(.delivered)
            },
            Row("tally", in: link, from: [.online, .sending], on: .delivered) { context, _, _ in context.delivered += 1 },
            Row("ackTimeout", in: link, from: [.sending], after: .seconds(5), timer: .ackTimeout, to: .reconnecting),
            Row("retry", in: link, from: [.reconnecting], after: .seconds(2), timer: .retry, to: .handshaking),
        ])
}
