extension TransitionTable {
    /// `entry` and `exit` with a state's delays added: entering starts each delay (on its timer,
    /// or as the delay of its row) after the state's own entry action, its duration computed then
    /// from the context; exiting cancels them before its own exit action.
    static func withDelays(_ delays: [StateDelay<M>], entry: Action<M>?, exit: Action<M>?) -> (entry: Action<M>, exit: Action<M>)
    {
        let starting: Action<M> = { context, event, outbox in
            entry?(&context, event, &outbox)
            for delay in delays { start(delay, in: context, &outbox) }
        }
        let cancelling: Action<M> = { context, event, outbox in
            for delay in delays {
                if let timer = delay.timer { outbox.cancelTimer(timer) } else { outbox.cancelDelay(delay.number) }
            }
            exit?(&context, event, &outbox)
        }
        return (starting, cancelling)
    }

    /// Starts `delay`, for the duration `context` gives it.
    static func start(_ delay: StateDelay<M>, in context: M.Context, _ outbox: inout Outbox<M>) {
        let duration = delay.delay.duration(in: context)
        if let timer = delay.timer {
            outbox.startTimer(timer, after: duration)
        } else {
            outbox.startDelay(delay.number, after: duration)
        }
    }

    /// The action of a repeating row: its own, then its period started again; `nil` for any
    /// other row. `number` is the row's delay number when it has no timer.
    static func withRepeat(of row: Row<M>, number: Int) -> Action<M>? {
        guard case .every(let period, let timer) = row.trigger else { return nil }
        let action = row.action
        let delay = StateDelay(timer: timer, number: number, delay: period)
        return { context, event, outbox in
            action?(&context, event, &outbox)
            start(delay, in: context, &outbox)
        }
    }

    /// The timers the delayed rows of the states `controls` is in start when those states are
    /// entered, outermost state first, with their durations in `context`: what a runtime of a
    /// machine without a start event starts when it begins in `controls`. A region in a state it
    /// does not have (set by hand) has none.
    package func timers(activeIn controls: ControlStates, context: M.Context) -> [(timer: M.Timer, duration: Duration)] {
        guard hasDelayedRows else { return [] }
        return regions.indices.flatMap { region in
            let leaf = controls[region]
            guard regions[region].states.indices.contains(leaf), isActive(region: region, in: controls) else {
                return [(timer: M.Timer, duration: Duration)]()
            }
            let active = ([leaf] + regions[region].ancestors(of: leaf)).reversed()
            return active.flatMap { state in
                delays[stateOffset[region] + state].compactMap { delay in
                    delay.timer.map { (timer: $0, duration: delay.delay.duration(in: context)) }
                }
            }
        }
    }

    /// Whether the table has delayed or repeating rows.
    package var hasDelayedRows: Bool { delays.contains { !$0.isEmpty } }

    /// Whether the table has eventless rows.
    @inlinable
    package var hasEventlessRows: Bool { _eventlessKind >= 0 }
}

extension Row {
    /// Whether the row repeats (``RowTrigger/every(_:_:)``).
    var repeats: Bool {
        if case .every = trigger { true } else { false }
    }
}
