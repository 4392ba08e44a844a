extension TransitionTable {
    /// The table's contents, one final class shared by every copy of the table. Each field is
    /// described at the table's property of the same name, which reads it.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let regions: [RegionDescription]
        @usableFromInline let rows: [Row<M>]
        @usableFromInline let eventNames: [String]
        @usableFromInline let timerNames: [String]
        @usableFromInline let requestKindNames: [String]
        let exclusiveGuards: [Set<String>]
        let importedEventNames: [String]?
        let invalidity: TableError?
        @usableFromInline let identity: String
        @usableFromInline let _stateCount: Int
        @usableFromInline let stateOffset: [Int]
        @usableFromInline let _slots: [SlotStep]
        @usableFromInline let _candidates: [CandidateStep]
        let candidateRows: [Int]
        @usableFromInline let rowSteps: [RowStep]
        @usableFromInline let rowGuard: ContiguousArray<@Sendable (MachineState<M>, M.Event) -> Bool>
        @usableFromInline let rowAction: ContiguousArray<Action<M>>
        @usableFromInline let eventRoutes: [EventRoute]
        @usableFromInline let _firesAsChosen: Bool
        @usableFromInline let finalStates: [(region: Int, state: Int)]
        @usableFromInline let _isFlat: Bool
        @usableFromInline let _usesStatechart: Bool
        let statechart: StatechartIndex<M>
        @usableFromInline let _plans: [TransitionPlan]
        @usableFromInline let _planStates: [Int32]
        @usableFromInline let _planActions: [PlanActions]
        @usableFromInline let _planActionRuns: ContiguousArray<Action<M>>
        @usableFromInline let _entryActions: [Action<M>?]
        @usableFromInline let _exitActions: [Action<M>?]
        @usableFromInline let _hasExitActions: Bool
        @usableFromInline let _historyBase: [Int]
        @usableFromInline let _historyDescents: [StatePath]
        @usableFromInline let historySlots: [(region: Int, state: Int)]
        @usableFromInline let _eventlessKind: Int
        @usableFromInline let doneKinds: [Int]
        @usableFromInline let _hasDoneRows: Bool
        let declaredStateActions: [StateActions<M>]
        let declaredInitials: [Initial<M>]
        let rowSlotKinds: [[Int]]
        let delays: [[StateDelay<M>]]
        let delayedRows: [Int]
        @usableFromInline let _firstDelayKind: Int

        /// Builds and checks a table (see `TransitionTable.init(validating:rows:exclusive:stateActions:initials:)`);
        /// `invalidity`, when given, is the mistake of the declaration this placeholder stands for.
        init(
            validating regions: [any AnyRegion], rows: [Row<M>], exclusive: [ExclusiveGuards<M>] = [],
            stateActions: [StateActions<M>] = [], initials: [Initial<M>] = [], importedEventNames: [String]?,
            invalidity: TableError? = nil
        ) throws(TableError) {
            self.invalidity = invalidity
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
                            problem:
                                "its initial targets state #\(address.state) of '\(address.regionName)', which the table lacks")
                    }
                }
            }
            let declaredInitials = try TransitionTable.resolve(initials, regions: &regions, regionIndex: regionIndex)
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
                    isInternal: row.isInternal, hasExtraTargets: !row.extraTargets.isEmpty, in: regions[region],
                    nested: tree.nestedRegions[region])
                rowRegion.append(region)
                for extra in row.extraTargets {
                    guard let other = regionIndex[extra.regionName], regions[other].states.indices.contains(extra.state) else {
                        throw .invalidRowTarget(
                            row: row.id,
                            problem: "it targets state #\(extra.state) of '\(extra.regionName)', which the table lacks")
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
                (entryActions[global], exitActions[global]) = TransitionTable.withDelays(
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
                || rows.contains { !$0.extraTargets.isEmpty || $0.targetsHistoryState }
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
                    TransitionTable.withRepeat(of: rows[index], number: triggers.delayRows.firstIndex(of: index) ?? -1) ?? rows[
                        index
                    ].action
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
            self.identity = TransitionTable.identity(
                regions: regions, rows: rows, eventNames: eventNames, timerNames: timerNames,
                requestKindNames: requestKindNames)
            self.statechart = TransitionTable.statechartIndex(
                tree: tree, regions: regions, rows: rows, rowRegion: rowRegion, candidates: index,
                initials: declaredInitials, historySlots: index.historySlots, triggers: triggers,
                eventCount: eventNames.count)
        }
    }
}
