import MachineCore

extension Connection {
    /// Every transition of the client, one named row each.
    public static let table = TransitionTable<Connection>(
        regions: [link, composer],
        rows: [
            // Connecting, and connecting again after a pause.
            Row("open", in: link, from: [.offline], on: .open, to: .connecting),
            Row("connected", in: link, from: [.connecting], on: .connected, to: .handshake),
            Row("connectFailed", in: link, from: [.connecting], on: .connectFailed, to: .backoff),
            Row("retry", in: link, from: [.backoff], after: backoffDelay, timer: .backoff, to: .connecting),
            // The handshake: the server greets, the client authenticates; ready, the handshake is
            // done and the link goes online. It may take `handshakeTimeout` in all.
            Row("greeted", in: link, from: [.hello], on: .welcome, to: .authenticating),
            Row("authenticated", in: link, from: [.authenticating], on: .authenticated, to: .ready) { context, event, _ in
                if case .authenticated(let user) = event { context.user = user }
            },
            Row("rejected", in: link, from: [.authenticating], on: .authenticationFailed, to: .offline) { _, _, out in
                out.emit(.credentialsRejected)
            },
            Row("handshakeDone", in: link, done: .handshake, to: .online) { _, _, out in
                out.raise(.linkUp)
            },
            Row(
                "handshakeTimeout", in: link, from: [.handshake], after: handshakeTimeout, timer: .handshakeTimeout,
                to: .backoff),
            // Online: whenever a message waits and none is in flight, the first is sent; each is
            // acknowledged within `ackTimeout`, or the link is taken for lost. A ping every period.
            Row("drain", in: link, from: [.idle], always: .hasQueued, to: .sending),
            Row("acknowledged", in: link, from: [.sending], on: .acknowledged, to: .idle) { context, _, out in
                guard !context.queue.isEmpty else { return }
                out.emit(.delivered(context.queue.removeFirst()))
            },
            Row("ackTimeout", in: link, from: [.sending], after: ackTimeout, timer: .ackTimeout, to: .backoff),
            Row("heartbeat", in: link, from: [.online], every: heartbeatPeriod, timer: .heartbeat) { _, _, out in
                out.emit(.ping)
            },
            // Losing the link, and closing the chat.
            Row("lost", in: link, from: [.handshake, .online], on: .connectionLost, to: .backoff),
            Row("close", in: link, from: [.offline, .connecting, .handshake, .online, .backoff], on: .close, to: .closed),
            // The composer: a message posted joins the queue whatever the link does; the screen
            // follows what the link raises.
            Row("post", in: composer, from: .any, on: .post) { context, event, _ in
                if case .post(let text) = event { context.queue.append(text) }
            },
            Row("goLive", in: composer, from: [.holding], on: .linkUp, to: .live),
            Row("hold", in: composer, from: [.live], on: .linkDown, to: .holding),
        ],
        stateActions: [
            // The request a state waits for is made on entering it and cancelled on leaving it.
            StateActions(
                in: link, .connecting, entry: { _, _, out in out.request(.connect) },
                exit: { _, _, out in out.cancel(.connect) }),
            StateActions(
                in: link, .authenticating, entry: { _, _, out in out.request(.authenticate) },
                exit: { _, _, out in out.cancel(.authenticate) }),
            StateActions(
                in: link, .sending,
                entry: { context, _, out in
                    if let message = context.queue.first { out.request(.deliver(message)) }
                },
                exit: { _, _, out in out.cancel(.deliver) }),
            // However the link stops being online, the composer hears of it.
            StateActions(in: link, .online, exit: { _, _, out in out.raise(.linkDown) }),
        ])
}

extension Guard<Connection> {
    /// A message waits to be sent.
    static var hasQueued: Self { Self("hasQueued") { state, _ in !state.context.queue.isEmpty } }
}
