extension TransitionTable {
    /// The step of a table with hierarchy or state actions, once the event is known to be
    /// awaited, for a result that records the states exited and entered: it chooses rows as the
    /// flat step does, from each leaf's candidates in priority order, then fires them through
    /// their precomputed ``TransitionPlan``s in SCXML's order: the states every row exits (the
    /// last region's first, each from its leaf up), then every row's action, then the states
    /// every row enters. The regions of such a table are independent, so each row's exits and
    /// entries are its plan's. It is specialised in the caller's module but never inlined into
    /// ``step(_:_:into:)``, so that a flat table's step keeps its small body.
    @inlinable @inline(never)
    func stepNested(_ state: inout MachineState<M>, _ event: M.Event, kind: Int, into result: inout StepResult<M>) {
        guard chooseRows(&state, event, kind: kind, reacting: UInt64(eventRoutes[kind].reactingRegions), into: &result) else {
            return
        }
        result._outbox._work = state.work
        var position = result._fired.count
        while position > 0 {
            position &-= 1
            let candidate = _candidates[result._fired.candidate(at: position)]
            exitNested(candidate, plan: _plans[Int(candidate.plan)], &state, event, into: &result)
        }
        while position < result._fired.count {
            let candidate = _candidates[result._fired.candidate(at: position)]
            position &+= 1
            if candidate.hasAction { runAction(Int(candidate.row), &state.context, event, &result._outbox) }
        }
        position = 0
        while position < result._fired.count {
            let candidate = _candidates[result._fired.candidate(at: position)]
            position &+= 1
            enterNested(candidate, plan: _plans[Int(candidate.plan)], &state, event, into: &result)
        }
        if !finalStates.isEmpty, finalState(of: state.controls) != nil { exitMachine(&state, seeing: event, into: &result) }
        state.work = result._outbox._work
    }

    /// Fires the candidate at `position` through its plan, lending the ledger to the outbox. Out
    /// of line, so that the inlined step of a table's plain rows only tests for it.
    @inlinable @inline(never)
    func firePlan(
        at position: Int, _ state: inout MachineState<M>, _ event: M.Event, ledger: inout LedgerLoan,
        into result: inout StepResult<M>
    ) {
        ledger.lend(&state, into: &result)
        firePlan(_candidates[position], &state, event, into: &result)
        ledger.noteFinish(self, state.controls)
    }

    /// Fires `candidate`'s row through its plan, the ledger lent to the outbox, for a result
    /// that records no state changes: only the states with actions are visited (see
    /// ``PlanActions``), unless the row enters a history.
    @inlinable @inline(__always)
    func firePlan(_ candidate: CandidateStep, _ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>)
    {
        let actions = _planActions[Int(candidate.plan)]
        guard actions.leaf >= 0 else {
            fireNested(candidate, plan: _plans[Int(candidate.plan)], &state, event, into: &result)
            return
        }
        let region = Int(candidate.region)
        var index = Int(actions.start)
        while index < Int(actions.entries) {
            _planActionRuns[index](&state.context, event, &result._outbox)
            index &+= 1
        }
        if actions.rememberMask != 0 { state.controls.remember(state.controls[region], inSlots: actions.rememberMask) }
        if candidate.hasAction { runAction(Int(candidate.row), &state.context, event, &result._outbox) }
        while index < Int(actions.end) {
            _planActionRuns[index](&state.context, event, &result._outbox)
            index &+= 1
        }
        state.controls[region] = Int(actions.leaf)
    }

    /// Fires `candidate`'s row: exits, history, the row's action, entries, then the new leaf.
    @inlinable @inline(__always)
    func fireNested(
        _ candidate: CandidateStep, plan: TransitionPlan, _ state: inout MachineState<M>, _ event: M.Event,
        into result: inout StepResult<M>
    ) {
        exitNested(candidate, plan: plan, &state, event, into: &result)
        if candidate.hasAction { runAction(Int(candidate.row), &state.context, event, &result._outbox) }
        enterNested(candidate, plan: plan, &state, event, into: &result)
    }

    /// The states `candidate`'s row exits, from the leaf up, each with its exit action, then the
    /// histories of those that have one.
    @inlinable @inline(__always)
    func exitNested(
        _ candidate: CandidateStep, plan: TransitionPlan, _ state: inout MachineState<M>, _ event: M.Event,
        into result: inout StepResult<M>
    ) {
        guard plan.changes else { return }
        let row = Int(candidate.row)
        let region = Int(candidate.region)
        let offset = stateOffset[region]
        var index = Int(plan.exits.start)
        while index < Int(plan.exits.end) {
            let exited = Int(_planStates[index])
            if result._recordsStateChanges {
                result._stateChanges.append(StateChange(row: row, region: region, state: exited, kind: .exited))
            }
            if let exit = _exitActions[offset &+ exited] { exit(&state.context, event, &result._outbox) }
            index &+= 1
        }
        if plan.rememberMask != 0 { state.controls.remember(state.controls[region], inSlots: plan.rememberMask) }
    }

    /// The states `candidate`'s row enters, down to the new leaf (the one its target's history
    /// remembers, if it has one), each with its entry action; entering a final child queues its
    /// parent's done event.
    @inlinable @inline(__always)
    func enterNested(
        _ candidate: CandidateStep, plan: TransitionPlan, _ state: inout MachineState<M>, _ event: M.Event,
        into result: inout StepResult<M>
    ) {
        guard plan.changes else { return }
        let row = Int(candidate.row)
        let region = Int(candidate.region)
        var descent = plan.descent
        var restored = false
        if plan.historySlot >= 0, let leaf = state.controls[history: Int(plan.historySlot)] {
            descent = _historyDescents[_historyBase[Int(plan.historySlot)] &+ leaf &* 2 &+ (plan.isDeep ? 1 : 0)]
            restored = true
        }
        var index = Int(plan.path.start)
        while index < Int(plan.path.end) {
            let entered = Int(_planStates[index])
            index &+= 1
            let kind: StateChange.Kind = restored && index == Int(plan.path.end) ? .restored : .entered
            enterNested(state: entered, region: region, row: row, kind: kind, &state, event, into: &result)
        }
        index = Int(descent.start)
        while index < Int(descent.end) {
            enterNested(state: Int(_planStates[index]), region: region, row: row, kind: .entered, &state, event, into: &result)
            index &+= 1
        }
        state.controls[region] = Int(descent.leaf)
    }

    /// Enters one state of a plan: records it, runs its entry action, and queues its parent's
    /// done event when it is a final child some row waits for.
    @inlinable @inline(__always)
    func enterNested(
        state entered: Int, region: Int, row: Int, kind: StateChange.Kind, _ state: inout MachineState<M>,
        _ event: M.Event, into result: inout StepResult<M>
    ) {
        let global = stateOffset[region] &+ entered
        if result._recordsStateChanges {
            result._stateChanges.append(StateChange(row: row, region: region, state: entered, kind: kind))
        }
        if let entry = _entryActions[global] { entry(&state.context, event, &result._outbox) }
        let done = doneKinds[global]
        if done >= 0, let parent = regions[region].parents[entered] {
            result._outbox._queues = true
            result._done.append(
                DoneEvent(
                    raisedBefore: Int32(result._outbox._raised.count), kind: Int32(done), region: Int32(region),
                    state: Int32(parent)))
        }
    }
}
