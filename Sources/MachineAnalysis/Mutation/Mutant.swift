import MachineCore

/// One fault planted in a machine's table: a copy of the table with one row edited, removed or
/// moved, made without compiling anything.
package struct Mutant<M: MachineDefinition>: Sendable {
    /// A stable name: the row's id, then what changed (`open/target=closed`,
    /// `open/command-2-dropped`); the same for the same table in every run.
    package let id: String
    /// The id of the row the fault is planted in.
    package let row: String
    /// The kind of fault.
    package let fault: Fault
    /// What changed, in words, naming the row by its id.
    package let description: String
    /// The mutated table.
    package let table: TransitionTable<M>

    /// The kinds of fault: the output faults, transfer faults and missing or extra transitions
    /// of the testing literature on finite-state machines.
    package enum Fault: String, Sendable, CaseIterable {
        /// The row removed: a missing transition.
        case rowRemoved = "row-removed"
        /// The row's target changed to another state of its region: a transfer fault.
        case targetChanged = "target-changed"
        /// The row's guard always holds: an extra transition.
        case guardTrue = "guard-true"
        /// The row's guard never holds: a missing transition.
        case guardFalse = "guard-false"
        /// The row's guard negated.
        case guardNegated = "guard-negated"
        /// The row's action not run: every output and context change of the row missing.
        case actionSkipped = "action-skipped"
        /// One command the row's action emits left out: an output fault.
        case commandDropped = "command-dropped"
        /// A timer the row's action starts, started for half or twice its duration.
        case timerChanged = "timer-changed"
        /// The row and the next row competing with it for the same state and event swapped.
        case rowsSwapped = "rows-swapped"
        /// The row enters its compound target by another history (shallow, deep, or none).
        case historyChanged = "history-changed"
    }
}
