/// A mistake in the declaration of a ``TransitionTable``, found when the table is built.
public enum TableError: Error, Hashable, CustomStringConvertible {
    /// The table lists no region.
    case noRegions
    /// More regions than a state can hold (``ControlStates/capacity``).
    case tooManyRegions(count: Int)
    /// A region's state type has more than 256 cases.
    case tooManyStates(region: String, count: Int)
    /// A region's declared index is not its position in the table.
    case regionIndexMismatch(region: String, declared: Int, position: Int)
    /// Two regions share a name.
    case duplicateRegion(String)
    /// An indexed type (events, timers, request kinds) has more cases than a ``PackedOrderedSet`` holds.
    case tooManyCases(type: String, count: Int)
    /// An indexed type's raw values are not 0, 1, 2, … in declaration order.
    case rawValuesNotPositions(type: String, name: String, rawValue: Int, position: Int)
    /// Two rows share an id.
    case duplicateRowID(String)
    /// A row's id is empty.
    case emptyRowID
    /// A row names a region the table does not list.
    case unknownRegion(row: String, region: String)
    /// A row's states are of another type than its region's.
    case stateTypeMismatch(row: String, region: String)
    /// A row leaves from no state.
    case emptySources(row: String)
    /// A region declared within a state cannot be: the region it is within is not listed before
    /// it, the state has child states or is final, or the regions are not in document order.
    case invalidNesting(region: String, problem: String)
    /// A region's children do not form a tree: a state under two parents or under itself, an
    /// empty list of children, a final state that has children.
    case invalidHierarchy(region: String, problem: String)
    /// A row names a history but its target is not compound, or is internal but its target is
    /// not its source or below it.
    case invalidRowTarget(row: String, problem: String)
    /// More compound states are entered by history than the machine can remember.
    case tooManyHistoryStates(count: Int)
    /// Two ``StateActions`` for one state, or for a region the table does not list.
    case invalidStateActions(region: String, state: String, problem: String)
    /// An ``Initial`` that cannot be: of a region the table does not list, of a state without
    /// children, with a target that is not below its state, or declared twice.
    case invalidInitial(region: String, state: String, problem: String)
    /// A delayed, repeating or done row that cannot work as declared: a negative delay, a
    /// period of zero, a timer delayed from two nested states, a done row of a state without a
    /// final child.
    case invalidTrigger(row: String, problem: String)

    public var description: String {
        switch self {
        case .noRegions:
            "a table needs at least one region"
        case .tooManyRegions(let count):
            "a table holds at most \(ControlStates.capacity) regions, not \(count)"
        case .tooManyStates(let region, let count):
            "region '\(region)' has \(count) states; at most 256 are allowed"
        case .regionIndexMismatch(let region, let declared, let position):
            "region '\(region)' is declared with index \(declared) but listed at position \(position)"
        case .duplicateRegion(let name):
            "two regions are named '\(name)'"
        case .tooManyCases(let type, let count):
            "\(type) has \(count) cases; at most \(PackedOrderedSet<NoTimer>.capacity) are allowed"
        case .rawValuesNotPositions(let type, let name, let rawValue, let position):
            "\(type) case '\(name)' has raw value \(rawValue) but is declared at position \(position); raw values must be 0, 1, 2, … in order"
        case .duplicateRowID(let id):
            "two rows have the id '\(id)'"
        case .emptyRowID:
            "a row has an empty id"
        case .unknownRegion(let row, let region):
            "row '\(row)' names region '\(region)', which the table does not list"
        case .stateTypeMismatch(let row, let region):
            "row '\(row)' uses states of another type than region '\(region)'"
        case .emptySources(let row):
            "row '\(row)' has an empty list of source states (use .any for every state)"
        case .invalidNesting(let region, let problem):
            "region '\(region)' cannot nest as declared: \(problem)"
        case .invalidHierarchy(let region, let problem):
            "region '\(region)' has an invalid hierarchy: \(problem)"
        case .invalidRowTarget(let row, let problem):
            "row '\(row)' has an invalid target: \(problem)"
        case .tooManyHistoryStates(let count):
            "\(count) compound states are entered by history; at most \(ControlStates.historyCapacity) are allowed"
        case .invalidInitial(let region, let state, let problem):
            "the initial transition of '\(region).\(state)' is invalid: \(problem)"
        case .invalidTrigger(let row, let problem):
            "row '\(row)': \(problem)"
        case .invalidStateActions(let region, let state, let problem):
            "the actions of '\(region).\(state)' are invalid: \(problem)"
        }
    }
}
