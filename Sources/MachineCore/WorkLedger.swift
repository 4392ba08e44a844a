/// What a machine has running: its timers and its requests in flight, each in the order of its
/// last start.
///
/// The ledger is part of the machine's state, so the pure step knows what can be cancelled: the
/// ``Outbox`` emits a cancellation only for something running, and a request of a kind already in
/// flight cancels the older one first.
public struct WorkLedger<Timer: IndexedCase, RequestKind: IndexedCase>: Hashable, Sendable {
    /// The running timers, in the order of their last (re)start.
    public var timers = PackedOrderedSet<Timer>()
    /// The request kinds in flight, in request order.
    public var pending = PackedOrderedSet<RequestKind>()
    /// The running delays of rows declared without a timer: bit `n` for delay `n` (see
    /// `Send.startDelay`).
    public var delays: UInt64 = 0

    /// Nothing running.
    @inlinable
    public init() {}

    /// Whether nothing is running.
    @inlinable
    public var isIdle: Bool { timers.isEmpty && pending.isEmpty && delays == 0 }

    /// Whether this kind of ledger can never hold anything: the machine has neither timers nor
    /// requests (``NoTimer`` and ``NoRequest``). Known when the step is specialised, so the step
    /// of such a machine does not copy its empty ledger into every result.
    @inlinable
    static var isAlwaysIdle: Bool { Timer.self == NoTimer.self && RequestKind.self == NoRequest.Kind.self }
}
