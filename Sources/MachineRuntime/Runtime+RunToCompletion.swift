import MachineCore

/// Run-to-completion: after an input's step, the runtime takes the machine's own microsteps
/// before it takes any other input.
///
/// The order follows SCXML's macrostep (§3.13, Appendix D `mainEventLoop`): after each step,
/// the eventless rows first (``RowTrigger/always``), as long as one fires; when none does, the
/// next event of the internal queue, oldest first; when the queue is empty, the input is done.
/// A step queues the events its actions raised (``Outbox/raise(_:)``), in order, then the done
/// events of the compound states whose final child it entered (``RowTrigger/done(_:)``), in the
/// order entered. Each microstep is a ``RuntimeStep`` of its own, with its cause, so transcripts
/// show it and its rows. Nothing the machine schedules fires inside these microsteps: a timer,
/// even one started for zero, fires when the clock next advances, and a provider's answer comes
/// after the input is done.
///
/// Eventless rows are looked at only after a step that fired a row (XState's choice, where
/// SCXML looks after every step): a step that fired nothing changed nothing a guard could see
/// but the work ledger. Their guards and actions, and those of done rows, see the event of the
/// step before them; a raised event's rows see the raised event.
///
/// More than ``microstepBound`` microsteps after one input throw
/// ``RuntimeError/microstepLoop(rows:)``, naming the rows they fired.
extension Runtime {
    /// How many microsteps one input may take.
    public static var microstepBound: Int { 100 }

    /// Takes the microsteps after the step at `first` of `steps`, whose event was `event`.
    @usableFromInline
    mutating func runToCompletion(
        from first: Int, seeing event: M.Event, into steps: inout [RuntimeStep<M>]
    ) throws(RuntimeError) {
        var queue: [(cause: RuntimeStep<M>.Cause, event: M.Event, kind: Int)] = []
        var current = event
        var last = first
        var taken = 0
        while true {
            if steps[last].result?.firedRowCount ?? 0 > 0 {
                enqueue(steps[last], seeing: current, into: &queue)
            }
            if table.hasEventlessRows, steps[last].result?.firedRowCount ?? 0 > 0,
                microstep(.eventless, kind: table.eventlessKind, seeing: current, keepsIgnored: false, into: &steps)
            {
                last = steps.count - 1
            } else if !queue.isEmpty {
                let next = queue.removeFirst()
                current = next.event
                _ = microstep(next.cause, kind: next.kind, seeing: next.event, keepsIgnored: true, into: &steps)
                last = steps.count - 1
            } else {
                return
            }
            taken += 1
            if taken > Self.microstepBound {
                var rows: [String] = []
                for step in steps[(first + 1)...] {
                    for row in step.result?.firedRows ?? [] where !rows.contains(table.rows[row].id) {
                        rows.append(table.rows[row].id)
                    }
                }
                throw .microstepLoop(rows: rows)
            }
        }
    }

    /// Queues what `step` raised, then the done events of the final children it entered.
    func enqueue(
        _ step: RuntimeStep<M>, seeing event: M.Event,
        into queue: inout [(cause: RuntimeStep<M>.Cause, event: M.Event, kind: Int)]
    ) {
        for raised in step.raisedEvents { queue.append((.raised(raised), raised, raised.kind.rawValue)) }
        guard table.hasDoneRows, let result = step.result else { return }
        for change in result.stateChanges where change.kind != .exited {
            guard let kind = table.doneKind(entering: change.state, of: change.region),
                let parent = table.regions[change.region].parents[change.state]
            else { continue }
            queue.append((.done(region: change.region, state: parent), event, kind))
        }
    }

    /// Takes one microstep of slot kind `kind`; records it when a row fired, or always with
    /// `keepsIgnored` (a raised or done event nothing handled). Returns whether a row fired.
    mutating func microstep(
        _ cause: RuntimeStep<M>.Cause, kind: Int, seeing event: M.Event, keepsIgnored: Bool,
        into steps: inout [RuntimeStep<M>]
    ) -> Bool {
        var result = StepResult<M>()
        let before = _state
        table.step(&_state, internalKind: kind, seeing: event, into: &result)
        let fired = result.firedRowCount > 0
        if fired || keepsIgnored {
            record(cause, result, before: before, into: &steps)
        } else if !result.guardChecks.isEmpty {
            steps[steps.count - 1].eventlessChecks = result.guardChecks
        }
        return fired
    }
}

extension RuntimeStep {
    /// The events the step's actions raised, in order.
    public var raisedEvents: [M.Event] { result?.outbox.raised ?? [] }
}
