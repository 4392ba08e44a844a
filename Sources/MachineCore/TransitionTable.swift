/// A machine as data: its regions and its rows, indexed for stepping.
///
/// The table is the single place where every transition of a machine is written, by name. It can
/// be listed (``regions``, ``rows``, `eventNames`) for diagrams and coverage, and stepped with
/// ``step(_:_:into:)``, which finds rows by index and allocates nothing beyond what the commands
/// need.
///
/// Rows of different regions fire in region order within one step; in one region, the first row
/// (in table order) whose source state, event and guard match fires, and at most one does. Every
/// guard is evaluated against the state *before* the step, then the chosen rows' actions run in
/// order, each seeing the context the previous ones left.
///
/// In a region that nests states (see ``Region``), a row applies in its source's descendant
/// leaves too, and the innermost row wins: a row whose source is the leaf itself comes before a
/// row of its parent, and so on up; rows at one depth keep table order. The table lists each
/// leaf's candidate rows in that order when it is built, with what firing each does (the states
/// it exits and enters, see ``Row`` and ``StateActions``), so the step costs what a flat one does.
/// A table whose regions are flat and whose states have no actions steps exactly as before.
public struct TransitionTable<M: MachineDefinition>: Sendable {
    /// Everything the table holds, behind one reference: a copy of a table (a runtime holds one,
    /// and `verify` copies runtimes) costs three retains, this and the two arrays of closures
    /// below, not one for each of its forty arrays.
    @usableFromInline let storage: Storage

    /// The regions, in firing order.
    @inlinable public var regions: [RegionDescription] { _read { yield storage.regions } }
    /// The rows, in declaration order.
    @inlinable public var rows: [Row<M>] { _read { yield storage.rows } }
    /// The names of the event kinds, by raw value.
    @inlinable package var eventNames: [String] { _read { yield storage.eventNames } }
    /// The names of the timers, by raw value.
    @inlinable package var timerNames: [String] { _read { yield storage.timerNames } }
    /// The names of the request kinds, by raw value.
    @inlinable package var requestKindNames: [String] { _read { yield storage.requestKindNames } }
    /// The sets of guards declared mutually exclusive.
    package var exclusiveGuards: [Set<String>] { _read { yield storage.exclusiveGuards } }
    /// The event names an imported table was built with, or `nil` for a table whose event kinds
    /// are the cases of `M.Event.Kind`.
    var importedEventNames: [String]? { _read { yield storage.importedEventNames } }
    /// The mistake in the declaration the table was built from, if any (see
    /// ``init(regions:rows:exclusive:stateActions:initials:)``): the table is then a placeholder that
    /// nothing may run.
    package var invalidity: TableError? { _read { yield storage.invalidity } }
    /// The table's identity: 16 hexadecimal digits of a 64-bit FNV-1a hash of its shape, by
    /// name: its regions (their names, states, initial and final states), its rows (id,
    /// region, sources, event, guard, target), and the names of its events, timers and request
    /// kinds.
    ///
    /// A saved runtime state carries it, so that the state of one machine is never restored
    /// into another. It is the same in every run and every build (it never uses Swift's seeded
    /// `Hasher`); it changes when the table's shape does, not when an action's or a guard's
    /// code does.
    @inlinable public var identity: String { _read { yield storage.identity } }

    /// How many states the table's regions have in all, compound ones included: the slots of one
    /// event kind (a compound state's are empty).
    @inlinable var _stateCount: Int { storage._stateCount }
    @inlinable var stateOffset: [Int] { _read { yield storage.stateOffset } }
    /// For each (event, region, state) slot, where its candidates are in ``_candidates``; the
    /// slot is `event * _stateCount + stateOffset[region] + state`. The event kind comes first
    /// so that the part of the index the next step waits for, the state, is a single addition.
    @inlinable var _slots: [SlotStep] { _read { yield storage._slots } }
    /// The candidates of every slot, in priority order, each with what the step reads of it.
    @inlinable var _candidates: [CandidateStep] { _read { yield storage._candidates } }
    /// The rows of ``_candidates``, for ``candidates(region:state:kind:)``.
    var candidateRows: [Int] { _read { yield storage.candidateRows } }
    @inlinable var rowSteps: [RowStep] { _read { yield storage.rowSteps } }
    /// Each row's guard, or one that holds for a row without (the step calls it only for a row
    /// with a guard). A `ContiguousArray` of non-optional closures: calling an element where
    /// the array holds it needs no retain and release of the closure's context, which reading
    /// an optional out of an `Array` does, nor one read out of the storage class does. So the
    /// table holds these two arrays itself, beside its storage.
    @usableFromInline let rowGuard: ContiguousArray<@Sendable (MachineState<M>, M.Event) -> Bool>
    /// Each row's action, or one that does nothing for a row without (called only for a row
    /// with an action); see ``rowGuard``.
    @usableFromInline let rowAction: ContiguousArray<Action<M>>
    /// How the step treats each event kind (see ``EventRoute``).
    @inlinable var eventRoutes: [EventRoute] { _read { yield storage.eventRoutes } }
    /// Whether the step may fire each region's row as soon as it is chosen: no guard of a later
    /// region could see the change, as no region but the first has guarded rows.
    @inlinable var _firesAsChosen: Bool { storage._firesAsChosen }
    @inlinable var finalStates: [(region: Int, state: Int)] { _read { yield storage.finalStates } }
    /// Whether the table steps without hierarchy: no region nests states, no state has actions.
    @inlinable var _isFlat: Bool { storage._isFlat }
    /// Whether every step of the table is the statechart step (see `stepStatechart`): a region
    /// is nested in a state, an ``Initial`` is declared, a row is delayed without a timer, or a
    /// machine without timers and requests has exit actions and final states. The regions of other tables are
    /// independent of each other, and their steps follow the plans worked out for each leaf.
    @inlinable var _usesStatechart: Bool { storage._usesStatechart }
    /// The states as one tree, and what the statechart step reads of it.
    var statechart: StatechartIndex<M> { _read { yield storage.statechart } }
    @inlinable var _plans: [TransitionPlan] { _read { yield storage._plans } }
    @inlinable var _planStates: [Int32] { _read { yield storage._planStates } }
    /// For each plan of ``_plans``, the states whose actions it runs (see ``PlanActions``).
    @inlinable var _planActions: [PlanActions] { _read { yield storage._planActions } }
    /// The exit and entry actions each plan runs (see ``PlanActions``), in order.
    @inlinable var _planActionRuns: ContiguousArray<Action<M>> { _read { yield storage._planActionRuns } }
    /// Entry and exit actions by global state index (``stateOffset`` plus the state's index).
    @inlinable var _entryActions: [Action<M>?] { _read { yield storage._entryActions } }
    @inlinable var _exitActions: [Action<M>?] { _read { yield storage._exitActions } }
    /// Whether any state has an exit action (its own or its delays' cancellation): the end of
    /// the machine then runs those of the states still active.
    @inlinable var _hasExitActions: Bool { storage._hasExitActions }
    /// For each history slot, the descents it restores (see ``CandidateIndex/historyDescents``).
    @inlinable var _historyBase: [Int] { _read { yield storage._historyBase } }
    @inlinable var _historyDescents: [StatePath] { _read { yield storage._historyDescents } }
    /// The compound states entered by history, by slot.
    @inlinable package var historySlots: [(region: Int, state: Int)] { _read { yield storage.historySlots } }
    /// The slot kind of the eventless rows, or -1 when the table has none (see ``TriggerIndex``).
    @inlinable var _eventlessKind: Int { storage._eventlessKind }
    /// For each state (by global index), the slot kind of its parent's done event when it is a
    /// final child whose parent's done event a row handles; -1 otherwise.
    @inlinable var doneKinds: [Int] { _read { yield storage.doneKinds } }
    @inlinable var _hasDoneRows: Bool { storage._hasDoneRows }
    /// The state actions as declared, without the delays (for ``replacingRows(_:)``).
    var declaredStateActions: [StateActions<M>] { _read { yield storage.declaredStateActions } }
    /// The initial transitions and history defaults as declared (for ``replacingRows(_:)``).
    var declaredInitials: [Initial<M>] { _read { yield storage.declaredInitials } }
    /// The slot kinds each row is found under (see ``TriggerIndex``): two rows compete only if
    /// they share one.
    package var rowSlotKinds: [[Int]] { _read { yield storage.rowSlotKinds } }
    /// For each state (by global index), the timers its delayed rows start when it is entered.
    var delays: [[StateDelay<M>]] { _read { yield storage.delays } }
    /// The row of each delay without a timer, by its number (see ``Send/startDelay(_:_:)``).
    package var delayedRows: [Int] { _read { yield storage.delayedRows } }
    /// The slot kind of delay 0, the first delay without a timer (the others follow).
    @inlinable var _firstDelayKind: Int { storage._firstDelayKind }

    /// Builds a table from its declaration: its regions, its rows, which guards never hold
    /// together (`exclusive`), the states' entry and exit actions, and the initial transitions
    /// and history defaults that have a target or an action of their own (``Initial``).
    ///
    /// A mistake in the declaration is a programming error, like a duplicate key in a dictionary
    /// literal. The table keeps it instead of its rows: a runtime built on such a table stops the
    /// program with the ``TableError``'s description, and a command-line tool reports it in one
    /// line (`check` as its one finding). Use
    /// ``init(validating:rows:exclusive:stateActions:initials:)`` to build tables from data at run
    /// time.
    public init(
        regions: [any AnyRegion], rows: [Row<M>], exclusive: [ExclusiveGuards<M>] = [],
        stateActions: [StateActions<M>] = [], initials: [Initial<M>] = []
    ) {
        do {
            try self.init(
                validating: regions, rows: rows, exclusive: exclusive, stateActions: stateActions, initials: initials)
        } catch {
            self = Self.invalid(error)
        }
    }

    /// The placeholder a mistaken declaration leaves: one region of one state, no rows, and the
    /// mistake in ``invalidity``.
    private static func invalid(_ error: TableError) -> Self {
        do {
            return Self(
                storage: try Storage(
                    validating: [Region<InvalidTableState>("invalid", index: 0, initial: .invalid)], rows: [],
                    importedEventNames: nil, invalidity: error))
        } catch {
            // The event, timer or request kinds are themselves mistaken: no table can be built.
            preconditionFailure("invalid transition table: \(error)")
        }
    }

    /// Builds and checks a table, declared as for
    /// ``init(regions:rows:exclusive:stateActions:initials:)``.
    ///
    /// - Throws: ``TableError`` when the declaration is inconsistent: a duplicate row id, a row
    ///   of a region the table does not list, raw values that are not positions, too many
    ///   regions, states, timers or request kinds, children that do not form a tree, a history
    ///   or internal mark that does not fit the row's target, actions declared twice for a state,
    ///   a region nested where it cannot be, an ``Initial`` whose target is not below its state.
    public init(
        validating regions: [any AnyRegion], rows: [Row<M>], exclusive: [ExclusiveGuards<M>] = [],
        stateActions: [StateActions<M>] = [], initials: [Initial<M>] = []
    ) throws(TableError) {
        try self.init(
            validating: regions, rows: rows, exclusive: exclusive, stateActions: stateActions, initials: initials,
            importedEventNames: nil)
    }

    /// Builds and checks a table; `importedEventNames`, when given, name the event kinds in place
    /// of the cases of `M.Event.Kind` (see ``init(importing:rows:stateActions:initials:eventNames:)``).
    init(
        validating regions: [any AnyRegion], rows: [Row<M>], exclusive: [ExclusiveGuards<M>] = [],
        stateActions: [StateActions<M>] = [], initials: [Initial<M>] = [], importedEventNames: [String]?
    ) throws(TableError) {
        self.init(
            storage: try Storage(
                validating: regions, rows: rows, exclusive: exclusive, stateActions: stateActions, initials: initials,
                importedEventNames: importedEventNames))
    }

    /// The table whose storage is `storage`.
    init(storage: Storage) {
        self.storage = storage
        rowGuard = storage.rowGuard
        rowAction = storage.rowAction
    }

    /// The state every region starts in, with `context`: each region in its initial leaf, with no
    /// history. It is a value: no entry action runs for it.
    public func initialState(context: M.Context) -> MachineState<M> {
        MachineState(controls: initialControls, context: context)
    }

    /// Every region in its initial leaf, with no history.
    var initialControls: ControlStates {
        var controls = ControlStates()
        for (index, region) in regions.enumerated() { controls[index] = region.initialLeaf }
        return controls
    }

    /// The position of the region named `name`.
    package func regionIndex(named name: String) -> Int? {
        regions.firstIndex { $0.name == name }
    }

    /// The rows that can fire in region `region`, leaf `state`, on events of `kind`, in priority
    /// order: rows of the leaf, then of its parent, and so on up, each level in table order. A
    /// compound state has none: the region is always in a leaf.
    ///
    /// - Precondition: `region` is one of the table's regions and `state` one of its states.
    public func candidates(region: Int, state: Int, kind: M.Event.Kind) -> ArraySlice<Int> {
        candidates(region: region, state: state, slotKind: kind.rawValue)
    }

    /// The candidate rows of slot kind `slotKind` (an event's raw value, or a kind after the
    /// machine's: eventless, done, delay) in `state` of `region`, in priority order.
    package func candidates(region: Int, state: Int, slotKind: Int) -> ArraySlice<Int> {
        precondition(regions.indices.contains(region), "no region \(region) in the table")
        precondition(regions[region].states.indices.contains(state), "no state \(state) in region \(regions[region].name)")
        let slot = _slots[slotKind * _stateCount + stateOffset[region] + state]
        return candidateRows[Int(slot.start)..<Int(slot.end)]
    }

    /// Whether events of `kind` come from the host: neither a timer's firing nor a provider's answer.
    /// Inlinable: a runtime asks it of every event sent, on `verify`'s every transition.
    @inlinable
    public func isHostEvent(_ kind: M.Event.Kind) -> Bool {
        eventRoutes[kind.rawValue].timer < 0 && eventRoutes[kind.rawValue].answers < 0
    }

    /// The timer whose firing is an event of `kind`, if any.
    public func timer(firedAs kind: M.Event.Kind) -> M.Timer? { M.Timer(rawValue: Int(eventRoutes[kind.rawValue].timer)) }

    /// The final state `controls` is in, if any: a finished machine ignores every event.
    @inlinable
    public func finalState(of controls: ControlStates) -> (region: Int, state: Int)? {
        for final in finalStates where controls[final.region] == final.state { return final }
        return nil
    }

    /// Whether each region of `controls` is in one of its leaves and each history slot remembers
    /// nothing or a leaf inside its compound state: the standard invariant's check, read where
    /// the table keeps its regions, with no copy of one (an invariant checked on every transition
    /// of a verification asks it).
    @usableFromInline
    package func isWellFormed(_ controls: ControlStates) -> Bool {
        let regions = storage.regions
        for index in regions.indices {
            let state = controls[index]
            guard state >= 0, state < regions[index].children.count, regions[index].children[state].isEmpty else {
                return false
            }
        }
        for slot in storage.historySlots.indices {
            guard let leaf = controls[history: slot] else { continue }
            let compound = storage.historySlots[slot]
            let parents = regions[compound.region].parents
            guard leaf >= 0, leaf < parents.count, regions[compound.region].children[leaf].isEmpty else { return false }
            var current: Int? = leaf
            var steps = 0
            while let state = current, state != compound.state, steps <= parents.count {
                current = parents[state]
                steps += 1
            }
            if current != compound.state { return false }
        }
        return true
    }
}

/// The one state of the placeholder a mistaken table declaration leaves (see
/// `TransitionTable.invalidity`).
private enum InvalidTableState: Int, ControlState {
    case invalid
}
