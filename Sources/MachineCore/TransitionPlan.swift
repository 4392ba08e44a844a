/// What firing one row from one leaf does to a region that nests states, worked out when the
/// table is built so that the step only reads it: the states to exit, the history slots to
/// write, the states to enter.
@usableFromInline
struct TransitionPlan: Sendable, BitwiseCopyable {
    /// The states exited, from the leaf up, in ``TransitionTable/_planStates``.
    @usableFromInline let exits: StatePath
    /// The states entered down to the row's target, in ``TransitionTable/_planStates``.
    @usableFromInline let path: StatePath
    /// The states entered below the target by default, and the leaf they end in.
    @usableFromInline let descent: StatePath
    /// The history slot the row enters its target by, or -1.
    @usableFromInline let historySlot: Int32
    /// Whether that history is deep.
    @usableFromInline let isDeep: Bool
    /// The row has a target: without one, nothing is exited or entered.
    @usableFromInline let changes: Bool
    /// A byte of ones for each history slot of an exited state: they remember the old leaf.
    @usableFromInline let rememberMask: UInt64
}

/// A run of states in ``TransitionTable/_planStates`` and the leaf it ends in.
@usableFromInline
struct StatePath: Sendable, BitwiseCopyable {
    @usableFromInline let start: Int32
    @usableFromInline let end: Int32
    /// The leaf the region is in once the path is entered, or -1 for a path that is not a descent.
    @usableFromInline let leaf: Int32

    init(start: Int, end: Int, leaf: Int = -1) {
        self.start = Int32(start)
        self.end = Int32(end)
        self.leaf = Int32(leaf)
    }
}

/// A plan as the step reads it when it records no state changes: only the states whose entry
/// or exit actions run, in order, so that firing a row that enters a state with an entry action
/// reads a few states rather than walking the whole path.
@usableFromInline
struct PlanActions: Sendable, BitwiseCopyable {
    /// The exit actions of the exited states that have one are
    /// ``TransitionTable/_planActionRuns`` `[start..<entries]`, the entry actions of the entered
    /// states that have one `[entries..<end]`, in the order they run.
    @usableFromInline let start: Int32
    @usableFromInline let entries: Int32
    @usableFromInline let end: Int32
    /// The leaf the region ends in, or -1 when the plan enters a history (the leaf is then
    /// known only as the row fires: the step follows the whole plan).
    @usableFromInline let leaf: Int32
    /// The plan's ``TransitionPlan/rememberMask``.
    @usableFromInline let rememberMask: UInt64

    init(start: Int, entries: Int, end: Int, leaf: Int, rememberMask: UInt64) {
        self.start = Int32(start)
        self.entries = Int32(entries)
        self.end = Int32(end)
        self.leaf = Int32(leaf)
        self.rememberMask = rememberMask
    }
}
