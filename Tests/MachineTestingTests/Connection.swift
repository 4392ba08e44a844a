import MachineCore

/// A chat client's connection to its server, the machine of the article "A connection with
/// requests and timers" (`Sources/MachineCore/MachineCore.docc/AConnectionWithRequestsAndTimers.md`):
/// it opens a link, sends messages one at a time, each acknowledged within a timeout, pings the
/// server while connected, and reconnects after a growing wait when the link fails.
/// Every code block of the article is a part of this file or of the files beside it
/// (ConnectionArticleTests checks it), and the tests there check what the article says of it.
enum Connection: MachineDefinition {
    struct Context: Equatable, Sendable {
        /// The messages not yet acknowledged, oldest first: the first is the one in flight.
        var queue: [String] = []
        /// How many attempts to open the link have failed in a row.
        var failures = 0
        /// How long the next wait before reconnecting lasts; each wait doubles it.
        var backoff = Connection.firstBackoff
        var settings = Settings()
    }

    struct Settings: Equatable, Sendable {
        var maxAttempts = 4
        var maxBackoff: Duration = .seconds(30)
        var ackTimeout: Duration = .seconds(5)
        var heartbeat: Duration = .seconds(30)
    }

    /// The first wait before reconnecting, and the wait once the link is open again.
    static let firstBackoff: Duration = .seconds(1)

    enum Event: MachineEvent, Equatable {
        // From the app.
        case open, post(String), connectionLost, close
        // From the server, answering the requests.
        case opened, openFailed(String?), acknowledged
        // From the timers.
        case ackTimedOut, backoffElapsed, heartbeatDue

        enum Kind: Int, IndexedCase {
            case open, post, connectionLost, close, opened, openFailed, acknowledged, ackTimedOut, backoffElapsed, heartbeatDue
        }

        var kind: Kind {
            switch self {
            case .open: .open
            case .post: .post
            case .connectionLost: .connectionLost
            case .close: .close
            case .opened: .opened
            case .openFailed: .openFailed
            case .acknowledged: .acknowledged
            case .ackTimedOut: .ackTimedOut
            case .backoffElapsed: .backoffElapsed
            case .heartbeatDue: .heartbeatDue
            }
        }
    }

    enum Request: MachineRequest {
        case connect  // answered by opened or openFailed
        case deliver(String)  // answered by acknowledged, once the server has the message

        enum Kind: Int, IndexedCase { case connect, deliver }

        var kind: Kind {
            switch self {
            case .connect: .connect
            case .deliver: .deliver
            }
        }
    }

    enum Output: Equatable, Sendable {
        case delivered(String)  // show the message as delivered
        case notSent(String)  // the link is down: keep the message as a draft
        case ping  // write a ping frame on the socket
        case hangUp  // close the socket, if it is not closed already
        case unreachable  // tell the person the server cannot be reached
    }

    enum Timer: Int, IndexedCase { case ackTimeout, backoff, heartbeat }

    static func event(firing timer: Timer) -> Event {
        switch timer {
        case .ackTimeout: .ackTimedOut
        case .backoff: .backoffElapsed
        case .heartbeat: .heartbeatDue
        }
    }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        switch kind {
        case .opened, .openFailed: .connect
        case .acknowledged: .deliver
        default: nil
        }
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .openFailed }

    enum Link: Int, ControlState { case offline, connecting, connected, idle, sending, waiting, closed }

    static let link = Region<Link>(
        "link", index: 0, initial: .offline, final: [.closed],
        children: [.connected: [.idle, .sending]])
}
