import MachineCore

extension Runtime {
    /// What the machine scheduled besides its timers, waiting for its deadline: an event it sent
    /// itself with a delay (`Outbox.send(_:after:id:)`, SCXML's `<send delay>`), or the delay
    /// of a row declared without a timer, running while its state is active.
    public struct ScheduledEvent: Sendable {
        /// What falls due.
        public enum Payload: Sendable {
            /// The event, sent under the id if any (`Outbox.cancelSend(_:)` cancels it).
            case event(M.Event, id: String?)
            /// The delay with this number (see `TransitionTable.delayedRows`).
            case delay(Int)
        }

        /// What falls due.
        public let payload: Payload
        /// The virtual time it falls due at; past `Runtime.latestTime` for one that never does.
        @usableFromInline let _deadline: Duration
        /// Its start number, shared with the timers: of two falling due at once, the lower first.
        @usableFromInline let serial: Int

        @inlinable
        init(payload: Payload, deadline: Duration, serial: Int) {
            self.payload = payload
            self._deadline = deadline
            self.serial = serial
        }

        /// The id it was sent under, if it is an event sent under one.
        @inlinable
        var id: String? {
            if case .event(_, let id) = payload { id } else { nil }
        }

        /// The number of the delay, if it is one.
        @inlinable
        var delay: Int? {
            if case .delay(let number) = payload { number } else { nil }
        }

        /// When it falls due: the end of the virtual clock (2^62 nanoseconds, about 146 years) for
        /// one scheduled for longer than the clock has left, which never falls due.
        @inlinable
        public var deadline: Duration { Swift.min(_deadline, Runtime<M>.latestTime) }

        /// Whether the clock can reach its deadline.
        @inlinable
        package var canFire: Bool { _deadline <= Runtime<M>.latestTime }
    }
}
