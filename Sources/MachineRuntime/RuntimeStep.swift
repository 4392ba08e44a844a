import MachineCore

/// One step the runtime took: what came in, when, and what the machine did with it.
public struct RuntimeStep<M: MachineDefinition>: Sendable {
    /// What caused a step: what came in from outside the machine, or, for a microstep the
    /// runtime takes after it, the machine itself.
    public enum Cause: Sendable {
        /// An event from the host.
        case event(M.Event)
        /// A timer fired.
        case timer(M.Timer)
        /// A provider answered a request in flight.
        case answer(RequestReference<M.Request.Kind>, M.Event)
        /// An answer came for a request that had been cancelled or superseded: it was dropped,
        /// never applied.
        case drop(RequestReference<M.Request.Kind>, M.Event, RequestRecord<M>.Cancellation)
        /// A microstep: the machine's eventless rows, taken because a guard held after the
        /// previous step.
        case eventless
        /// A microstep: an event an action raised (`Outbox.raise(_:)`).
        case raised(M.Event)
        /// A microstep: the done event of state `state` of region `region` (by index): a
        /// compound state entered one of its final children, or every region within a parallel
        /// state is in a final state.
        case done(region: Int, state: Int)
        /// The machine's start: entering its initial configuration, before any input (see
        /// `Runtime.init(table:state:provider:)`).
        case start
        /// An event the machine sent itself (`Outbox.send(_:)`, or with a delay that fell due),
        /// taken from the external queue as an input of its own.
        case sent(M.Event)
        /// The delay of the row at this index, declared without a timer, fell due.
        case delay(row: Int)
    }

    /// Whether the step is a microstep the runtime took after an input: eventless, raised or
    /// done.
    @inlinable
    public var isMicrostep: Bool {
        switch cause {
        case .event, .timer, .answer, .drop, .start, .sent, .delay: false
        case .eventless, .raised, .done: true
        }
    }

    /// The virtual time of the step.
    public let time: Duration
    /// What caused it.
    public let cause: Cause
    /// What the machine did, or `nil` for a dropped answer (it never reached the machine).
    public let result: StepResult<M>?
    /// The state before the step.
    public let before: MachineState<M>
    /// The state after the step.
    public let after: MachineState<M>
    /// The guards of the eventless rows the runtime evaluated after this step when none of them
    /// held (the check that ended the input's microsteps), in evaluation order: no step records
    /// them otherwise, and coverage counts them as seen false.
    package var eventlessChecks: [GuardCheck] = []

    @inlinable
    init(time: Duration, cause: Cause, result: StepResult<M>?, before: MachineState<M>, after: MachineState<M>) {
        self.time = time
        self.cause = cause
        self.result = result
        self.before = before
        self.after = after
    }

    /// The commands of the step, in order.
    public var commands: [Command<M>] { result?.commands ?? [] }

    /// Whether no row fired (also true for a dropped answer).
    @inlinable
    public var isIgnored: Bool { result?.firedRows.isEmpty ?? true }
}

extension Array {
    /// The host outputs of these steps, in order.
    public func outputs<M>() -> [M.Output] where Element == RuntimeStep<M> {
        flatMap(\.commands).compactMap { command in
            if case .output(let output) = command { output } else { nil }
        }
    }
}
