extension TransitionTable {
    /// Steps `state` with `event`, writing what happened into `result`.
    ///
    /// This is the hot path: it finds rows by index and reuses `result`'s storage, so a step
    /// allocates nothing beyond what the commands themselves carry.
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
    ///
    /// The result records the fired rows, the commands and why an event was ignored, and the
    /// guard checks and state changes when its ``StepResult/recording`` asks for them: a host
    /// that only performs the commands steps fastest with `StepResult(recording: [])`.
    @inlinable @inline(__always)
    public func step(_ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>) {
        result.reset()
        let kind = event.kind.rawValue
        let route = eventRoutes[kind]
        if route.firesAsChosen(recordsStateChanges: result._recordsStateChanges) {
            fireRowsAsChosen(&state, event, kind: kind, reacting: UInt64(route.reactingRegions), into: &result)
        } else if route.needsRouting {
            stepRouted(&state, event, kind: kind, into: &result)
        } else {
            stepUnrouted(&state, event, kind: kind, into: &result)
        }
    }

    /// A step without an event, which a runtime takes after a step (a *microstep*): the eventless
    /// rows when `kind` is the eventless kind, or the rows of a done event (see
    /// ``TriggerIndex``). Rows are chosen and fired as an event's are; their guards and actions
    /// see `event`, the event of the step that led here. A finished machine takes none.
    @inlinable
    package func step(
        _ state: inout MachineState<M>, internalKind kind: Int, seeing event: M.Event, into result: inout StepResult<M>
    ) {
        result.reset()
        if !finalStates.isEmpty, let final = finalState(of: state.controls) {
            result._ignored = IgnoreReason.finished(region: final.region, state: final.state).code
            return
        }
        stepChosen(&state, event, kind: kind, into: &result)
    }

    /// Chooses and fires the rows of `kind`, once the event is known to be awaited and the
    /// machine not finished: by the statechart step for a table that needs it (see
    /// ``_usesStatechart``) or a result that records the states a nested table exits and enters
    /// (``stepNested(_:_:kind:into:)``), else by the table's rows and plans.
    @inlinable @inline(__always)
    func stepChosen(_ state: inout MachineState<M>, _ event: M.Event, kind: Int, into result: inout StepResult<M>) {
        if _usesStatechart {
            stepAsStatechart(&state, event, kind: kind, into: &result)
        } else if _isFlat || !result._recordsStateChanges {
            stepRows(&state, event, kind: kind, reacting: UInt64(eventRoutes[kind].reactingRegions), into: &result)
        } else {
            stepNested(&state, event, kind: kind, into: &result)
        }
    }

    /// The step of delay `number`, of a row declared without a timer, falling due: a finished
    /// machine ignores it, as it ignores a delay that is not running (``IgnoreReason/notAwaited``);
    /// otherwise the delay stops running and the row is chosen as any row is. Its guard and
    /// action see `event`, the machine's start event.
    package func step(_ state: inout MachineState<M>, delay number: Int, seeing event: M.Event, into result: inout StepResult<M>)
    {
        result.reset()
        if !finalStates.isEmpty, let final = finalState(of: state.controls) {
            result._ignored = IgnoreReason.finished(region: final.region, state: final.state).code
            return
        }
        let bit: UInt64 = 1 &<< UInt64(number)
        guard state.work.delays & bit != 0 else {
            result._ignored = IgnoreReason.notAwaited.code
            return
        }
        state.work.delays &= ~bit
        stepChosen(&state, event, kind: _firstDelayKind &+ number, into: &result)
    }

    /// The done kind a runtime queues when a step enters `state` of `region`: its parent's done
    /// event, when it is a final child and a row handles that event; `nil` otherwise.
    @inlinable
    func doneKind(entering state: Int, of region: Int) -> Int? {
        let kind = doneKinds[stateOffset[region] + state]
        return kind >= 0 ? kind : nil
    }

    /// Whether the table has done rows.
    @inlinable
    package var hasDoneRows: Bool { _hasDoneRows }

    /// The slot kind of eventless rows, for ``step(_:internalKind:seeing:into:)``; -1 without.
    @inlinable
    package var eventlessKind: Int { _eventlessKind }

    /// The step of an event that needs no routing but whose rows are chosen before any fires (see
    /// ``_firesAsChosen``), or of a result that records the state changes of a nested table. Out
    /// of line, so that the short path stays small where it is inlined.
    @inlinable @inline(never)
    func stepUnrouted(_ state: inout MachineState<M>, _ event: M.Event, kind: Int, into result: inout StepResult<M>) {
        stepChosen(&state, event, kind: kind, into: &result)
    }

    /// The step of an event that needs more than a table's rows (see ``EventRoute/needsRouting``): a
    /// finished machine ignores it; a timer's firing or a provider's answer first takes its work
    /// off the ledger.
    @inlinable @inline(never)
    func stepRouted(_ state: inout MachineState<M>, _ event: M.Event, kind: Int, into result: inout StepResult<M>) {
        if !finalStates.isEmpty, let final = finalState(of: state.controls) {
            result._ignored = IgnoreReason.finished(region: final.region, state: final.state).code
            return
        }
        let route = eventRoutes[kind]
        if route.timer >= 0, let name = M.Timer(rawValue: Int(route.timer)), !state.work.timers.remove(name) {
            result._ignored = IgnoreReason.notAwaited.code
            return
        }
        if route.answers >= 0, let name = M.Request.Kind(rawValue: Int(route.answers)), !state.work.pending.remove(name) {
            result._ignored = IgnoreReason.notAwaited.code
            return
        }
        stepChosen(&state, event, kind: kind, into: &result)
    }

    /// Chooses and fires the rows, once the event is known to be awaited and the machine not
    /// finished. A row whose firing is plain (see ``CandidateStep/isPlain``: every row of a flat
    /// table) moves its region's leaf and runs its action; the others go through their
    /// ``TransitionPlan``. In a nested table, only for a result that records no state changes.
    @inlinable @inline(__always)
    func stepRows(
        _ state: inout MachineState<M>, _ event: M.Event, kind: Int, reacting: UInt64, into result: inout StepResult<M>
    ) {
        if _firesAsChosen && eventRoutes[kind].mayFireAsChosen {
            fireRowsAsChosen(&state, event, kind: kind, reacting: reacting, into: &result)
        } else {
            var ledger = LedgerLoan()
            guard chooseRows(&state, event, kind: kind, reacting: reacting, into: &result) else { return }
            if result._fired.count > 1 && !eventRoutes[kind].firesPlainly {
                fireInDocumentOrder(&state, event, ledger: &ledger, into: &result)
            } else {
                var position = 0
                while position < result._fired.count {
                    let candidate = result._fired.candidate(at: position)
                    position &+= 1
                    fire(at: candidate, &state, event, ledger: &ledger, into: &result)
                }
            }
            ledger.settle(self, &state, event, into: &result)
        }
    }

    /// Fires each region's row as soon as it is chosen: in a table whose regions after the
    /// first have no guards (see ``_firesAsChosen``), no later guard could see the change.
    /// `reacting` has a bit for each region with rows for the event (see
    /// ``EventRoute/reactingRegions``).
    @inlinable @inline(__always)
    func fireRowsAsChosen(
        _ state: inout MachineState<M>, _ event: M.Event, kind: Int, reacting: UInt64, into result: inout StepResult<M>
    ) {
        var ledger = LedgerLoan()
        // Region 0 outside the loop: a one-region table never enters it.
        let leaf = state.controls[0]
        var sawCandidate = chooseAndFire(
            region: 0, slot: slot(at: kind &* _stateCount &+ leaf, leaf: leaf), &state, event, &ledger, &result)
        var others = reacting & ~1
        while others != 0 {
            let region = others.trailingZeroBitCount
            others &= others &- 1
            if chooseAndFire(region: region, slot: slot(region, state.controls, kind), &state, event, &ledger, &result) {
                sawCandidate = true
            }
        }
        guard result._fired.count > 0 else {
            result._ignored = (sawCandidate ? IgnoreReason.guardsFailed : .noRow).code
            return
        }
        ledger.settle(self, &state, event, into: &result)
    }

    /// Fires the chosen rows of several regions, some through their plans, in SCXML's order:
    /// every row's exits (the last region's first), then every row's action, then every row's
    /// entries. Out of line: a step rarely fires such rows in two regions at once.
    @inlinable @inline(never)
    func fireInDocumentOrder(
        _ state: inout MachineState<M>, _ event: M.Event, ledger: inout LedgerLoan, into result: inout StepResult<M>
    ) {
        ledger.lend(&state, into: &result)
        var position = result._fired.count
        while position > 0 {
            position &-= 1
            let candidate = _candidates[result._fired.candidate(at: position)]
            if !candidate.isPlain { exitNested(candidate, plan: _plans[Int(candidate.plan)], &state, event, into: &result) }
        }
        while position < result._fired.count {
            let candidate = _candidates[result._fired.candidate(at: position)]
            position &+= 1
            if candidate.isPlain && candidate.target >= 0 { state.controls[Int(candidate.region)] = Int(candidate.target) }
            ledger.run(
                candidate.hasAction ? Int(candidate.row) : -1, finishes: candidate.entersFinal, self, &state, event, into: &result
            )
        }
        position = 0
        while position < result._fired.count {
            let candidate = _candidates[result._fired.candidate(at: position)]
            position &+= 1
            if !candidate.isPlain { enterNested(candidate, plan: _plans[Int(candidate.plan)], &state, event, into: &result) }
        }
        ledger.noteFinish(self, state.controls)
    }

    /// The statechart step, called out of line from the inlined step, so that the step of a
    /// table that never takes it carries nothing of it but the test.
    @inlinable @inline(never)
    func stepAsStatechart(_ state: inout MachineState<M>, _ event: M.Event, kind: Int, into result: inout StepResult<M>) {
        stepStatechart(&state, kind: kind, seeing: event, into: &result)
    }

    /// Ends the machine after a step that entered a final state at the top of a region: every
    /// active state's exit action, then the work still running cancelled (SCXML's
    /// `exitInterpreter`; without exit actions, only the cancellations). Out of line: a machine
    /// ends once.
    @inlinable @inline(never)
    func finish(_ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>) {
        if _hasExitActions {
            exitMachine(&state, seeing: event, into: &result)
        } else {
            result._outbox.cancelEverything()
        }
    }

    /// The slot of `region` in its leaf of `controls`, for event `kind`.
    @inlinable @inline(__always)
    func slot(_ region: Int, _ controls: ControlStates, _ kind: Int) -> SlotStep {
        let leaf = controls[region]
        return slot(at: kind &* _stateCount &+ stateOffset[region] &+ leaf, leaf: leaf)
    }

    /// The slot at `index` of ``_slots``, for a region in state `leaf`. The index is checked with
    /// one unsigned comparison (it is a sum that cannot be negative; the array's own check would
    /// test that as well), and the slot's state against `leaf`: a control state that is none of
    /// its region's (set by hand through ``ControlStates``) would otherwise find another slot.
    @inlinable @inline(__always)
    func slot(at index: Int, leaf: Int) -> SlotStep {
        _slots.withUnsafeBufferPointer { slots in
            precondition(UInt(bitPattern: index) < UInt(bitPattern: slots.count), "a control state outside its region")
            let slot = slots[index]
            precondition(Int(slot.leaf) == leaf, "a control state outside its region")
            return slot
        }
    }

    /// Chooses `region`'s row from `slot` and fires it at once; returns whether the slot had a
    /// candidate that was not a single unguarded row (for ``IgnoreReason/guardsFailed``).
    @inlinable @inline(__always)
    func chooseAndFire(
        region: Int, slot: SlotStep, _ state: inout MachineState<M>, _ event: M.Event, _ ledger: inout LedgerLoan,
        _ result: inout StepResult<M>
    ) -> Bool {
        if slot.hasSingleRow {
            result._fired.append(slot.firedEntry)
            guard slot.isPlain else {
                firePlan(at: Int(slot.start), &state, event, ledger: &ledger, into: &result)
                return false
            }
            state.controls.bits ^= slot.controlsChange
            if slot.runsAfterMoving {
                ledger.run(slot.hasAction ? Int(slot.row) : -1, finishes: slot.entersFinal, self, &state, event, into: &result)
            }
            return false
        }
        guard slot.start < slot.end else { return false }
        chooseAndFireGuarded(slot, &state, event, &ledger, &result)
        return true
    }

    /// Chooses the first candidate of `slot` whose guard holds, if any, and fires it. Out of
    /// line, so that the inlined step of a table's single unguarded rows stays small.
    @inlinable @inline(never)
    func chooseAndFireGuarded(
        _ slot: SlotStep, _ state: inout MachineState<M>, _ event: M.Event, _ ledger: inout LedgerLoan,
        _ result: inout StepResult<M>
    ) {
        if let position = choose(slot, &state, event, into: &result) {
            fire(at: position, &state, event, ledger: &ledger, into: &result)
        }
    }

    /// Fires the candidate at `position` of ``_candidates``: a plain one moves its region to its
    /// target, then runs its action; another runs its plan.
    @inlinable @inline(__always)
    func fire(
        at position: Int, _ state: inout MachineState<M>, _ event: M.Event, ledger: inout LedgerLoan,
        into result: inout StepResult<M>
    ) {
        let candidate = _candidates[position]
        if !candidate.isPlain {
            firePlan(at: position, &state, event, ledger: &ledger, into: &result)
            return
        }
        if candidate.target >= 0 { state.controls[Int(candidate.region)] = Int(candidate.target) }
        if candidate.hasAction || candidate.entersFinal {
            ledger.run(
                candidate.hasAction ? Int(candidate.row) : -1, finishes: candidate.entersFinal, self, &state, event,
                into: &result)
        }
    }

    /// The first candidate of `slot` whose guard holds, recorded as fired; `nil` when none does.
    @inlinable @inline(__always)
    func choose(_ slot: SlotStep, _ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>) -> Int? {
        var position = Int(slot.start)
        let end = Int(slot.end)
        while position < end {
            let candidate = _candidates[position]
            if !candidate.hasGuard || checkGuard(Int(candidate.row), &state, event, into: &result) {
                result._fired.append(row: candidate.row, candidate: position)
                return position
            }
            position &+= 1
        }
        return nil
    }

    /// Chooses each region's row: the first candidate of its slot whose guard holds, every guard
    /// seeing the state before the step. Records the chosen rows (and the guard checks when the
    /// result asks for them); returns whether any row fires, and otherwise why not.
    @inlinable @inline(__always)
    func chooseRows(
        _ state: inout MachineState<M>, _ event: M.Event, kind: Int, reacting: UInt64, into result: inout StepResult<M>
    ) -> Bool {
        var sawCandidate = false
        var regions = reacting
        while regions != 0 {
            let slot = slot(regions.trailingZeroBitCount, state.controls, kind)
            regions &= regions &- 1
            if slot.hasSingleRow {
                result._fired.append(slot.firedEntry)
            } else if slot.start < slot.end {
                sawCandidate = true
                _ = choose(slot, &state, event, into: &result)
            }
        }
        guard result._fired.count > 0 else {
            result._ignored = (sawCandidate ? IgnoreReason.guardsFailed : .noRow).code
            return false
        }
        return true
    }

    /// Evaluates `row`'s guard (of a row that has one), recording the check when the result asks for it. Kept out of
    /// line, so that choosing an unguarded row stays small. The state is passed in place (it is
    /// only read): a copy of a large context for every guard would cost more than the guard.
    @inlinable @inline(never)
    func checkGuard(_ row: Int, _ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>) -> Bool {
        let passed = rowGuard[row](state, event)
        if result._recordsGuardChecks { result._guardChecks.append(GuardCheck(row: row, passed: passed)) }
        return passed
    }

    /// Runs `row`'s action (of a row that has one). Kept out of line, so that firing a row without one stays small.
    @inlinable @inline(never)
    func runAction(_ row: Int, _ context: inout M.Context, _ event: M.Event, _ outbox: inout Outbox<M>) {
        rowAction[row](&context, event, &outbox)
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

/// The machine's work ledger, lent to the step's outbox only when a row's action (or the end of
/// the machine) may change it: a step whose rows have no action copies it once, for
/// ``StepResult/outbox``, and never writes it back. A machine with neither timers nor requests
/// (see ``WorkLedger/isAlwaysIdle``) never copies it: it is always empty on this path.
@usableFromInline
struct LedgerLoan {
    @usableFromInline var lent = false
    @usableFromInline var finishes = false

    @inlinable
    init() {}

    /// Lends the ledger to the outbox, unless it already is. (A table with delays without a
    /// timer keeps them in the ledger even without timers and requests, and takes the
    /// statechart step, which lends it always.)
    @inlinable @inline(__always)
    mutating func lend<M>(_ state: inout MachineState<M>, into result: inout StepResult<M>) {
        if !lent {
            if !WorkLedger<M.Timer, M.Request.Kind>.isAlwaysIdle { result._outbox._work = state.work }
            lent = true
        }
    }

    /// Runs `row`'s action (none when `row` is -1) with the ledger lent to the outbox, and notes
    /// whether the row ends the machine.
    @inlinable @inline(__always)
    mutating func run<M>(
        _ row: Int, finishes: Bool, _ table: TransitionTable<M>, _ state: inout MachineState<M>, _ event: M.Event,
        into result: inout StepResult<M>
    ) {
        lend(&state, into: &result)
        self.finishes = self.finishes || finishes
        if row >= 0 { table.runAction(row, &state.context, event, &result._outbox) }
    }

    /// Notes that the step ends the machine when `controls` has a region in a final state,
    /// after a row that went through its plan (a row that may enter a final state below the
    /// one it targets).
    @inlinable @inline(__always)
    mutating func noteFinish<M>(_ table: TransitionTable<M>, _ controls: ControlStates) {
        if !finishes, !table.finalStates.isEmpty, table.finalState(of: controls) != nil { finishes = true }
    }

    /// Ends the step: ends the machine when a row entered a final state at the top (see
    /// ``TransitionTable/finish(_:_:into:)``), and hands the ledger back to the state (or copies
    /// it to the outbox when it was never lent); nothing for a ledger that is always empty (a
    /// machine without timers and requests whose end runs exit actions takes the statechart
    /// step: see ``TransitionTable/_usesStatechart``).
    @inlinable @inline(__always)
    func settle<M>(
        _ table: TransitionTable<M>, _ state: inout MachineState<M>, _ event: M.Event, into result: inout StepResult<M>
    ) {
        guard !WorkLedger<M.Timer, M.Request.Kind>.isAlwaysIdle else { return }
        if lent {
            if finishes { table.finish(&state, event, into: &result) }
            state.work = result._outbox._work
        } else {
            result._outbox._work = state.work
        }
    }
}
