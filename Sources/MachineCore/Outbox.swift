/// Where a row's action puts its commands.
///
/// The outbox keeps the machine's ``WorkLedger`` in step with the commands, so that the rules every
/// machine wants hold by construction:
/// - a cancellation is emitted only for a timer or request that is actually running;
/// - restarting a running timer emits only ``Command/startTimer(_:_:)``;
/// - a request of a kind already in flight cancels the older one first, so its late answer is
///   dropped rather than applied.
public struct Outbox<M: MachineDefinition>: Sendable {
    @usableFromInline var _commands: [Command<M>] = []
    @usableFromInline var _work = WorkLedger<M.Timer, M.Request.Kind>()
    @usableFromInline var _raised: [M.Event] = []
    @usableFromInline var _sends: [Send<M>] = []
    /// Whether the step raised or sent anything (or queued a done event): what a step result
    /// clears when it is reused, with one test for all of them.
    @usableFromInline var _queues = false

    /// The commands emitted so far in this step, in order.
    @inlinable
    public var commands: [Command<M>] { _commands }
    /// What is running once the commands so far have been performed.
    @inlinable
    public var work: WorkLedger<M.Timer, M.Request.Kind> { _work }

    /// An empty outbox.
    @inlinable
    public init() {}

    /// Starts `timer`, or restarts it when it is running.
    @inlinable
    public mutating func startTimer(_ timer: M.Timer, after duration: Duration) {
        _work.timers.append(timer)
        _commands.append(.startTimer(timer, duration))
    }

    /// Cancels `timer` if it is running.
    @inlinable
    public mutating func cancelTimer(_ timer: M.Timer) {
        if _work.timers.remove(timer) { _commands.append(.cancelTimer(timer)) }
    }

    /// Sends `request`, cancelling the request of the same kind in flight first.
    @inlinable
    public mutating func request(_ request: M.Request) {
        cancel(request.kind)
        _work.pending.append(request.kind)
        _commands.append(.request(request))
    }

    /// Cancels the request of `kind` if one is in flight.
    @inlinable
    public mutating func cancel(_ kind: M.Request.Kind) {
        if _work.pending.remove(kind) { _commands.append(.cancel(kind)) }
    }

    /// Cancels every running timer (in the order of their last start), then every request in
    /// flight (in request order), then the running delays of rows declared without a timer. The
    /// step does this itself after a row enters a final state.
    @inlinable
    public mutating func cancelEverything() {
        for timer in _work.timers { cancelTimer(timer) }
        for kind in _work.pending { cancel(kind) }
        var delays = _work.delays
        while delays != 0 {
            cancelDelay(delays.trailingZeroBitCount)
            delays &= delays &- 1
        }
    }

    /// Sends `event` to the machine itself (SCXML's `<send>` to the session).
    ///
    /// Without a delay, the event joins the runtime's external queue: the runtime handles it as
    /// an input of its own once the current macrostep is over, before any input that comes
    /// after. With one, it falls due after `delay` (`<send delay>`), under `id` if given:
    /// ``cancelSend(_:)`` with that id cancels it, and every other send pending under it. Each
    /// send is one: two sends under one id both stay pending, each with its event. An id matters
    /// only with a delay: a send without one is never pending.
    @inlinable
    public mutating func send(_ event: M.Event, after delay: Duration? = nil, id: String? = nil) {
        _queues = true
        _sends.append(.event(event, delay: delay, id: id))
    }

    /// Cancels every send pending under `id` (SCXML's `<cancel sendid>`); nothing when there is
    /// none.
    @inlinable
    public mutating func cancelSend(_ id: String) {
        _queues = true
        _sends.append(.cancel(id: id))
    }

    /// What the actions scheduled so far in this step besides commands, in order.
    @inlinable
    package var sends: [Send<M>] { _sends }

    /// Starts delay `index` (of a row without a timer) for `duration`, or restarts it.
    @inlinable
    package mutating func startDelay(_ index: Int, after duration: Duration) {
        _work.delays |= 1 &<< UInt64(index)
        _queues = true
        _sends.append(.startDelay(index, duration))
    }

    /// Cancels delay `index` if it is running.
    @inlinable
    package mutating func cancelDelay(_ index: Int) {
        let bit: UInt64 = 1 &<< UInt64(index)
        guard _work.delays & bit != 0 else { return }
        _work.delays &= ~bit
        _queues = true
        _sends.append(.cancelDelay(index))
    }

    /// Raises `event` inside the machine: the runtime queues it and steps it after the current
    /// step, in the order raised, before any input from outside (run-to-completion; see
    /// `Runtime` in MachineRuntime). A raised event is the machine's own: the host never sees it.
    @inlinable
    public mutating func raise(_ event: M.Event) {
        _queues = true
        _raised.append(event)
    }

    /// The events raised so far in this step, in order.
    @inlinable
    public var raised: [M.Event] { _raised }

    /// Hands `output` to the host.
    @inlinable
    public mutating func emit(_ output: M.Output) {
        _commands.append(.output(output))
    }

    /// Whether `timer` is running.
    @inlinable
    package func isRunning(_ timer: M.Timer) -> Bool { _work.timers.contains(timer) }

    /// Whether a request of `kind` is in flight.
    @inlinable
    package func isPending(_ kind: M.Request.Kind) -> Bool { _work.pending.contains(kind) }
}
