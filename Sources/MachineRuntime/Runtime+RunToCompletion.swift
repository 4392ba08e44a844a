import MachineCore

/// Run-to-completion: after an input's step, the runtime takes the machine's own microsteps
/// before it takes any other input.
///
/// The order is SCXML's macrostep (§3.13, Appendix D `mainEventLoop`): after every step, the
/// eventless rows first (``RowTrigger/always``), as long as they fire; when none does, the next
/// event of the internal queue, oldest first; when the queue is empty, the input is done. The
/// internal queue receives the events the actions raise (``Outbox/raise(_:)``) and the done events
/// of the states a step leaves done (``RowTrigger/done(_:)``), in the order they are raised. Each
/// microstep is a ``RuntimeStep`` of its own, with its cause, so transcripts show it and its
/// rows. Nothing the machine schedules fires inside these microsteps: a timer, even one started
/// for zero, fires when the clock next advances, and a provider's answer comes after the input
/// is done. Once the machine ends (a final state at the top of a region at the top), the
/// microsteps stop: what is left in the queue is never taken.
///
/// The guards and actions of an eventless or done row see the event of the step before them; a
/// raised event's rows see the raised event.
///
/// A macrostep may take at most ``microstepBound`` microsteps. One that would take more is cut
/// there: the steps it took are returned, as for any input, and the runtime *halts*: ``halt``
/// says why, and every input after it throws ``RuntimeError/halted(rows:)``.
extension Runtime {
    /// How many microsteps one macrostep may take unless ``microstepBound`` says otherwise.
    package static var defaultMicrostepBound: Int { 10_000 }

    /// An event waiting in the internal queue: its cause, the event its rows see, its slot kind.
    @usableFromInline
    typealias QueuedEvent = (cause: RuntimeStep<M>.Cause, event: M.Event, kind: Int)

    /// Takes the microsteps after the step at `first` of `steps`, whose event was `event`.
    @usableFromInline
    mutating func runToCompletion(from first: Int, seeing event: M.Event, into steps: inout [RuntimeStep<M>]) {
        var queue: [QueuedEvent] = []
        var current = event
        enqueue(steps[first], seeing: current, into: &queue)
        var taken = 0
        while table.finalState(of: _state.controls) == nil {
            if taken == microstepBound {
                if !queue.isEmpty || eventlessRowFires(seeing: current) { halt(after: steps[(first + 1)...]) }
                return
            }
            if table.hasEventlessRows,
                microstep(.eventless, kind: table.eventlessKind, seeing: current, keepsIgnored: false, into: &steps)
            {
                enqueue(steps[steps.count - 1], seeing: current, into: &queue)
            } else if !queue.isEmpty {
                let next = queue.removeFirst()
                current = next.event
                _ = microstep(next.cause, kind: next.kind, seeing: next.event, keepsIgnored: true, into: &steps)
                enqueue(steps[steps.count - 1], seeing: current, into: &queue)
            } else {
                return
            }
            taken += 1
        }
    }

    /// Whether an eventless row would fire now, seeing `event`: asked once, of a macrostep at its
    /// bound, on a copy of the state.
    func eventlessRowFires(seeing event: M.Event) -> Bool {
        guard table.hasEventlessRows else { return false }
        var state = _state
        var result = StepResult<M>(recording: [])
        table.step(&state, internalKind: table.eventlessKind, seeing: event, into: &result)
        return result.firedRowCount > 0
    }

    /// Halts the runtime after a macrostep cut at its bound, naming the rows its microsteps fired.
    mutating func halt(after microsteps: ArraySlice<RuntimeStep<M>>) {
        var rows: [String] = []
        for step in microsteps {
            for row in step.result?.firedRows ?? [] where !rows.contains(table.rows[row].id) {
                rows.append(table.rows[row].id)
            }
        }
        halt = .halted(rows: rows)
    }

    /// Queues what `step` raised and the done events it raised, in the order raised.
    func enqueue(_ step: RuntimeStep<M>, seeing event: M.Event, into queue: inout [QueuedEvent]) {
        guard let result = step.result else { return }
        let done = result.doneEvents
        var next = 0
        for (position, raised) in result.outbox.raised.enumerated() {
            while next < done.count, done[next].raisedBefore <= position {
                queue.append(queued(done[next], seeing: event))
                next += 1
            }
            queue.append((.raised(raised), raised, raised.kind.rawValue))
        }
        for doneEvent in done[next...] { queue.append(queued(doneEvent, seeing: event)) }
    }

    /// A done event as the internal queue holds it; its rows see `event`.
    func queued(_ done: DoneEvent, seeing event: M.Event) -> QueuedEvent {
        (.done(region: Int(done.region), state: Int(done.state)), event, Int(done.kind))
    }

    /// Takes one microstep of slot kind `kind`; records it when a row fired, or always with
    /// `keepsIgnored` (a raised or done event nothing handled). Returns whether a row fired.
    mutating func microstep(
        _ cause: RuntimeStep<M>.Cause, kind: Int, seeing event: M.Event, keepsIgnored: Bool,
        into steps: inout [RuntimeStep<M>]
    ) -> Bool {
        var result = StepResult<M>(recording: stepRecording)
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
