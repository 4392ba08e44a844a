/// Where a row's action puts its commands.
///
/// The outbox keeps the machine's ``WorkLedger`` in step with the commands, so that the rules every
/// machine wants hold by construction:
/// - a cancellation is emitted only for a timer or request that is actually running;
/// - restarting a running timer emits only ``Command/startTimer(_:_:)``;
/// - a request of a kind already in flight cancels the older one first, so its late answer is
///   dropped rather than applied.
public struct Outbox<M: MachineDefinition>: Sendable {
    @usableFromInline var emitted: [Command<M>] = []
    @usableFromInline var running = WorkLedger<M.Timer, M.Request.Kind>()

    /// The commands emitted so far in this step, in order.
    @inlinable
    public var commands: [Command<M>] { emitted }
    /// What is running once the commands so far have been performed.
    @inlinable
    public var work: WorkLedger<M.Timer, M.Request.Kind> { running }

    /// An empty outbox.
    @inlinable
    public init() {}

    /// Starts `timer`, or restarts it when it is running.
    @inlinable
    public mutating func startTimer(_ timer: M.Timer, after duration: Duration) {
        running.timers.append(timer)
        emitted.append(.startTimer(timer, duration))
    }

    /// Cancels `timer` if it is running.
    @inlinable
    public mutating func cancelTimer(_ timer: M.Timer) {
        if running.timers.remove(timer) { emitted.append(.cancelTimer(timer)) }
    }

    /// Sends `request`, cancelling the request of the same kind in flight first.
    @inlinable
    public mutating func request(_ request: M.Request) {
        cancel(request.kind)
        running.pending.append(request.kind)
        emitted.append(.request(request))
    }

    /// Cancels the request of `kind` if one is in flight.
    @inlinable
    public mutating func cancel(_ kind: M.Request.Kind) {
        if running.pending.remove(kind) { emitted.append(.cancel(kind)) }
    }

    /// Cancels every running timer (in the order of their last start), then every request in
    /// flight (in request order).
    public mutating func cancelEverything() {
        for timer in running.timers { cancelTimer(timer) }
        for kind in running.pending { cancel(kind) }
    }

    /// Hands `output` to the host.
    @inlinable
    public mutating func emit(_ output: M.Output) {
        emitted.append(.output(output))
    }

    /// Whether `timer` is running.
    @inlinable
    public func isRunning(_ timer: M.Timer) -> Bool { running.timers.contains(timer) }

    /// Whether a request of `kind` is in flight.
    @inlinable
    public func isPending(_ kind: M.Request.Kind) -> Bool { running.pending.contains(kind) }
}
