extension TransitionTable {
    /// The statechart step: SCXML's `microstep` (W3C SCXML 1.0, Appendix D), followed to the
    /// letter, on the table's states as one tree (``StateTree``). A table with regions nested in
    /// states, initial transitions or history defaults takes it for every step; another table
    /// takes it when the result records the states it exits and enters.
    ///
    /// 1. *Select*: in document order, each atomic state (a leaf of an active region that holds
    ///    no region) looks for a row from itself, then from each ancestor up to the machine, on
    ///    `kind`, whose guard holds; every guard sees the state before the step. Where two chosen
    ///    rows would exit a common state, the row of the inner source preempts the other, and
    ///    otherwise the first in document order wins.
    /// 2. *Exit*: every state the chosen rows exit, descendants first, then in reverse document
    ///    order, each remembered by the histories that hold it, each running its exit action.
    /// 3. *Act*: each chosen row's action, in order.
    /// 4. *Enter*: every state the rows enter, in document order: its entry action, then, for a
    ///    compound state entered by default, its initial action, for a state entered by a history
    ///    that remembers nothing, that history's default action. A final state raises its
    ///    parent's done event, and its parent's parent's when that parallel state is done (every
    ///    region within it in a final state); a final state at the top of a region at the top
    ///    ends the machine, which then exits every state still active.
    ///
    /// Done events are queued in the result in the order raised, interleaved with raised events
    /// (see ``StepResult``'s queue), as SCXML's internal queue receives them.
    @usableFromInline
    func stepStatechart(_ state: inout MachineState<M>, kind: Int, seeing event: M.Event, into result: inout StepResult<M>) {
        let active = activeNodes(in: state.controls)
        var transitions = selectTransitions(&state, kind: kind, seeing: event, active: active, into: &result)
        guard !transitions.isEmpty else { return }
        if statechart.hasConflicts { transitions = removingConflicts(transitions) }
        for transition in transitions {
            result._fired.append(row: Int32(transition.row), candidate: transition.candidate)
        }
        result._outbox._work = state.work
        microstep(transitions, &state, seeing: event, into: &result)
        state.work = result._outbox._work
    }

    /// One chosen row: its candidate, the node it leaves from, its domain (`-1` for a row
    /// without a target) and the active nodes it exits, in document order.
    struct Transition {
        let row: Int
        let candidate: Int
        let source: Int
        let domain: Int
        let exits: [Int]
    }

    /// The active nodes of `controls`, in document order: each active region's own node, then its
    /// states from the top down to its leaf.
    func activeNodes(in controls: ControlStates) -> [Int] {
        let tree = statechart.tree
        var nodes: [Int] = []
        for (index, region) in regions.enumerated() where isActive(region: index, in: controls) {
            nodes.append(Int(tree.regionNodes[index]))
            let leaf = controls[index]
            guard region.states.indices.contains(leaf) else { continue }
            for ancestor in region.ancestors(of: leaf).reversed() { nodes.append(tree.node(region: index, state: ancestor)) }
            nodes.append(tree.node(region: index, state: leaf))
        }
        return nodes
    }

    /// Whether region `region` (by index) is active in `controls`: it is at the top, or the
    /// state it is declared within is active (see
    /// ``Region/init(_:index:within:_:initial:final:children:)``).
    @inlinable
    package func isActive(region: Int, in controls: ControlStates) -> Bool {
        var current = regions[region].parent
        while let parent = current {
            guard controls[parent.region] == parent.state else { return false }
            current = regions[parent.region].parent
        }
        return true
    }

    /// Step 1: the rows `kind` enables, one per atomic state at most, in document order, and why
    /// none is when none is.
    func selectTransitions(
        _ state: inout MachineState<M>, kind: Int, seeing event: M.Event, active: [Int], into result: inout StepResult<M>
    ) -> [Transition] {
        var transitions: [Transition] = []
        var sawCandidate = false
        for region in regions.indices where isActive(region: region, in: state.controls) {
            let leaf = state.controls[region]
            guard regions[region].states.indices.contains(leaf) else { preconditionFailure("a control state outside its region") }
            guard statechart.tree.nestedRegions[region][leaf].isEmpty else { continue }
            var (current, currentLeaf) = (region, leaf)
            search: while true {
                let slot = _slots[kind &* _stateCount &+ stateOffset[current] &+ currentLeaf]
                var position = Int(slot.start)
                while position < Int(slot.end) {
                    sawCandidate = true
                    let candidate = _candidates[position]
                    let row = Int(candidate.row)
                    if transitions.contains(where: { $0.row == row }) { break search }
                    if !candidate.hasGuard || checkGuard(row, &state, event, into: &result) {
                        transitions.append(transition(row: row, candidate: position, active: active, controls: state.controls))
                        break search
                    }
                    position &+= 1
                }
                guard let parent = regions[current].parent else { break }
                (current, currentLeaf) = (parent.region, parent.state)
            }
        }
        if transitions.isEmpty { result._ignored = (sawCandidate ? IgnoreReason.guardsFailed : .noRow).code }
        return transitions
    }

    /// Row `row`, chosen as candidate `candidate` in `controls`, with its domain and the nodes it
    /// exits.
    func transition(row: Int, candidate: Int, active: [Int], controls: ControlStates) -> Transition {
        let tree = statechart.tree
        let source = Int(statechart.candidateSources[candidate])
        let targets = statechart.rowTargets[row]
        guard !targets.isEmpty else { return Transition(row: row, candidate: candidate, source: source, domain: -1, exits: []) }
        let domain =
            rows[row].targetsHistoryState
            ? transitionDomain(
                source: source, targets: effectiveTargets(of: row, controls: controls), isInternal: rows[row].isInternal)
            : transitionDomain(
                source: source, targets: targets, isInternal: rows[row].isInternal, byHistory: rows[row].history != nil)
        let exits = active.filter { tree.isDescendant($0, of: domain) }
        return Transition(row: row, candidate: candidate, source: source, domain: domain, exits: exits)
    }

    /// SCXML's `getEffectiveTargetStates`, for a row that targets a history pseudo-state (see
    /// `Row.targetsHistoryState`): the child (shallow) or leaf (deep) the history remembers in
    /// `controls`, else its default's targets, else its state's initial child; for a parallel
    /// state, the state itself (what its history enters lies in every region within it).
    func effectiveTargets(of row: Int, controls: ControlStates) -> [Int] {
        let targets = statechart.rowTargets[row]
        guard let history = rows[row].history, targets.count == 1, !isParallel(node: targets[0]) else { return targets }
        let tree = statechart.tree
        let owner = targets[0]
        let region = Int(tree.regionOf[owner])
        let compound = Int(tree.stateOf[owner])
        if let slot = historySlot(region: region, state: compound), let memory = controls[history: slot] {
            let below = ([memory] + regions[region].ancestors(of: memory)).prefix { $0 != compound }
            guard let remembered = history == .deep ? below.first : below.last else { return targets }
            return [tree.node(region: region, state: remembered)]
        }
        if let fallback = statechart.historyDefaults[owner &* 2 &+ (history == .deep ? 1 : 0)] { return fallback.targets }
        return [Int(statechart.initialTargets[owner])]
    }

    /// The node whose descendants a row exits and enters (SCXML's `getTransitionDomain`): its
    /// source for an internal row whose source is compound and whose targets are all strictly
    /// below it; otherwise (an internal row to its own source, or from a state that is not
    /// compound, is external) the nearest ancestor of the source that is compound (a region, a
    /// compound state or the machine) and holds every target below it. For a row that targets a
    /// history pseudo-state, `targets` are its effective ones (``effectiveTargets(of:controls:)``).
    ///
    /// A row declared in Swift that enters its target `byHistory` and is internal, to its own
    /// source, keeps its source, as SCXML's internal transition to its source's own history does.
    /// A region that stands for its one top state (an imported `<parallel>`'s child,
    /// ``ImportedRegion``) is that state, so it is never a proper ancestor of it: a row from that
    /// state, or from below it, to that state is exited and entered from above the parallel
    /// state, as SCXML's `findLCCA` skips parallel states.
    func transitionDomain(source: Int, targets: [Int], isInternal: Bool, byHistory: Bool = false) -> Int {
        let tree = statechart.tree
        if isInternal, isCompound(node: source),
            targets.allSatisfy({ tree.isDescendant($0, of: source) || (byHistory && $0 == source) })
        {
            return source
        }
        var ancestor = Int(tree.parents[source])
        while ancestor > StateTree.root {
            if isCompound(node: ancestor), !isStandingRegion(node: ancestor),
                targets.allSatisfy({ tree.isDescendant($0, of: ancestor) })
            {
                return ancestor
            }
            ancestor = Int(tree.parents[ancestor])
        }
        return StateTree.root
    }

    /// Whether `node` is a region's own node or a state with child states.
    func isCompound(node: Int) -> Bool {
        let tree = statechart.tree
        guard node != StateTree.root else { return false }
        let state = Int(tree.stateOf[node])
        return state < 0 || regions[Int(tree.regionOf[node])].isCompound(state)
    }

    /// Whether `node` is a state that regions are declared within.
    func isParallel(node: Int) -> Bool {
        let tree = statechart.tree
        guard node != StateTree.root, tree.stateOf[node] >= 0 else { return false }
        return !tree.nestedRegions[Int(tree.regionOf[node])][Int(tree.stateOf[node])].isEmpty
    }

    /// SCXML's `removeConflictingTransitions`: of two rows whose exits meet, the one whose
    /// source is below the other's source wins; otherwise the earlier one, in document order.
    func removingConflicts(_ transitions: [Transition]) -> [Transition] {
        let tree = statechart.tree
        var kept: [Transition] = []
        for candidate in transitions {
            var preempted = false
            var beaten: [Int] = []
            for (position, other) in kept.enumerated() where candidate.exits.contains(where: other.exits.contains) {
                if tree.isDescendant(candidate.source, of: other.source) {
                    beaten.append(position)
                } else {
                    preempted = true
                    break
                }
            }
            guard !preempted else { continue }
            for position in beaten.reversed() { kept.remove(at: position) }
            kept.append(candidate)
        }
        return kept
    }

    /// Steps 2 to 4 for `transitions` (see ``stepStatechart(_:kind:seeing:into:)``), the ledger lent to the outbox.
    func microstep(
        _ transitions: [Transition], _ state: inout MachineState<M>, seeing event: M.Event, into result: inout StepResult<M>
    ) {
        let tree = statechart.tree
        let records = result._recordsStateChanges
        // Exit, descendants first, then in reverse document order.
        var exits: [(node: Int, owner: Int)] = []
        for (owner, transition) in transitions.enumerated() {
            for node in transition.exits where !exits.contains(where: { $0.node == node }) { exits.append((node, owner)) }
        }
        exits.sort { $0.node > $1.node }
        for exit in exits where statechart.historyMasks[exit.node] != 0 {
            let region = Int(tree.regionOf[exit.node])
            state.controls.remember(state.controls[region], inSlots: statechart.historyMasks[exit.node])
        }
        for exit in exits {
            let region = Int(tree.regionOf[exit.node])
            let stateIndex = Int(tree.stateOf[exit.node])
            guard stateIndex >= 0 else {
                if !statechart.retainsLeaf[region] { state.controls[region] = regions[region].initialLeaf }
                continue
            }
            if let exitAction = _exitActions[stateOffset[region] &+ stateIndex] {
                exitAction(&state.context, event, &result._outbox)
            }
            if records {
                result._stateChanges.append(
                    StateChange(row: transitions[exit.owner].row, region: region, state: stateIndex, kind: .exited))
            }
        }
        // Act, in order.
        for transition in transitions where rowSteps[transition.row].hasAction {
            runAction(transition.row, &state.context, event, &result._outbox)
        }
        // Enter, in document order.
        var entry = EntrySet()
        for (owner, transition) in transitions.enumerated() where transition.domain >= 0 {
            let targets = statechart.rowTargets[transition.row]
            for target in targets {
                addDescendants(target, history: rows[transition.row].history, owner: owner, to: &entry, controls: state.controls)
            }
            for target in targets {
                addAncestors(of: target, below: transition.domain, owner: owner, to: &entry, controls: state.controls)
            }
            // A history enters only below the state it belongs to, which is entered only when it
            // lies below the domain (its default content runs only then): a row into the history
            // of its own source, or (SCXML's pseudo-state) of a state holding its source, keeps
            // that state.
            if rows[transition.row].history != nil, let owner = targets.first, !tree.isDescendant(owner, of: transition.domain) {
                entry.remove(owner)
            }
        }
        entry.nodes.sort { $0.node < $1.node }
        // The regions whose leaf was exited, a bit each: not in a final state until entered
        // again, though their control state still names the leaf they left.
        var left: UInt64 = 0
        for exit in exits where tree.stateOf[exit.node] >= 0 { left |= 1 << UInt64(tree.regionOf[exit.node]) }
        let ends = enter(entry, rows: transitions.map(\.row), leaving: left, &state, seeing: event, into: &result)
        if ends { exitMachine(&state, seeing: event, into: &result) }
    }

    /// The states a microstep enters, with how: SCXML's `statesToEnter`,
    /// `statesForDefaultEntry` and `defaultHistoryContent`.
    struct EntrySet {
        /// Each node to enter and the transition (by position) that enters it.
        var nodes: [(node: Int, owner: Int)] = []
        /// The compound nodes entered by default: their initial actions run.
        var byDefault: Set<Int> = []
        /// The nodes entered by a history that remembered where they were.
        var restored: Set<Int> = []
        /// The history defaults whose actions run, by the node they enter.
        var historyActions: [Int: Action<M>] = [:]

        func contains(_ node: Int) -> Bool { nodes.contains { $0.node == node } }

        mutating func add(_ node: Int, owner: Int) {
            if !contains(node) { nodes.append((node, owner)) }
        }

        /// Takes `node` out again, with how it was to be entered.
        mutating func remove(_ node: Int) {
            nodes.removeAll { $0.node == node }
            byDefault.remove(node)
            restored.remove(node)
            historyActions[node] = nil
        }
    }

    /// SCXML's `addDescendantStatesToEnter`: `node`, then what entering it enters below it (by
    /// its history when `history` is given and it has one).
    func addDescendants(_ node: Int, history: History?, owner: Int, to entry: inout EntrySet, controls: ControlStates) {
        let tree = statechart.tree
        let region = Int(tree.regionOf[node])
        let stateIndex = Int(tree.stateOf[node])
        if let history, let slot = historySlot(region: region, state: stateIndex) {
            if let memory = controls[history: slot] {
                entry.add(node, owner: owner)
                entry.restored.insert(node)
                if isParallel(node: node) {
                    for inner in tree.nestedRegions[region][stateIndex] {
                        if history == .deep {
                            addRetained(inner, owner: owner, to: &entry, controls: controls)
                        } else {
                            addDescendants(
                                Int(tree.regionNodes[inner]), history: nil, owner: owner, to: &entry, controls: controls)
                        }
                    }
                    return
                }
                let path = ([memory] + regions[region].ancestors(of: memory)).prefix { $0 != stateIndex }.reversed()
                guard history == .deep else {
                    if let child = path.first {
                        addDescendants(
                            tree.node(region: region, state: child), history: nil, owner: owner, to: &entry, controls: controls)
                    }
                    return
                }
                for state in path { entry.add(tree.node(region: region, state: state), owner: owner) }
                for inner in tree.nestedRegions[region][memory] {
                    addRetained(inner, owner: owner, to: &entry, controls: controls)
                }
                return
            }
            if let fallback = statechart.historyDefaults[node &* 2 &+ (history == .deep ? 1 : 0)] {
                entry.add(node, owner: owner)
                if let action = fallback.action { entry.historyActions[node] = action }
                for target in fallback.targets {
                    addDescendants(target, history: nil, owner: owner, to: &entry, controls: controls)
                }
                for target in fallback.targets {
                    addAncestors(of: target, below: node, owner: owner, to: &entry, controls: controls)
                }
                // The regions of a parallel state its default leaves out are entered by default,
                // as SCXML's `addAncestorStatesToEnter` enters them on its way up through it.
                if isParallel(node: node) { addRegionsNotEntered(of: node, owner: owner, to: &entry, controls: controls) }
                return
            }
        }
        entry.add(node, owner: owner)
        addDefaultDescendants(of: node, owner: owner, to: &entry, controls: controls)
    }

    /// What entering `node` by default enters below it: its initial transition's target for a
    /// compound node (which is then entered by default), each region within it for a parallel
    /// state, not yet entered otherwise.
    func addDefaultDescendants(of node: Int, owner: Int, to entry: inout EntrySet, controls: ControlStates) {
        if isCompound(node: node) {
            entry.byDefault.insert(node)
            let targets = statechart.initialTargetOverrides[node] ?? [Int(statechart.initialTargets[node])]
            for target in targets { addDescendants(target, history: nil, owner: owner, to: &entry, controls: controls) }
            for target in targets { addAncestors(of: target, below: node, owner: owner, to: &entry, controls: controls) }
        } else if isParallel(node: node) {
            addRegionsNotEntered(of: node, owner: owner, to: &entry, controls: controls)
        }
    }

    /// Each region within parallel state `node` that `entry` enters nothing of, entered by default.
    func addRegionsNotEntered(of node: Int, owner: Int, to entry: inout EntrySet, controls: ControlStates) {
        let tree = statechart.tree
        for inner in tree.nestedRegions[Int(tree.regionOf[node])][Int(tree.stateOf[node])] {
            let innerNode = Int(tree.regionNodes[inner])
            guard !entry.nodes.contains(where: { tree.isDescendant($0.node, orSelfOf: innerNode) }) else { continue }
            addDescendants(innerNode, history: nil, owner: owner, to: &entry, controls: controls)
        }
    }

    /// SCXML's `addAncestorStatesToEnter`: the nodes between `node` and `ancestor` (both
    /// excluded), with the regions of each parallel state among them not entered otherwise.
    func addAncestors(of node: Int, below ancestor: Int, owner: Int, to entry: inout EntrySet, controls: ControlStates) {
        let tree = statechart.tree
        var current = Int(tree.parents[node])
        while current > ancestor, current != StateTree.root {
            entry.add(current, owner: owner)
            if isParallel(node: current) { addRegionsNotEntered(of: current, owner: owner, to: &entry, controls: controls) }
            current = Int(tree.parents[current])
        }
    }

    /// Region `region` as a deep history restores it: its own node, its states down to the leaf
    /// it kept when exited, and the regions within that leaf, the same way.
    func addRetained(_ region: Int, owner: Int, to entry: inout EntrySet, controls: ControlStates) {
        let tree = statechart.tree
        entry.add(Int(tree.regionNodes[region]), owner: owner)
        let leaf = controls[region]
        for state in regions[region].ancestors(of: leaf).reversed() + [leaf] {
            entry.add(tree.node(region: region, state: state), owner: owner)
        }
        for inner in tree.nestedRegions[region][leaf] { addRetained(inner, owner: owner, to: &entry, controls: controls) }
    }

    /// Step 4: enters `entry`'s nodes in document order; returns whether one of them ends the
    /// machine. `rows` are the chosen rows, by transition position (empty at the start).
    func enter(
        _ entry: EntrySet, rows fired: [Int], leaving left: UInt64 = 0, _ state: inout MachineState<M>,
        seeing event: M.Event, into result: inout StepResult<M>
    ) -> Bool {
        let tree = statechart.tree
        var ends = false
        // The regions exited and not entered again yet: SCXML's configuration as each state is
        // entered, which a parallel state's completion reads.
        var left = left
        for (node, owner) in entry.nodes {
            let region = Int(tree.regionOf[node])
            let stateIndex = Int(tree.stateOf[node])
            if stateIndex >= 0 {
                let description = regions[region]
                if !description.isCompound(stateIndex) {
                    state.controls[region] = stateIndex
                    left &= ~(1 << UInt64(region))
                }
                if let entryAction = _entryActions[stateOffset[region] &+ stateIndex] {
                    entryAction(&state.context, event, &result._outbox)
                }
                if result._recordsStateChanges {
                    let kind: StateChange.Kind = entry.restored.contains(node) ? .restored : .entered
                    let row = fired.indices.contains(owner) ? fired[owner] : -1
                    result._stateChanges.append(StateChange(row: row, region: region, state: stateIndex, kind: kind))
                }
            }
            if entry.byDefault.contains(node), let action = statechart.initialActions[node] {
                action(&state.context, event, &result._outbox)
            }
            if let action = entry.historyActions[node] { action(&state.context, event, &result._outbox) }
            guard stateIndex >= 0, regions[region].finalStates.contains(stateIndex) else { continue }
            if regions[region].endsMachine(stateIndex) {
                ends = true
                continue
            }
            let parent = Int(tree.parents[node])
            queueDone(of: parent, into: &result)
            var grandparent = Int(tree.parents[parent])
            if isStandingRegion(node: grandparent) { grandparent = Int(tree.parents[grandparent]) }
            guard isParallel(node: grandparent) else { continue }
            let done = tree.nestedRegions[Int(tree.regionOf[grandparent])][Int(tree.stateOf[grandparent])].allSatisfy { inner in
                let innerNode = Int(tree.regionNodes[inner])
                let enteredLater = innerNode > node && entry.contains(innerNode)
                return !enteredLater && isDone(region: inner, in: state.controls, leaving: left)
            }
            if done { queueDone(of: grandparent, into: &result) }
        }
        return ends
    }

    /// Whether `node` is the node of a region that stands for its one top state (see
    /// ``ImportedRegion``).
    func isStandingRegion(node: Int) -> Bool {
        let tree = statechart.tree
        return node != StateTree.root && tree.stateOf[node] < 0 && regions[Int(tree.regionOf[node])].standsForItsState
    }

    /// Whether region `region`, active in `controls`, counts as done for the parallel state it is
    /// within: in a final state at its top; for a region that stands for its top state, when that
    /// state is in a final state as SCXML's `isInFinalState` says. A region whose bit is set in
    /// `left` has left its leaf in this microstep and is not back yet: it is in no state.
    func isDone(region: Int, in controls: ControlStates, leaving left: UInt64 = 0) -> Bool {
        guard left & (1 << UInt64(region)) == 0 else { return false }
        let description = regions[region]
        let leaf = controls[region]
        guard description.standsForItsState else { return description.isTopFinal(leaf) }
        return isInFinalState(
            region: region, state: description.ancestors(of: leaf).last ?? leaf, in: controls, leaving: left)
    }

    /// SCXML's `isInFinalState` for active state `state` of `region`: a final state is; a
    /// compound state is when its active child is final; a parallel state is when every region
    /// within it is done (``isDone(region:in:leaving:)``).
    func isInFinalState(region: Int, state: Int, in controls: ControlStates, leaving left: UInt64 = 0) -> Bool {
        let description = regions[region]
        if description.finalStates.contains(state) { return true }
        if description.isCompound(state) {
            let leaf = controls[region]
            return description.parents[leaf] == state && description.finalStates.contains(leaf)
        }
        let nested = statechart.tree.nestedRegions[region][state]
        return !nested.isEmpty && nested.allSatisfy { isDone(region: $0, in: controls, leaving: left) }
    }

    /// Queues `node`'s done event when a row handles it.
    func queueDone(of node: Int, into result: inout StepResult<M>) {
        let kind = statechart.doneKinds[node]
        guard kind >= 0 else { return }
        let tree = statechart.tree
        result._outbox._queues = true
        result._done.append(
            DoneEvent(
                raisedBefore: Int32(result._outbox._raised.count), kind: kind, region: tree.regionOf[node],
                state: tree.stateOf[node]))
    }

    /// The end of the machine (SCXML's `exitInterpreter`): every active state's exit action, in
    /// exit order, then the work still running cancelled. The configuration stays as it is, in
    /// its final state, so that the finished machine shows where it ended.
    @usableFromInline
    func exitMachine(_ state: inout MachineState<M>, seeing event: M.Event, into result: inout StepResult<M>) {
        let tree = statechart.tree
        for node in activeNodes(in: state.controls).reversed() where tree.stateOf[node] >= 0 {
            let global = stateOffset[Int(tree.regionOf[node])] &+ Int(tree.stateOf[node])
            _exitActions[global]?(&state.context, event, &result._outbox)
        }
        result._outbox.cancelEverything()
    }
}

extension TransitionTable {
    /// The machine's start (SCXML's initial macrostep, its first microstep): enters every state
    /// active in `state`'s configuration, in document order, each with its entry action (its
    /// delays started); a compound state whose default target is active is entered by default
    /// and runs its initial action (``Initial``). Final states raise their done events as
    /// entering them does; a final state at the top of a region at the top ends the machine.
    package func start(_ state: inout MachineState<M>, seeing event: M.Event, into result: inout StepResult<M>) {
        result.reset()
        result._outbox._work = state.work
        var entry = EntrySet()
        if statechart.initialTargetOverrides.isEmpty {
            let active = activeNodes(in: state.controls)
            for node in active {
                entry.add(node, owner: -1)
                if isCompound(node: node), active.contains(Int(statechart.initialTargets[node])) { entry.byDefault.insert(node) }
            }
        } else {
            // An imported initial transition may target states of several regions: the start
            // enters what entering each top region by default enters, as SCXML's first microstep.
            for region in regions.indices where regions[region].parent == nil {
                addDescendants(
                    Int(statechart.tree.regionNodes[region]), history: nil, owner: -1, to: &entry, controls: state.controls)
            }
            entry.nodes.sort { $0.node < $1.node }
        }
        if enter(entry, rows: [], &state, seeing: event, into: &result) { exitMachine(&state, seeing: event, into: &result) }
        state.work = result._outbox._work
    }
}
