extension TransitionTable {
    /// `entry` and `exit` with a state's delays added: entering starts each delay's timer after
    /// the state's own entry action; exiting cancels them before its own exit action.
    static func withDelays(
        _ delays: [(timer: M.Timer, duration: Duration)], entry: Action<M>?, exit: Action<M>?
    ) -> (entry: Action<M>, exit: Action<M>) {
        let starting: Action<M> = { context, event, outbox in
            entry?(&context, event, &outbox)
            for delay in delays { outbox.startTimer(delay.timer, after: delay.duration) }
        }
        let cancelling: Action<M> = { context, event, outbox in
            for delay in delays { outbox.cancelTimer(delay.timer) }
            exit?(&context, event, &outbox)
        }
        return (starting, cancelling)
    }

    /// The action of a repeating row: its own, then its timer started again; `nil` for any
    /// other row.
    static func withRepeat(of row: Row<M>) -> Action<M>? {
        guard case .every(let period, let timer) = row.trigger else { return nil }
        let action = row.action
        return { context, event, outbox in
            action?(&context, event, &outbox)
            outbox.startTimer(timer, after: period)
        }
    }

    /// The timers the delayed rows of the states `controls` is in start when those states are
    /// entered, outermost state first: what a runtime starts when it begins in `controls`.
    /// A region in a state it does not have (set by hand) has none.
    package func delays(activeIn controls: ControlStates) -> [(timer: M.Timer, duration: Duration)] {
        guard hasDelayedRows else { return [] }
        return regions.indices.flatMap { region in
            let leaf = controls[region]
            guard regions[region].states.indices.contains(leaf) else { return [(timer: M.Timer, duration: Duration)]() }
            let active = ([leaf] + regions[region].ancestors(of: leaf)).reversed()
            return active.flatMap { delays[stateOffset[region] + $0] }
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
