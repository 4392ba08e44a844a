import Connection
import MachineAnalysis
import MachineRuntime

extension Connection {
    /// What `connection explore` and `connection verify` check after every move, besides the
    /// invariants of every machine: each request and timer runs exactly while the state that
    /// waits for it holds; the composer is live exactly while the link is online (the link's
    /// raised events reached it); online and idle, nothing waits (the eventless `drain` ran); and
    /// a message is in flight only when one is queued.
    public static var invariants: [Invariant<Connection>] {
        [
            .request(.connect, onlyIn: link, .connecting),
            .request(.authenticate, onlyIn: link, .authenticating),
            .request(.deliver, onlyIn: link, .sending),
            .timer(.handshakeTimeout, onlyIn: link, .handshake),
            .timer(.ackTimeout, onlyIn: link, .sending),
            .timer(.heartbeat, onlyIn: link, .online),
            .timer(.backoff, onlyIn: link, .backoff),
            Invariant("composer is live exactly while link is online") { observation in
                let state = observation.after.state
                guard state[link] != .closed, (state[composer] == .live) != state.isIn(.online, of: link) else { return nil }
                return "composer is \(state[composer].name), link is \(state[link].name)"
            },
            Invariant("idle only with nothing queued, sending only with a message") { observation in
                let state = observation.after.state
                let queued = state.context.queue.count
                guard (state[link] == .idle && queued > 0) || (state[link] == .sending && queued == 0) else { return nil }
                return "link is \(state[link].name) with \(queued) queued"
            },
        ]
    }
}
