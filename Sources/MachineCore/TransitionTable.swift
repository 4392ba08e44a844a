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
    /// The regions, in firing order.
    public let regions: [RegionDescription]
    /// The rows, in declaration order.
    public let rows: [Row<M>]
    /// The names of the event kinds, by raw value.
    @usableFromInline package let eventNames: [String]
    /// The names of the timers, by raw value.
    @usableFromInline package let timerNames: [String]
    /// The names of the request kinds, by raw value.
    @usableFromInline package let requestKindNames: [String]
    /// The sets of guards declared mutually exclusive.
    package let exclusiveGuards: [Set<String>]
    /// The event names an imported table was built with, or `nil` for a table whose event kinds
    /// are the cases of `M.Event.Kind`.
    package let importedEventNames: [String]?
    /// The mistake in the declaration the table was built from, if any (see
    /// ``init(regions:rows:exclusive:stateActions:initials:)``): the table is then a placeholder that
    /// nothing may run.
    package private(set) var invalidity: TableError?
    /// The table's identity: 16 hexadecimal digits of a 64-bit FNV-1a hash of its shape, by
    /// name: its regions (their names, states, initial and final states), its rows (id,
    /// region, sources, event, guard, target), and the names of its events, timers and request
    /// kinds.
    ///
    /// A saved runtime state carries it, so that the state of one machine is never restored
    /// into another. It is the same in every run and every build (it never uses Swift's seeded
    /// `Hasher`); it changes when the table's shape does, not when an action's or a guard's
    /// code does.
    public let identity: String

    /// How many states the table's regions have in all, compound ones included: the slots of one
    /// event kind (a compound state's are empty).
    @usableFromInline let _stateCount: Int
    @usableFromInline let stateOffset: [Int]
    /// For each (event, region, state) slot, where its candidates are in ``_candidates``; the
    /// slot is `event * _stateCount + stateOffset[region] + state`. The event kind comes first
    /// so that the part of the index the next step waits for, the state, is a single addition.
    @usableFromInline let _slots: [SlotStep]
    /// The candidates of every slot, in priority order, each with what the step reads of it.
    @usableFromInline let _candidates: [CandidateStep]
    /// The rows of ``_candidates``, for ``candidates(region:state:kind:)``.
    let candidateRows: [Int]
    @usableFromInline let rowSteps: [RowStep]
    /// Each row's guard, or one that holds for a row without (the step calls it only for a row
    /// with a guard). A `ContiguousArray` of non-optional closures: calling an element where
    /// the array holds it needs no retain and release of the closure's context, which reading
    /// an optional out of an `Array` does.
    @usableFromInline let rowGuard: ContiguousArray<@Sendable (MachineState<M>, M.Event) -> Bool>
    /// Each row's action, or one that does nothing for a row without (called only for a row
    /// with an action); see ``rowGuard``.
    @usableFromInline let rowAction: ContiguousArray<Action<M>>
    /// How the step treats each event kind (see ``EventRoute``).
    @usableFromInline let eventRoutes: [EventRoute]
    /// Whether the step may fire each region's row as soon as it is chosen: no guard of a later
    /// region could see the change, as no region but the first has guarded rows.
    @usableFromInline let _firesAsChosen: Bool
    @usableFromInline let finalStates: [(region: Int, state: Int)]
    /// Whether the table steps without hierarchy: no region nests states, no state has actions.
    @usableFromInline let _isFlat: Bool
    /// Whether every step of the table is the statechart step (see `stepStatechart`): a region
    /// is nested in a state, an ``Initial`` is declared, a row is delayed without a timer, or a
    /// machine without timers and requests has exit actions and final states. The regions of other tables are
    /// independent of each other, and their steps follow the plans worked out for each leaf.
    @usableFromInline let _usesStatechart: Bool
    /// The states as one tree, and what the statechart step reads of it.
    let statechart: StatechartIndex<M>
    @usableFromInline let _plans: [TransitionPlan]
    @usableFromInline let _planStates: [Int32]
    /// For each plan of ``_plans``, the states whose actions it runs (see ``PlanActions``).
    @usableFromInline let _planActions: [PlanActions]
    /// The exit and entry actions each plan runs (see ``PlanActions``), in order.
    @usableFromInline let _planActionRuns: ContiguousArray<Action<M>>
    /// Entry and exit actions by global state index (``stateOffset`` plus the state's index).
    @usableFromInline let _entryActions: [Action<M>?]
    @usableFromInline let _exitActions: [Action<M>?]
    /// Whether any state has an exit action (its own or its delays' cancellation): the end of
    /// the machine then runs those of the states still active.
    @usableFromInline let _hasExitActions: Bool
    /// For each history slot, the descents it restores (see ``CandidateIndex/historyDescents``).
    @usableFromInline let _historyBase: [Int]
    @usableFromInline let _historyDescents: [StatePath]
    /// The compound states entered by history, by slot.
    @usableFromInline package let historySlots: [(region: Int, state: Int)]
    /// The slot kind of the eventless rows, or -1 when the table has none (see ``TriggerIndex``).
    @usableFromInline let _eventlessKind: Int
    /// For each state (by global index), the slot kind of its parent's done event when it is a
    /// final child whose parent's done event a row handles; -1 otherwise.
    @usableFromInline let doneKinds: [Int]
    @usableFromInline let _hasDoneRows: Bool
    /// The state actions as declared, without the delays (for ``replacingRows(_:)``).
    let declaredStateActions: [StateActions<M>]
    /// The initial transitions and history defaults as declared (for ``replacingRows(_:)``).
    let declaredInitials: [Initial<M>]
    /// The slot kinds each row is found under (see ``TriggerIndex``): two rows compete only if
    /// they share one.
    package let rowSlotKinds: [[Int]]
    /// For each state (by global index), the timers its delayed rows start when it is entered.
    let delays: [[StateDelay<M>]]
    /// The row of each delay without a timer, by its number (see ``Send/startDelay(_:_:)``).
    package let delayedRows: [Int]
    /// The slot kind of delay 0, the first delay without a timer (the others follow).
    @usableFromInline let _firstDelayKind: Int

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
            var table = try Self(validating: [Region<InvalidTableState>("invalid", index: 0, initial: .invalid)], rows: [])
            table.invalidity = error
            return table
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
        var regions = regions.map(\.listing)
        guard !regions.isEmpty else { throw .noRegions }
        guard regions.count <= ControlStates.capacity else { throw .tooManyRegions(count: regions.count) }
        var regionIndex: [String: Int] = [:]
        for (position, region) in regions.enumerated() {
            guard regionIndex[region.name] == nil else { throw .duplicateRegion(region.name) }
            guard region.states.count <= 256 else { throw .tooManyStates(region: region.name, count: region.states.count) }
            try CandidateIndex.validate(region)
            regionIndex[region.name] = position
        }
        for (position, region) in regions.enumerated() where region.index != position {
            throw .regionIndexMismatch(region: region.name, declared: region.index, position: position)
        }
        for region in regions {
            for address in region.importedInitialTargets {
                guard let other = regionIndex[address.regionName], regions[other].states.indices.contains(address.state)
                else {
                    throw .invalidHierarchy(
                        region: region.name,
                        problem: "its initial targets state #\(address.state) of '\(address.regionName)', which the table lacks")
                }
            }
        }
        let declaredInitials = try Self.resolve(initials, regions: &regions, regionIndex: regionIndex)
        let tree = try StateTree(regions: regions)
        if let importedEventNames {
            eventNames = importedEventNames
        } else {
            eventNames = try M.Event.Kind.validatedNames(of: "\(M.Event.Kind.self)")
        }
        self.importedEventNames = importedEventNames
        timerNames = try M.Timer.validatedNames(of: "\(M.Timer.self)")
        requestKindNames = try M.Request.Kind.validatedNames(of: "\(M.Request.Kind.self)")
        for (type, count) in [("\(M.Timer.self)", timerNames.count), ("\(M.Request.Kind.self)", requestKindNames.count)]
        where count > PackedOrderedSet<M.Timer>.capacity {
            throw .tooManyCases(type: type, count: count)
        }

        var seenIDs = Set<String>()
        var rowRegion: [Int] = []
        for row in rows {
            guard !row.id.isEmpty else { throw .emptyRowID }
            guard seenIDs.insert(row.id).inserted else { throw .duplicateRowID(row.id) }
            guard let region = regionIndex[row.regionName] else {
                throw .unknownRegion(row: row.id, region: row.regionName)
            }
            guard regions[region].stateType == row.stateType else {
                throw .stateTypeMismatch(row: row.id, region: row.regionName)
            }
            if let sources = row.sources, sources.isEmpty { throw .emptySources(row: row.id) }
            let sources = row.sources ?? Array(regions[region].states.indices)
            try CandidateIndex.validate(
                row: row.id, sources: sources, target: row.target, history: row.history,
                isInternal: row.isInternal, in: regions[region], nested: tree.nestedRegions[region])
            rowRegion.append(region)
            for extra in row.extraTargets {
                guard let other = regionIndex[extra.regionName], regions[other].states.indices.contains(extra.state) else {
                    throw .invalidRowTarget(
                        row: row.id, problem: "it targets state #\(extra.state) of '\(extra.regionName)', which the table lacks")
                }
            }
        }

        var offsets: [Int] = []
        var total = 0
        for region in regions {
            offsets.append(total)
            total += region.states.count
        }
        let triggers = try TriggerIndex(
            regions: regions, rows: rows, rowRegion: rowRegion, offsets: offsets, stateCount: total,
            eventNames: eventNames, nested: tree.nestedRegions)
        var entryActions = [Action<M>?](repeating: nil, count: total)
        var exitActions = [Action<M>?](repeating: nil, count: total)
        var declaredActions = Set<Int>()
        for actions in stateActions {
            guard let region = regionIndex[actions.regionName], regions[region].stateType == actions.stateType else {
                throw .invalidStateActions(
                    region: actions.regionName, state: "#\(actions.state)",
                    problem: "the table lists no such region")
            }
            let global = offsets[region] + actions.state
            guard declaredActions.insert(global).inserted else {
                throw .invalidStateActions(
                    region: actions.regionName, state: regions[region].states[actions.state],
                    problem: "they are declared twice")
            }
            entryActions[global] = actions.entry
            exitActions[global] = actions.exit
        }
        for (global, delays) in triggers.delays.enumerated() where !delays.isEmpty {
            (entryActions[global], exitActions[global]) = Self.withDelays(
                delays, entry: entryActions[global], exit: exitActions[global])
        }
        let kindCount = triggers.kindCount
        // The planned step of a machine without timers and requests never lends it the work
        // ledger, and so runs no exit action at its end: one whose end runs some takes the
        // statechart step.
        let endRunsExitActions =
            WorkLedger<M.Timer, M.Request.Kind>.isAlwaysIdle && regions.contains { !$0.finalStates.isEmpty }
            && (!stateActions.allSatisfy { $0.exit == nil } || triggers.delays.contains { !$0.isEmpty })
        let usesStatechart =
            regions.contains { $0.parent != nil } || !initials.isEmpty || !triggers.delayRows.isEmpty || endRunsExitActions
            || rows.contains { !$0.extraTargets.isEmpty }
        let isFlat =
            stateActions.isEmpty && !triggers.delays.contains { !$0.isEmpty } && !regions.contains(where: \.isHierarchical)
            && !usesStatechart
        let placed = rows.enumerated().map { index, row in
            PlacedRow(
                region: rowRegion[index], sources: row.sources ?? Array(regions[rowRegion[index]].states.indices),
                events: triggers.slotKinds[index], target: row.target, history: row.history, isInternal: row.isInternal,
                historyTargets: row.history == nil
                    ? []
                    : row.targetAddresses.compactMap { address in
                        regionIndex[address.regionName].map { (region: $0, state: address.state) }
                    })
        }
        let index = try CandidateIndex(
            regions: regions, kindCount: kindCount, rows: placed, planned: !isFlat && !usesStatechart)

        self.regions = regions
        self.rows = rows
        self.exclusiveGuards = exclusive.map(\.names)
        let stateCount = regions.reduce(0) { $0 + $1.states.count }
        self._stateCount = stateCount
        self.stateOffset = offsets
        self.candidateRows = index.rows
        self._isFlat = isFlat
        self._usesStatechart = usesStatechart
        self._plans = index.transitionPlans
        self._planStates = index.planStates
        var runs = ContiguousArray<Action<M>>()
        self._planActions = index.transitionPlans.indices.map { planIndex in
            let plan = index.transitionPlans[planIndex]
            let region = index.planRegions[planIndex]
            func states(_ path: StatePath) -> [Int] {
                (Int(path.start)..<Int(path.end)).map { offsets[region] + Int(index.planStates[$0]) }
            }
            let start = runs.count
            runs += states(plan.exits).compactMap { exitActions[$0] }
            let entries = runs.count
            runs += (states(plan.path) + states(plan.descent)).compactMap { entryActions[$0] }
            return PlanActions(
                start: start, entries: entries, end: runs.count,
                leaf: plan.historySlot >= 0 || !plan.changes ? -1 : Int(plan.descent.leaf), rememberMask: plan.rememberMask)
        }
        self._planActionRuns = runs
        self._entryActions = entryActions
        self._exitActions = exitActions
        self._hasExitActions = exitActions.contains { $0 != nil }
        self._historyBase = index.historyBase
        self._historyDescents = index.historyDescents
        self.historySlots = index.historySlots
        let rowSteps = rows.indices.map { index in
            RowStep(
                region: rowRegion[index], target: rows[index].target,
                hasGuard: rows[index].guard != nil, hasAction: rows[index].action != nil || rows[index].repeats,
                entersFinal: rows[index].target.map(regions[rowRegion[index]].endsMachine) ?? false)
        }
        self.rowSteps = rowSteps
        let candidates = index.rows.indices.map { position in
            CandidateStep(
                row: index.rows[position], step: rowSteps[index.rows[position]],
                plan: index.plans.isEmpty ? -1 : Int(index.plans[position]),
                plainTarget: index.plans.isEmpty
                    ? nil
                    : index.plainLeaf(
                        of: index.transitionPlans[Int(index.plans[position])], region: rowRegion[index.rows[position]],
                        offsets: offsets, entryActions: entryActions, exitActions: exitActions))
        }
        self._candidates = candidates
        var slots: [SlotStep] = []
        slots.reserveCapacity(kindCount * stateCount)
        for kind in 0..<kindCount {
            for (region, description) in regions.enumerated() {
                for leaf in description.states.indices {
                    let indexed = (offsets[region] + leaf) * kindCount + kind
                    let start = index.start[indexed]
                    let end = index.start[indexed + 1]
                    slots.append(
                        SlotStep(
                            start: start, end: end, region: region, leaf: leaf,
                            single: start < end ? candidates[start] : nil))
                }
            }
        }
        self._slots = slots
        let firesAsChosen = !rows.indices.contains { rowRegion[$0] > 0 && rows[$0].guard != nil }
        self._firesAsChosen = firesAsChosen
        let holds: @Sendable (MachineState<M>, M.Event) -> Bool = { _, _ in true }
        let nothing: Action<M> = { _, _, _ in }
        self.rowGuard = ContiguousArray(rows.map { $0.guard?.test ?? holds })
        self.rowAction = ContiguousArray(
            rows.indices.map { index in
                Self.withRepeat(of: rows[index], number: triggers.delayRows.firstIndex(of: index) ?? -1) ?? rows[index].action
                    ?? nothing
            })
        let hasFinalStates = regions.contains { !$0.finalStates.isEmpty }
        self.eventRoutes = (0..<kindCount).map { kind in
            var reacting: UInt8 = 0
            for (region, description) in regions.enumerated() {
                let reacts = description.states.indices.contains { leaf in
                    let slot = slots[kind * stateCount + offsets[region] + leaf]
                    return slot.start < slot.end
                }
                // A table has at most `ControlStates.capacity` (8) regions: each has its bit.
                if reacts { reacting |= 1 << UInt8(region) }
            }
            let plainly = (0..<stateCount).allSatisfy { global in
                let slot = slots[kind * stateCount + global]
                return (Int(slot.start)..<Int(slot.end)).allSatisfy { candidates[$0].isPlain }
            }
            return EventRoute(
                timer: M.Timer.allCases.first { M.event(firing: $0).kind.rawValue == kind }?.rawValue,
                answers: M.Event.Kind(rawValue: kind).flatMap(M.requestKind(answeredBy:))?.rawValue,
                hasFinalStates: hasFinalStates,
                reactingRegions: reacting, tableFiresAsChosen: firesAsChosen && !usesStatechart, isFlat: isFlat,
                firesPlainly: plainly)
        }
        self.finalStates = regions.enumerated().flatMap { region in
            region.element.finalStates.filter(region.element.endsMachine).map { (region: region.offset, state: $0) }
        }
        self._eventlessKind = triggers.eventlessKind
        let eventCount = eventNames.count
        self.doneKinds = (0..<total).map { global in
            let region = offsets.lastIndex { $0 <= global } ?? 0
            let state = global - offsets[region]
            guard regions[region].finalStates.contains(state), let parent = regions[region].parents[state] else { return -1 }
            return triggers.doneKind(region: region, state: parent, eventCount: eventCount) ?? -1
        }
        self._hasDoneRows = !triggers.doneStates.isEmpty
        self.delays = triggers.delays
        self.delayedRows = triggers.delayRows
        self._firstDelayKind = triggers.delayKind(0, eventCount: eventCount)
        self.declaredStateActions = stateActions
        self.declaredInitials = initials
        self.rowSlotKinds = triggers.slotKinds
        self.identity = Self.identity(
            regions: regions, rows: rows, eventNames: eventNames, timerNames: timerNames,
            requestKindNames: requestKindNames)
        self.statechart = Self.statechartIndex(
            tree: tree, regions: regions, rows: rows, rowRegion: rowRegion, candidates: index,
            initials: declaredInitials, historySlots: index.historySlots, triggers: triggers,
            eventCount: eventNames.count)
    }

    /// The state every region starts in, with `context`: each region in its initial leaf, with no
    /// history. It is a value: no entry action runs for it.
    public func initialState(context: M.Context) -> MachineState<M> {
        MachineState(controls: initialControls, context: context)
    }

    /// Every region in its initial leaf, with no history.
    package var initialControls: ControlStates {
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
}

/// The one state of the placeholder a mistaken table declaration leaves (see
/// `TransitionTable.invalidity`).
private enum InvalidTableState: Int, ControlState {
    case invalid
}
