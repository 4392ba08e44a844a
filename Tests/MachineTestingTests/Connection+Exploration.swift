import MachineAnalysis
import MachineCore
import MachineRuntime

/// The inputs exploration tries on the connection: the app's events, and each request's answers.
struct ConnectionSamples: InputSamples {
    typealias Machine = Connection

    var events: [Connection.Event] { [.open, .post("hi"), .post("bye"), .connectionLost, .close] }

    func answers(to request: Connection.Request) -> [Connection.Event] {
        switch request {
        case .connect: [.opened, .openFailed("refused")]
        case .deliver: [.acknowledged]
        }
    }
}

extension Connection {
    /// What must hold after every move, besides `Invariant.standard`.
    static var invariants: [Invariant<Connection>] {
        [
            .request(.connect, onlyIn: link, .connecting),
            .request(.deliver, onlyIn: link, .sending),
            .timer(.ackTimeout, onlyIn: link, .sending),
            .timer(.backoff, onlyIn: link, .waiting),
            .timer(.heartbeat, onlyIn: link, .connected),
            Invariant("link is sending, or remembers sending while down, exactly when messages wait") { observation in
                let state = observation.after.state
                let remembered = Connection.table.remembered(.connected, of: link, in: state)
                let sending = state.isIn(.connected, of: link) ? state[link] == .sending : remembered == .sending
                let queued = state.context.queue.count
                if sending == (queued > 0) { return nil }
                return "link is \(state[link].name), remembers \(remembered?.name ?? "nothing"), \(queued) queued"
            },
            Invariant("the wait is between the first and maxBackoff") { observation in
                let context = observation.after.state.context
                let bounds = firstBackoff...max(firstBackoff, context.settings.maxBackoff)
                return bounds.contains(context.backoff) ? nil : "backoff is \(context.backoff)"
            },
        ]
    }
}
