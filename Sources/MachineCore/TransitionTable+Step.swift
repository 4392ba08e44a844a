extension TransitionTable {
    /// Steps `state` with `event`, writing what happened into `result`.
    ///
    /// This is the hot path: it is `@inlinable` so that it is specialised in the caller's module,
    /// finds rows by index, and reuses `result`'s storage, so a step allocates nothing beyond what
    /// the commands themselves carry.
    ///
    /// A finished machine ignores every event. An event that is a timer's firing or a provider's
    /// answer first takes that timer or request off the work ledger; if it was not running, the
    /// event is ignored as ``IgnoreReason/notAwaited``. Then every region picks its first enabled
    /// row (guards see the state before the step) and the picked rows run in region order.
    ///
    /// In a table with hierarchy or state actions (see ``Row`` and ``StateActions``), each fired
    /// row runs its exit actions, its own action, then its entry actions, before the next
    /// region's row does; ``StepResult/stateChanges`` records what it exited and entered.
    ///
    /// A step whose rows enter a final state (see ``Region/finalStates``) ends the machine, so it
    /// also ends the machine's work: after the rows' own commands, it cancels every timer still
    /// running, in the order of their last start, then every request still in flight, in request
    /// order (as ``Outbox/cancelEverything()`` does). The commands say so, and the finished
    /// machine's work ledger is empty. A row that cancels everything itself leaves nothing to add.
    @inlinable
    public func step(_ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>) {
        result.reset()
        if !finalStates.isEmpty, let final = finalState(of: state.controls) {
            result._ignored = .finished(region: final.region, state: final.state)
            return
        }
        let kind = event.kind.rawValue
        let route = eventRoutes[kind]
        if route.timer >= 0, let name = M.Timer(rawValue: Int(route.timer)), !state.work.timers.remove(name) {
            result._ignored = .notAwaited
            return
        }
        if route.answers >= 0, let name = M.Request.Kind(rawValue: Int(route.answers)), !state.work.pending.remove(name) {
            result._ignored = .notAwaited
            return
        }
        if !_isFlat {
            stepNested(&state, event, into: &result)
            return
        }

        var sawCandidate = false
        for region in 0..<stateOffset.count {
            let slot = (stateOffset[region] &+ state.controls[region]) &* eventCount &+ kind
            var candidate = candidateStart[slot]
            let end = candidateStart[slot &+ 1]
            while candidate < end {
                sawCandidate = true
                let row = candidateRows[candidate]
                candidate &+= 1
                if rowSteps[row].hasGuard, let test = rowGuard[row] {
                    let passed = test(state, event)
                    result._guardChecks.append(GuardCheck(row: row, passed: passed))
                    if !passed { continue }
                }
                result._firedRows.append(row)
                break
            }
        }
        guard !result._firedRows.isEmpty else {
            result._ignored = sawCandidate ? .guardsFailed : .noRow
            return
        }

        result._outbox._work = state.work
        var finishes = false
        for position in 0..<result._firedRows.count {
            let row = result._firedRows[position]
            let step = rowSteps[row]
            if step.target >= 0 { state.controls[Int(step.region)] = Int(step.target) }
            if step.hasAction, let action = rowAction[row] { action(&state.context, event, &result._outbox) }
            finishes = finishes || step.entersFinal
        }
        if finishes { result._outbox.cancelEverything() }
        state.work = result._outbox._work
    }

    /// Steps a copy of `state` with `event`: the new state and what happened.
    ///
    /// The pure form of ``step(_:_:into:)``, for tests and tools; it allocates a fresh result.
    @inlinable
    public func step(_ state: MachineState<M>, _ event: M.Event) -> (state: MachineState<M>, result: StepResult<M>) {
        var next = state
        var result = StepResult<M>()
        step(&next, event, into: &result)
        return (next, result)
    }
}
