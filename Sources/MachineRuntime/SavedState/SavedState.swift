import MachineCore

/// A running machine, saved: everything a ``Runtime`` needs to go on exactly as it would have.
///
/// A saved state holds the control state of every region (by name), the history of its
/// compound states (see `History` in MachineCore), the context, the virtual
/// time, the running timers with their deadlines, and every request the runtime made, with its
/// id, its ordinal among its kind and its status (pending, answered, cancelled, or cancelled
/// and its answer dropped). It names its format version (`formatVersion`) and the machine it
/// belongs to (`TransitionTable.identity`), so that a file of another version or machine is
/// refused rather than misread.
///
/// Take one with ``Runtime/savedState``, write it with ``json()`` and read it back with
/// ``init(json:table:)`` (the machine's context and requests must be `Codable`), and restore a
/// runtime from it with ``Runtime/init(restoring:table:invariants:provider:)``, which checks everything
/// before building anything:
///
/// ```swift
/// let bytes = try runtime.savedState.json()
/// // … later, or in another process:
/// let restored = try Runtime(restoring: SavedState(json: bytes, table: table), table: table)
/// ```
///
/// Its ``now`` says when it was saved; to read the rest as the runtime would (its timers, their
/// deadlines, its requests), restore it: `Runtime(restoring: saved, table: table).timers`.
///
/// Timers, request kinds and control states are written by name, so a file stays readable and
/// survives a new case added at the end. The machine's work ledger is not saved: it is what the
/// runtime has running (its timers, its requests in flight), as it is for every runtime started
/// with nothing running, and a restore rebuilds it from them.
public struct SavedState<M: MachineDefinition>: Sendable {
    /// The format this version of the package writes and reads.
    ///
    /// Version 2 added ``history``, version 3 ``scheduled``; a file of an earlier version (which
    /// had none to save) is still read.
    package static var formatVersion: Int { 3 }

    /// The format: ``formatVersion`` (a version 1 file is read as the current format holds it).
    package let format: Int
    /// The identity of the machine's table (`TransitionTable.identity`).
    package let machine: String
    /// The control state of each region: region name to state name.
    package let controls: [String: String]
    /// The leaf each compound state entered by history remembers: `region.state` to the leaf's
    /// name, for the states exited at least once.
    package let history: [String: String]
    /// The extended state.
    package let context: M.Context
    /// The virtual time it was saved at: a restored runtime goes on from there.
    public let now: Duration
    /// The running timers, in the order of their last (re)start.
    package let timers: [TimerEntry]

    /// The number the runtime gave the timer it started last: ties between deadlines fire in
    /// the order of these numbers. Restoring refuses one above ``largestTimerSerial``.
    let lastTimerSerial: Int

    /// The greatest ``lastTimerSerial`` a restored runtime accepts: 2^62, more timer starts than
    /// any run makes, and far enough from `Int.max` that counting on cannot overflow.
    static var largestTimerSerial: Int { 1 << 62 }
    /// Every request made, in the order made.
    package let requests: [RequestEntry]
    /// The delayed sends and the delays of rows without a timer still pending, in the order of
    /// their last start (see `Runtime.scheduled`).
    package let scheduled: [ScheduledEntry]

    /// A delayed send or a delay still pending.
    package struct ScheduledEntry: Sendable, Equatable {
        /// The id of the row whose delay it is; `nil` for a sent event.
        package let delay: String?
        /// The event sent; `nil` for a delay.
        package let event: M.Event?
        /// The id the event was sent under, if any.
        package let id: String?
        /// When it falls due, or `nil` for one the clock never reaches.
        package let deadline: Duration?
        /// Its start number, in the timers' sequence.
        let serial: Int

        /// Equal parts; events compare by their own `==` when they have one, else by their
        /// descriptions (an event type need not be `Equatable`).
        package static func == (a: Self, b: Self) -> Bool {
            guard a.delay == b.delay, a.id == b.id, a.deadline == b.deadline, a.serial == b.serial else { return false }
            switch (a.event, b.event) {
            case (nil, nil): return true
            case (let x?, let y?):
                if let x = x as? any Equatable { return x.isEqual(to: y) }
                return String(reflecting: x) == String(reflecting: y)
            default: return false
            }
        }
    }

    /// A running timer.
    package struct TimerEntry: Hashable, Sendable {
        /// The timer's name.
        @usableFromInline package let name: String
        /// When it fires, or `nil` for a timer started for longer than the clock has left,
        /// which never fires (see ``Runtime/RunningTimer/canFire``).
        package let deadline: Duration?
        /// Its start number: of two timers due at once, the lower fires first.
        let serial: Int
    }

    /// A request the runtime made.
    package struct RequestEntry: Sendable, Equatable {
        /// Its number among all requests, from 1.
        package let id: Int
        /// The name of its kind.
        package let kind: String
        /// Its number among the requests of its kind, from 1.
        package let ordinal: Int
        /// What was asked.
        package let request: M.Request
        /// When it was made.
        package let madeAt: Duration
        /// Where it stands.
        package let status: RequestStatus
        /// When it was cancelled (for a cancelled or dropped request).
        let cancelledAt: Duration?
        /// The ordinal of the request of the same kind that replaced it, if that is why it was
        /// cancelled.
        package let supersededBy: Int?
    }

    /// Where a request stands.
    package enum RequestStatus: String, Sendable {
        /// In flight: no answer yet, not cancelled.
        case pending
        /// Answered, and the answer applied.
        case answered
        /// Cancelled (or superseded); no answer has come.
        case cancelled
        /// Cancelled, then answered: the answer was dropped, never applied.
        case dropped
    }
}

extension SavedState: Equatable where M.Context: Equatable {}

extension Runtime {
    /// The runtime's state, to be saved (``SavedState/json()``) and restored
    /// (``init(restoring:table:invariants:provider:)``). The provider, if any, is not part of it.
    public var savedState: SavedState<M> {
        SavedState(
            format: SavedState<M>.formatVersion,
            machine: table.identity,
            controls: Dictionary(
                uniqueKeysWithValues: table.regions.enumerated().map { index, region in
                    let state = _state.controls[index]
                    // A state index the region lacks (a hand-built state) is written as its number,
                    // which a restore refuses as an unknown state.
                    return (region.name, region.states.indices.contains(state) ? region.states[state] : String(state))
                }),
            history: Dictionary(
                uniqueKeysWithValues: table.historySlots.enumerated().compactMap { slot, compound in
                    let region = table.regions[compound.region]
                    guard let leaf = _state.controls[history: slot] else { return nil }
                    return (
                        "\(region.name).\(region.states[compound.state])",
                        region.states.indices.contains(leaf) ? region.states[leaf] : String(leaf)
                    )
                }),
            context: _state.context,
            now: _now,
            timers: _timers.map { running in
                SavedState<M>.TimerEntry(
                    name: table.timerNames[running.timer.rawValue], deadline: running.canFire ? running._deadline : nil,
                    serial: running.serial)
            },
            lastTimerSerial: timerSerial,
            requests: _requests.map { record in
                let status: SavedState<M>.RequestStatus =
                    switch (record.cancellation != nil, record.isAnswered) {
                    case (false, false): .pending
                    case (false, true): .answered
                    case (true, false): .cancelled
                    case (true, true): .dropped
                    }
                return SavedState<M>.RequestEntry(
                    id: record.id, kind: table.requestKindNames[record.reference.kind.rawValue],
                    ordinal: record.reference.ordinal, request: record.request,
                    madeAt: record.madeAt, status: status, cancelledAt: record.cancellation?.at,
                    supersededBy: record.cancellation?.supersededBy)
            },
            scheduled: _scheduled.map { scheduled in
                let deadline = scheduled.canFire ? scheduled._deadline : nil
                switch scheduled.payload {
                case .event(let event, let id):
                    return SavedState<M>.ScheduledEntry(
                        delay: nil, event: event, id: id, deadline: deadline, serial: scheduled.serial)
                case .delay(let number):
                    return SavedState<M>.ScheduledEntry(
                        delay: table.rows[table.delayedRows[number]].id, event: nil, id: nil, deadline: deadline,
                        serial: scheduled.serial)
                }
            })
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
