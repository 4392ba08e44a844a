/// What one step did: the rows that fired, the guards it evaluated, the commands it emitted, or
/// why nothing fired.
public struct StepResult<M: MachineDefinition>: Sendable {
    @usableFromInline var _firedRows = ReusedList<Int>()
    @usableFromInline var _guardChecks = ReusedList<GuardCheck>()
    @usableFromInline var _outbox = Outbox<M>()
    @usableFromInline var _ignored: IgnoreReason?

    /// The index in ``TransitionTable/rows`` of each row that fired, in firing order.
    @inlinable
    public var firedRows: [Int] { _firedRows.elements }
    /// Every guard evaluated while choosing the rows, in evaluation order.
    @inlinable
    public var guardChecks: [GuardCheck] { _guardChecks.elements }
    /// The commands, in order, and the work running afterwards.
    @inlinable
    public var outbox: Outbox<M> { _outbox }
    /// Why no row fired, or `nil` when one did.
    @inlinable
    public var ignored: IgnoreReason? { _ignored }

    /// An empty result, to be filled by ``TransitionTable/step(_:_:into:)``.
    @inlinable
    public init() {}

    /// The commands the step emitted, in order.
    @inlinable
    public var commands: [Command<M>] { _outbox._commands }

    @inlinable @inline(__always)
    mutating func reset() {
        _firedRows.removeAll()
        _guardChecks.removeAll()
        if !_outbox._commands.isEmpty { _outbox._commands.removeAll(keepingCapacity: true) }
        _ignored = nil
    }
}

/// One evaluation of a row's guard.
public struct GuardCheck: Hashable, Sendable, BitwiseCopyable {
    /// The index of the row whose guard was evaluated.
    public let row: Int
    /// Whether it held.
    public let passed: Bool

    @inlinable
    init(row: Int, passed: Bool) {
        self.row = row
        self.passed = passed
    }
}

/// Why a step fired no row. The event is then *ignored*: nothing changed but the work ledger
/// (a timer that fired or a request that was answered is no longer running).
public enum IgnoreReason: Hashable, Sendable {
    /// The machine is finished: `region` is in the final state `state`.
    case finished(region: Int, state: Int)
    /// The event answers a request of a kind that is not in flight, or is the firing of a timer
    /// that is not running.
    case notAwaited
    /// No row of any region handles the event in the current states.
    case noRow
    /// Rows handle the event, but each one's guard was false (see ``StepResult/guardChecks``).
    case guardsFailed
}
