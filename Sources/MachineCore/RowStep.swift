/// What the step needs to know about a row, packed in one small plain value so that choosing and
/// firing a row reads one array element; the guard and action closures are read only when the
/// row has them.
@usableFromInline
struct RowStep: Sendable, BitwiseCopyable {
    /// The region's index.
    @usableFromInline let region: Int32
    /// The target state, or -1 to stay.
    @usableFromInline let target: Int32
    @usableFromInline let hasGuard: Bool
    @usableFromInline let hasAction: Bool
    /// Whether the target is a final state of the region: the step then cancels the work still
    /// running once the rows have run.
    @usableFromInline let entersFinal: Bool

    init(region: Int, target: Int?, hasGuard: Bool, hasAction: Bool, entersFinal: Bool) {
        self.region = Int32(region)
        self.target = Int32(target ?? -1)
        self.hasGuard = hasGuard
        self.hasAction = hasAction
        self.entersFinal = entersFinal
    }
}

/// One candidate row of a (region, leaf, event) slot, with everything the step reads to choose
/// and fire it, packed in 16 bytes: choosing and firing a row reads one array element, and the
/// guard and action closures are read only when the row has them.
@usableFromInline
struct CandidateStep: Sendable, BitwiseCopyable {
    /// The row's index in ``TransitionTable/rows``.
    @usableFromInline let row: Int32
    /// The leaf the region moves to when the row fires plainly, or -1 to stay.
    @usableFromInline let target: Int32
    /// The row's plan from this leaf in ``TransitionTable/_plans``, or -1 in a flat table.
    @usableFromInline let plan: Int32
    /// The region's index.
    @usableFromInline let region: UInt8
    @usableFromInline let hasGuard: Bool
    @usableFromInline let hasAction: Bool
    /// Whether the target is a final state of the region (see ``RowStep/entersFinal``).
    @usableFromInline let entersFinal: Bool
    /// Whether firing the row only moves its region to ``target`` and runs its action: every
    /// row of a flat table; in a nested table, a row whose plan exits and enters no state with
    /// an action and neither remembers nor restores a history.
    @usableFromInline let isPlain: Bool

    init(row: Int, step: RowStep, plan: Int, plainTarget: Int?) {
        self.row = Int32(row)
        self.target = plan < 0 ? step.target : Int32(plainTarget ?? -1)
        self.isPlain = plan < 0 || plainTarget != nil || step.target < 0
        self.plan = Int32(plan)
        self.region = UInt8(step.region)
        self.hasGuard = step.hasGuard
        self.hasAction = step.hasAction
        self.entersFinal = step.entersFinal
    }
}

/// A (region, leaf, event) slot: where its candidates are in ``TransitionTable/_candidates``
/// and, when it has exactly one candidate and that candidate has no guard, the row itself, so
/// that the step fires it from this one record (a dense state-by-event table of such rows).
///
/// The single row and the slot's start share one word, laid out as ``FiredRows`` records a
/// fired row, and the single row's flags share one byte: firing it reads three words.
@usableFromInline
struct SlotStep: Sendable, BitwiseCopyable {
    /// What firing the single row does to the controls word: the XOR that moves the slot's
    /// region from the slot's leaf to the row's target (0 to stay). Flat tables only.
    @usableFromInline let controlsChange: UInt64
    /// The single row in the high 32 bits (-1 when the slot has no candidate, several, or a
    /// guarded one) and ``start`` in the low 32: the entry ``FiredRows`` records when it fires.
    @usableFromInline let firedEntry: UInt64
    @usableFromInline let end: Int32
    /// The single row's ``hasAction`` (bit 0), ``entersFinal`` (bit 1) and ``isPlain`` (bit 2).
    @usableFromInline let flags: UInt8
    /// The state the slot is for, in its region: a step checks it against the region's control
    /// state, so that a control state that is none of the region's (set by hand) traps rather
    /// than reads another state's or another event's slot. Only the slot of that very region and
    /// state holds that value at that index.
    @usableFromInline let leaf: UInt8

    /// The single unguarded row, or -1 when the slot has no candidate, several, or a guarded one.
    @inlinable var row: Int32 { Int32(truncatingIfNeeded: Int64(bitPattern: firedEntry) &>> 32) }
    /// Where the slot's candidates start in ``TransitionTable/_candidates``.
    @inlinable var start: Int32 { Int32(truncatingIfNeeded: firedEntry) }
    /// Whether the slot has a single unguarded row (``row`` is not -1): the sign of the entry.
    @inlinable var hasSingleRow: Bool { Int64(bitPattern: firedEntry) >= 0 }
    @inlinable var hasAction: Bool { flags & 1 != 0 }
    @inlinable var entersFinal: Bool { flags & 2 != 0 }
    /// Whether the single row fires plainly (see ``CandidateStep/isPlain``); when not, the step
    /// fires it through its plan.
    @inlinable var isPlain: Bool { flags & 4 != 0 }
    /// Whether firing the single row does more than move its region: it has an action, or it
    /// enters a final state.
    @inlinable var runsAfterMoving: Bool { flags & 3 != 0 }

    init(start: Int, end: Int, region: Int, leaf: Int, single: CandidateStep?) {
        self.end = Int32(end)
        self.leaf = UInt8(leaf)
        var row: Int32 = -1
        var flags: UInt8 = 0
        var controlsChange: UInt64 = 0
        if let single, end - start == 1, !single.hasGuard {
            row = single.row
            flags = (single.hasAction ? 1 : 0) | (single.entersFinal ? 2 : 0) | (single.isPlain ? 4 : 0)
            let target = single.target >= 0 && single.isPlain ? UInt64(single.target) : UInt64(leaf)
            controlsChange = (target ^ UInt64(leaf)) << UInt64(region * 8)
        }
        self.firedEntry = FiredRows.entry(row: row, candidate: start)
        self.flags = flags
        self.controlsChange = controlsChange
    }
}
