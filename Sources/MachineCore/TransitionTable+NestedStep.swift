extension TransitionTable {
    /// The step of a table with hierarchy or state actions, once the event is known to be
    /// awaited: it chooses rows as the flat step does, from each leaf's candidates in priority
    /// order, then fires each one through its precomputed ``TransitionPlan``. It is specialised
    /// in the caller's module but never inlined into ``step(_:_:into:)``, so that a flat table's
    /// step keeps its small body.
    @inlinable @inline(never)
    func stepNested(_ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>) {
        let kind = event.kind.rawValue
        var sawCandidate = false
        for region in 0..<stateOffset.count {
            let slot = (stateOffset[region] &+ state.controls[region]) &* eventCount &+ kind
            var candidate = candidateStart[slot]
            let end = candidateStart[slot &+ 1]
            while candidate < end {
                sawCandidate = true
                let row = candidateRows[candidate]
                let plan = _candidatePlans[candidate]
                candidate &+= 1
                if rowSteps[row].hasGuard, let test = rowGuard[row] {
                    let passed = test(state, event)
                    result._guardChecks.append(GuardCheck(row: row, passed: passed))
                    if !passed { continue }
                }
                result._firedRows.append(row)
                result._firedPlans.append(plan)
                break
            }
        }
        guard !result._firedRows.isEmpty else {
            result._ignored = sawCandidate ? .guardsFailed : .noRow
            return
        }

        result._outbox._work = state.work
        for position in 0..<result._firedRows.count {
            fire(result._firedRows[position], plan: _plans[Int(result._firedPlans[position])], &state, event, into: &result)
        }
        if !finalStates.isEmpty, finalState(of: state.controls) != nil { result._outbox.cancelEverything() }
        state.work = result._outbox._work
    }

    /// Fires `row`: exits, history, the row's action, entries, then the new leaf.
    @inlinable @inline(__always)
    func fire(
        _ row: Int, plan: TransitionPlan, _ state: inout MachineState<M>, _ event: M.Event,
        into result: inout StepResult<M>
    ) {
        let step = rowSteps[row]
        let region = Int(step.region)
        guard plan.changes else {
            if step.hasAction, let action = rowAction[row] { action(&state.context, event, &result._outbox) }
            return
        }
        let offset = stateOffset[region]
        var index = Int(plan.exits.start)
        while index < Int(plan.exits.end) {
            let exited = Int(_planStates[index])
            result._stateChanges.append(StateChange(row: row, region: region, state: exited, kind: .exited))
            if let exit = _exitActions[offset &+ exited] { exit(&state.context, event, &result._outbox) }
            index &+= 1
        }
        if plan.rememberMask != 0 { state.controls.remember(state.controls[region], inSlots: plan.rememberMask) }
        if step.hasAction, let action = rowAction[row] { action(&state.context, event, &result._outbox) }

        var descent = plan.descent
        var restored = false
        if plan.historySlot >= 0, let leaf = state.controls[history: Int(plan.historySlot)] {
            descent = _historyDescents[_historyBase[Int(plan.historySlot)] &+ leaf &* 2 &+ (plan.isDeep ? 1 : 0)]
            restored = true
        }
        index = Int(plan.path.start)
        while index < Int(plan.path.end) {
            let entered = Int(_planStates[index])
            index &+= 1
            let kind: StateChange.Kind = restored && index == Int(plan.path.end) ? .restored : .entered
            result._stateChanges.append(StateChange(row: row, region: region, state: entered, kind: kind))
            if let entry = _entryActions[offset &+ entered] { entry(&state.context, event, &result._outbox) }
        }
        index = Int(descent.start)
        while index < Int(descent.end) {
            let entered = Int(_planStates[index])
            result._stateChanges.append(StateChange(row: row, region: region, state: entered, kind: .entered))
            if let entry = _entryActions[offset &+ entered] { entry(&state.context, event, &result._outbox) }
            index &+= 1
        }
        state.controls[region] = Int(descent.leaf)
    }
}
