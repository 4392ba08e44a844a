import MachineCore

extension Connection {
    static let rows: [Row<Connection>] = [
        // Opening the link, and trying again after a growing wait.
        Row("open", in: link, from: [.offline], on: .open, to: .connecting),
        Row("opened", in: link, from: [.connecting], on: .opened, to: .connected, history: .shallow) { context, _, _ in
            context.failures = 0
            context.backoff = firstBackoff
        },
        Row("retry", in: link, from: [.connecting], on: .openFailed, when: .canRetry, to: .waiting) { context, _, _ in
            context.failures += 1
        },
        Row("giveUp", in: link, from: [.connecting], on: .openFailed, when: .isLastAttempt, to: .offline) { context, _, out in
            context.failures = 0
            context.backoff = firstBackoff
            out.emit(.unreachable)
        },
        Row("reconnect", in: link, from: [.waiting], on: .backoffElapsed, to: .connecting),
        // Sending the messages one at a time, each acknowledged in time.
        Row("post", in: link, from: [.idle], on: .post, to: .sending, action: enqueue),
        Row("queue", in: link, from: [.sending], on: .post, action: enqueue),
        Row("sendNext", in: link, from: [.sending], on: .acknowledged, when: .hasMoreQueued, to: .sending, action: dequeue),
        Row("allSent", in: link, from: [.sending], on: .acknowledged, to: .idle, action: dequeue),
        Row("refuse", in: link, from: [.offline, .connecting, .waiting], on: .post) { _, event, out in
            if case .post(let text) = event { out.emit(.notSent(text)) }
        },
        // Keeping the link alive, and losing it.
        Row("ping", in: link, from: [.connected], on: .heartbeatDue) { context, _, out in
            out.emit(.ping)
            out.startTimer(.heartbeat, after: context.settings.heartbeat)
        },
        Row("ackTimedOut", in: link, from: [.sending], on: .ackTimedOut, to: .waiting),
        Row("lost", in: link, from: [.connected], on: .connectionLost, to: .waiting),
        Row("close", in: link, from: [.offline, .connecting, .connected, .waiting], on: .close, to: .closed),
    ]

    static let stateActions: [StateActions<Connection>] = [
        StateActions(in: link, .connecting, entry: { _, _, out in out.request(.connect) }),
        StateActions(
            in: link, .connected,
            entry: { context, _, out in out.startTimer(.heartbeat, after: context.settings.heartbeat) },
            exit: { _, _, out in
                out.cancelTimer(.heartbeat)
                out.emit(.hangUp)
            }),
        StateActions(
            in: link, .sending,
            entry: { context, _, out in
                guard let message = context.queue.first else { return }
                out.request(.deliver(message))
                out.startTimer(.ackTimeout, after: context.settings.ackTimeout)
            },
            exit: { _, _, out in
                out.cancelTimer(.ackTimeout)
                out.cancel(.deliver)
            }),
        StateActions(
            in: link, .waiting,
            entry: { context, _, out in
                out.startTimer(.backoff, after: context.backoff)
                context.backoff = min(context.backoff * 2, context.settings.maxBackoff)
            }),
    ]

    static let table = TransitionTable<Connection>(
        regions: [link], rows: rows, exclusive: [ExclusiveGuards(.canRetry, .isLastAttempt)],
        stateActions: stateActions)
}

extension Connection {
    /// Puts the message posted at the end of the queue.
    static let enqueue: Action<Connection> = { context, event, _ in
        if case .post(let text) = event { context.queue.append(text) }
    }

    /// Takes the acknowledged message off the queue, and tells the app.
    static let dequeue: Action<Connection> = { context, _, out in
        guard !context.queue.isEmpty else { return }
        out.emit(.delivered(context.queue.removeFirst()))
    }
}

extension Guard<Connection> {
    /// The attempt that failed was not the last one allowed.
    static var canRetry: Self {
        Self("canRetry") { state, _ in state.context.failures + 1 < state.context.settings.maxAttempts }
    }
    /// The attempt that failed was the last one allowed.
    static var isLastAttempt: Self {
        Self("isLastAttempt") { state, _ in state.context.failures + 1 >= state.context.settings.maxAttempts }
    }
    /// Another message waits behind the one acknowledged.
    static var hasMoreQueued: Self { Self("hasMoreQueued") { state, _ in state.context.queue.count > 1 } }
}
