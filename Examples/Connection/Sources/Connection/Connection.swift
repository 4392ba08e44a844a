import MachineCore

/// A chat client's connection to its server: it connects, shakes hands (the server greets, the
/// client authenticates), then sends the messages the person posts one at a time, each
/// acknowledged in time, and pings the server while online. When connecting fails, the
/// handshake or an acknowledgement takes too long, or the link is lost, it pauses and connects
/// again. Closing the chat ends the machine.
///
/// Two parallel regions: ``link`` follows the connection, ``composer`` what the screen says
/// about the messages posted. Every timer is a delayed or repeating row of ``table``, started
/// on entering its state and cancelled on leaving it; no action starts or cancels one.
public enum Connection: MachineDefinition {
    /// What the client remembers besides its control states.
    public struct Context: Hashable, Sendable {
        /// The messages posted and not yet acknowledged, oldest first: while the link is
        /// `sending`, the first is the one in flight.
        public var queue: [String] = []
        /// Who the server says is signed in, once it has.
        public var user: String?

        public init() {}
    }

    /// Everything that happens to the client: the person's input, the socket, the server's
    /// answers, the timers, and the events the machine raises for itself.
    public enum Event: MachineEvent, Equatable {
        // From the app.
        case open
        case post(String)
        case close
        // From the socket: the server's greeting, and the link closing under the client.
        case welcome
        case connectionLost
        // From the server, answering the requests; failures carry the server's message.
        case connected
        case connectFailed(String?)
        case authenticated(user: String)
        case authenticationFailed(String?)
        case acknowledged
        // From the timers.
        case handshakeTimedOut
        case ackTimedOut
        case heartbeatDue
        case backoffElapsed
        // Raised by the link for the composer: the link is online, or no longer.
        case linkUp
        case linkDown

        /// The payload-free names of the events: what the table's rows are keyed on.
        public enum Kind: Int, IndexedCase {
            case open, post, close
            case welcome, connectionLost
            case connected, connectFailed, authenticated, authenticationFailed, acknowledged
            case handshakeTimedOut, ackTimedOut, heartbeatDue, backoffElapsed
            case linkUp, linkDown
        }

        public var kind: Kind {
            switch self {
            case .open: .open
            case .post: .post
            case .close: .close
            case .welcome: .welcome
            case .connectionLost: .connectionLost
            case .connected: .connected
            case .connectFailed: .connectFailed
            case .authenticated: .authenticated
            case .authenticationFailed: .authenticationFailed
            case .acknowledged: .acknowledged
            case .handshakeTimedOut: .handshakeTimedOut
            case .ackTimedOut: .ackTimedOut
            case .heartbeatDue: .heartbeatDue
            case .backoffElapsed: .backoffElapsed
            case .linkUp: .linkUp
            case .linkDown: .linkDown
            }
        }
    }

    /// Work for the socket and the server. At most one request of each ``Kind`` is in flight.
    public enum Request: MachineRequest {
        /// Open the socket; answered by `connected` or `connectFailed`.
        case connect
        /// Present the person's credentials; answered by `authenticated` or `authenticationFailed`.
        case authenticate
        /// Send one message; answered by `acknowledged` once the server has it.
        case deliver(String)

        /// The kinds of request, each answered by its own events.
        public enum Kind: Int, IndexedCase { case connect, authenticate, deliver }

        public var kind: Kind {
            switch self {
            case .connect: .connect
            case .authenticate: .authenticate
            case .deliver: .deliver
            }
        }
    }

    /// What the client tells the app.
    public enum Output: Equatable, Sendable {
        /// Show the message as delivered.
        case delivered(String)
        /// Write a ping frame on the socket.
        case ping
        /// The server refused the credentials: ask the person to sign in again.
        case credentialsRejected
    }

    /// The client's timers, each started and cancelled by the delayed or repeating row it
    /// measures.
    public enum Timer: Int, IndexedCase {
        /// Runs while the handshake does: ``Connection/handshakeTimeout``.
        case handshakeTimeout
        /// Runs while a message waits for its acknowledgement: ``Connection/ackTimeout``.
        case ackTimeout
        /// Runs while online, again after each ping: ``Connection/heartbeatPeriod``.
        case heartbeat
        /// Runs while the link pauses before connecting again: ``Connection/backoffDelay``.
        case backoff
    }

    public static func event(firing timer: Timer) -> Event {
        switch timer {
        case .handshakeTimeout: .handshakeTimedOut
        case .ackTimeout: .ackTimedOut
        case .heartbeat: .heartbeatDue
        case .backoff: .backoffElapsed
        }
    }

    public static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .connected, .connectFailed: .connect
        case .authenticated, .authenticationFailed: .authenticate
        case .acknowledged: .deliver
        default: nil
        }
    }

    public static func isFailure(_ kind: Event.Kind) -> Bool { kind == .connectFailed || kind == .authenticationFailed }

    /// How long the handshake may take, from the socket opening to the session being ready.
    public static let handshakeTimeout: Duration = .seconds(10)
    /// How long the server has to acknowledge a message before the link is taken for lost.
    public static let ackTimeout: Duration = .seconds(5)
    /// The time between two pings while online.
    public static let heartbeatPeriod: Duration = .seconds(30)
    /// How long the link pauses after a failure before it connects again.
    public static let backoffDelay: Duration = .seconds(2)

    /// The connection. `handshake` and `online` are compound states: the handshake goes from
    /// `hello` to `authenticating` to `ready`, its final child; online, the link is `idle` or
    /// `sending` a message.
    public enum Link: Int, ControlState {
        case offline, connecting, handshake, hello, authenticating, ready, online, idle, sending, backoff, closed
    }
    /// What the screen says about the messages posted: they go out at once (`live`), or they
    /// wait for the link (`holding`).
    public enum Composer: Int, ControlState { case holding, live }

    /// The connection. Reaching `ready` makes the handshake done; closed, the client is finished.
    public static let link = Region<Link>(
        "link", index: 0, initial: .offline, final: [.ready, .closed],
        children: [.handshake: [.hello, .authenticating, .ready], .online: [.idle, .sending]])
    /// The composer, told by the link when it goes online and when it stops being online.
    public static let composer = Region<Composer>("composer", index: 1, initial: .holding)
}
