/// What one step did: the rows that fired, the guards it evaluated, the commands it emitted, or
/// why nothing fired.
///
/// A result is meant to be reused from one step to the next (``TransitionTable/step(_:_:into:)``
/// clears it and keeps its storage), and records what its ``recording`` asks for: the fired rows,
/// commands and the reason an event was ignored always; the guard checks and the states exited
/// and entered only when asked, since only transcripts, coverage and tools read them. A host that
/// only performs the commands steps faster with `StepResult(recording: [])`.
public struct StepResult<M: MachineDefinition>: Sendable {
    /// The rows that fired, by firing order, with their candidates.
    @usableFromInline var _fired = FiredRows()
    @usableFromInline var _guardChecks = ReusedList<GuardCheck>()
    @usableFromInline var _outbox = Outbox<M>()
    /// Why no row fired, packed (see ``IgnoreReason/code``) so that resetting it is one store.
    @usableFromInline var _ignored: UInt32 = 0
    @usableFromInline var _stateChanges = ReusedList<StateChange>()
    /// The done events the step raised, in order, each placed among the raised events.
    @usableFromInline var _done = ReusedList<DoneEvent>()
    @usableFromInline var _recordsGuardChecks: Bool
    @usableFromInline var _recordsStateChanges: Bool

    /// The index in ``TransitionTable/rows`` of each row that fired, in firing order.
    @inlinable
    public var firedRows: [Int] { (0..<_fired.count).map { _fired.row(at: $0) } }
    /// How many rows fired: `firedRows.count`, without building the array.
    @inlinable
    package var firedRowCount: Int { _fired.count }
    /// The index of the `position`-th row that fired (from 0): `firedRows[position]`, without
    /// building the array.
    @inlinable
    package func firedRow(at position: Int) -> Int { _fired.row(at: position) }
    /// Every guard evaluated while choosing the rows, in evaluation order; empty unless
    /// ``recording`` contains ``StepRecording/guardChecks``.
    @inlinable
    public var guardChecks: [GuardCheck] { _guardChecks.elements }
    /// The commands, in order, and the work running afterwards.
    @inlinable
    public var outbox: Outbox<M> { _outbox }
    /// Why no row fired, or `nil` when one did.
    @inlinable
    public var ignored: IgnoreReason? { IgnoreReason(code: _ignored) }
    /// The states each fired row exited and entered, in the order their actions ran. Recorded
    /// for tables with hierarchy or state actions only, when ``recording`` contains
    /// ``StepRecording/stateChanges``; a flat table's rows simply move each region from one
    /// state to another.
    @inlinable
    public var stateChanges: [StateChange] { _stateChanges.elements }
    /// How many state changes were recorded: `stateChanges.count`, without building the array.
    @inlinable
    package var stateChangeCount: Int { _stateChanges.count }
    /// The `position`-th state change (from 0): `stateChanges[position]`, without building the
    /// array.
    @inlinable
    package func stateChange(at position: Int) -> StateChange { _stateChanges[position] }

    /// What the steps into this result record besides the fired rows and the commands.
    @inlinable
    public var recording: StepRecording {
        get { StepRecording(guardChecks: _recordsGuardChecks, stateChanges: _recordsStateChanges) }
        set {
            _recordsGuardChecks = newValue.contains(.guardChecks)
            _recordsStateChanges = newValue.contains(.stateChanges)
        }
    }

    /// An empty result, to be filled by ``TransitionTable/step(_:_:into:)``, that records
    /// everything (``StepRecording/all``).
    @inlinable
    public init() {
        self.init(recording: .all)
    }

    /// An empty result that records what `recording` asks for besides the fired rows and the
    /// commands; `[]` records nothing more, for the fastest step.
    @inlinable
    public init(recording: StepRecording) {
        _recordsGuardChecks = recording.contains(.guardChecks)
        _recordsStateChanges = recording.contains(.stateChanges)
    }

    /// Empties what the last step raised, sent and queued. Out of line: most steps queue nothing.
    @inlinable @inline(never)
    mutating func clearQueues() {
        _outbox._raised.removeAll(keepingCapacity: true)
        _outbox._sends.removeAll(keepingCapacity: true)
        _done.removeAll()
        _outbox._queues = false
    }

    /// Whether the step's actions raised events (``Outbox/raise(_:)``) or its states done events.
    @inlinable
    package var hasRaisedEvents: Bool { !_outbox._raised.isEmpty || !_done.isEmpty }

    /// The done events the step raised, in the order raised, each with the number of events its
    /// actions had raised before it: the runtime's internal queue takes them in that order.
    package var doneEvents: [DoneEvent] { _done.elements }

    /// The commands the step emitted, in order.
    @inlinable
    public var commands: [Command<M>] { _outbox._commands }

    @inlinable @inline(__always)
    mutating func reset() {
        _fired.count = 0
        _guardChecks.removeAll()
        _stateChanges.removeAll()
        _ignored = 0
        // One by one rather than `removeAll(keepingCapacity:)`, which destroys the commands
        // through the generic `Command` type's value witness (it looks the payload types up at
        // run time); `removeLast` is specialised for the machine's commands.
        while !_outbox._commands.isEmpty { _outbox._commands.removeLast() }
        if _outbox._queues { clearQueues() }
    }
}

/// The rows a step fires, at most one per region (so at most ``ControlStates/capacity``), each
/// with its position in the table's candidate list, in fixed storage: recording one is a store.
@usableFromInline
struct FiredRows: Sendable {
    /// Each entry is a row's index in its high 32 bits and its candidate's position in its low 32.
    @usableFromInline var _entries: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var count = 0

    @inlinable
    init() {}

    /// Records that the candidate at `candidate`, of row `row`, fires.
    @inlinable @inline(__always)
    mutating func append(row: Int32, candidate: Int) {
        append(Self.entry(row: row, candidate: candidate))
    }

    /// The entry that records `row`, fired as `candidate`: the row in the high 32 bits (so that
    /// the entry is negative when the row is -1), the candidate in the low 32.
    @inlinable @inline(__always)
    static func entry(row: Int32, candidate: Int) -> UInt64 {
        UInt64(UInt32(bitPattern: row)) &<< 32 | UInt64(UInt32(truncatingIfNeeded: candidate))
    }

    /// Records a fired row's entry (see ``entry(row:candidate:)``).
    @inlinable @inline(__always)
    mutating func append(_ entry: UInt64) {
        precondition(count < 8, "at most one row of each of at most 8 regions fires")
        withUnsafeMutableBytes(of: &_entries) { $0.storeBytes(of: entry, toByteOffset: count &* 8, as: UInt64.self) }
        count &+= 1
    }

    /// The `position`th entry. Mutating only so that it reads the storage in place rather than
    /// a copy of it.
    @inlinable @inline(__always)
    mutating func entry(at position: Int) -> UInt64 {
        precondition(position >= 0 && position < count, "no such fired row")
        return withUnsafeMutableBytes(of: &_entries) { $0.load(fromByteOffset: position &* 8, as: UInt64.self) }
    }

    /// The row of the `position`th fired candidate.
    @inlinable
    func row(at position: Int) -> Int {
        var copy = self
        return Int(truncatingIfNeeded: copy.entry(at: position) &>> 32)
    }

    /// The candidate position of the `position`th fired row.
    @inlinable @inline(__always)
    mutating func candidate(at position: Int) -> Int { Int(truncatingIfNeeded: entry(at: position) & 0xFFFF_FFFF) }
}

/// A done event a step raised: the done event of the compound or parallel state `state` of
/// region `region`, found under slot kind `kind`, raised after `raisedBefore` of the step's
/// raised events.
@usableFromInline
package struct DoneEvent: Hashable, Sendable, BitwiseCopyable {
    package let raisedBefore: Int32
    package let kind: Int32
    package let region: Int32
    package let state: Int32

    @usableFromInline
    init(raisedBefore: Int32, kind: Int32, region: Int32, state: Int32) {
        self.raisedBefore = raisedBefore
        self.kind = kind
        self.region = region
        self.state = state
    }
}

/// What a ``StepResult`` records besides the fired rows, the commands and why an event was
/// ignored, which it always records.
///
/// Transcripts, coverage and the test tools read the guard checks and the states a row exited
/// and entered; a host that only performs the commands does not, and its steps skip the
/// bookkeeping: `StepResult(recording: [])`.
public struct StepRecording: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: Int

    /// The options with the given bits.
    @inlinable
    public init(rawValue: Int) { self.rawValue = rawValue }

    @inlinable
    init(guardChecks: Bool, stateChanges: Bool) {
        rawValue = (guardChecks ? 1 : 0) | (stateChanges ? 2 : 0)
    }

    /// Every guard evaluated, in order (``StepResult/guardChecks``).
    public static let guardChecks = StepRecording(rawValue: 1)
    /// The states each fired row exited and entered (``StepResult/stateChanges``).
    public static let stateChanges = StepRecording(rawValue: 2)
    /// Everything: what `StepResult()` records.
    public static let all: StepRecording = [.guardChecks, .stateChanges]
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

    /// The reason in one word, as a step result keeps it: the case in the low byte (from 1),
    /// and for ``finished(region:state:)`` the region and the state in the next two (a machine
    /// has at most 8 regions of at most 256 states: see ``ControlStates``).
    @inlinable @inline(__always)
    var code: UInt32 {
        switch self {
        case let .finished(region, state):
            1 | UInt32(truncatingIfNeeded: region & 0xFF) &<< 8 | UInt32(truncatingIfNeeded: state & 0xFF) &<< 16
        case .notAwaited: 2
        case .noRow: 3
        case .guardsFailed: 4
        }
    }

    /// The reason `code` stands for; `nil` for 0, a step that fired rows.
    @inlinable
    init?(code: UInt32) {
        switch code & 0xFF {
        case 1: self = .finished(region: Int(code &>> 8 & 0xFF), state: Int(code &>> 16 & 0xFF))
        case 2: self = .notAwaited
        case 3: self = .noRow
        case 4: self = .guardsFailed
        default: return nil
        }
    }
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
