/// What one step did: the rows that fired, the guards it evaluated, the commands it emitted, or
/// why nothing fired.
public struct StepResult<M: MachineDefinition>: Sendable {
    @usableFromInline var _firedRows = ReusedList<Int>()
    @usableFromInline var _guardChecks = ReusedList<GuardCheck>()
    @usableFromInline var _outbox = Outbox<M>()
    @usableFromInline var _ignored: IgnoreReason?
    @usableFromInline var _firedPlans = ReusedList<Int32>()
    @usableFromInline var _stateChanges = ReusedList<StateChange>()

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
    /// The states each fired row exited and entered, in the order their actions ran. Recorded
    /// for tables with hierarchy or state actions only; a flat table's rows simply move each
    /// region from one state to another.
    @inlinable
    public var stateChanges: [StateChange] { _stateChanges.elements }

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
        _firedPlans.removeAll()
        _stateChanges.removeAll()
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

/// A state exited or entered by a fired row of a table with hierarchy or state actions.
public struct StateChange: Hashable, Sendable, BitwiseCopyable {
    /// How the state changed.
    public enum Kind: Hashable, Sendable, BitwiseCopyable {
        /// The state was exited.
        case exited
        /// The state was entered.
        case entered
        /// The compound state was entered by its history, which remembered where it was.
        case restored
    }

    /// The index of the row that fired.
    public let row: Int
    /// The index of the row's region.
    public let region: Int
    /// The state's index in its region.
    public let state: Int
    /// Whether it was exited, entered or restored.
    public let kind: Kind

    /// A record of `state` of `region`, exited or entered by `row`.
    @inlinable
    public init(row: Int, region: Int, state: Int, kind: Kind) {
        self.row = row
        self.region = region
        self.state = state
        self.kind = kind
    }
}
