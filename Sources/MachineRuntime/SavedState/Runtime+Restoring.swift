import MachineCore

extension Runtime {
    /// A runtime that goes on exactly as the one `saved` was taken from would have: same
    /// control states, context, clock, timers (and their tie order), requests (ids, ordinals,
    /// statuses, what superseded what), so the same inputs give the same steps.
    ///
    /// Everything is checked before the runtime is handed out: a state of another format
    /// version or machine, or one no runtime can be in, is refused with the field at fault. A
    /// state no runtime can be in is one whose fields do not fit together (a request's ordinal,
    /// a timer's serial, a finished machine with work running), and one that breaks an invariant
    /// of the machine's (a region waiting for a request none is in flight for, a timer that runs
    /// in no state that waits for it): pass the machine's ``Invariant``s, the list it declares
    /// once for every tool (`AddressPicker.invariants`, say).
    ///
    /// - Parameters:
    ///   - saved: The saved state (``Runtime/savedState``, or ``SavedState/init(json:table:)``).
    ///   - table: The machine's table; its `TransitionTable.identity` must be the saved one.
    ///   - invariants: What every state of the machine satisfies; each is checked on the restored
    ///     runtime as it is (see `Observation.init(of:)`).
    ///   - provider: Answers every request at the instant it is made, as for
    ///     ``init(table:state:provider:)``; it also answers the requests still pending in
    ///     `saved`, oldest first, after the next step (as a provider whose run stopped
    ///     half-way would have).
    /// - Throws: ``SavedStateError``.
    public init(
        restoring saved: SavedState<M>, table: TransitionTable<M>, invariants: [Invariant<M>] = [],
        provider: Provider<M>? = nil
    ) throws(SavedStateError) {
        guard (1...SavedState<M>.formatVersion).contains(saved.format) else {
            throw .otherFormat(found: saved.format, expected: SavedState<M>.formatVersion)
        }
        let identity = table.identity
        guard saved.machine == identity else { throw .otherMachine(found: saved.machine, expected: identity) }
        let checker = SavedStateChecker<M>(table: table, now: saved.now)
        var controls = try checker.controls(saved.controls)
        try checker.remember(saved.history, in: &controls)
        try checker.check(time: saved.now, "now", from: .zero)
        let timers = try checker.timers(saved.timers, lastSerial: saved.lastTimerSerial)
        let scheduled = try checker.scheduled(saved.scheduled, lastSerial: saved.lastTimerSerial)
        let requests = try checker.requests(saved.requests)
        try checker.checkFinishedMachineIsIdle(controls, timers: timers, requests: requests)
        if !scheduled.isEmpty, table.finalState(of: controls) != nil {
            throw .inconsistent(field: "scheduled", problem: "the machine is finished, yet something is scheduled")
        }

        self.init(table: table, startingAt: MachineState(controls: controls, context: saved.context), provider: provider)
        _now = saved.now
        _timers = timers
        timerSerial = saved.lastTimerSerial
        _requests = requests
        // Loops over indices rather than `enumerated()`: this generic code is not specialised
        // for the machine, and an enumerated pair costs a metadata lookup per element.
        for index in requests.indices {
            let record = requests[index]
            let kind = record.reference.kind
            requestsOfKind[kind.rawValue].append(index)
            if record.isPending {
                pendingPosition[kind.rawValue] = index
                _state.work.pending.append(kind)
                if provider != nil { awaitingProvider.append(index) }
            }
        }
        for running in timers { _state.work.timers.append(running.timer) }
        _scheduled = scheduled
        for case .delay(let number) in scheduled.map(\.payload) { _state.work.delays |= 1 << UInt64(number) }
        if let broken = Invariant.firstViolation(among: invariants, of: Observation(of: self)) {
            throw .inconsistent(
                field: "state", problem: "\(broken.message) (the invariant: \(invariants[broken.position].name))")
        }
    }
}

/// Checks a saved state field by field and turns its names into the runtime's values.
struct SavedStateChecker<M: MachineDefinition> {
    let table: TransitionTable<M>
    let now: Duration

    /// A machine in a final state has ended its work (the step that finished it cancelled every
    /// timer and request): a saved one with timers running or requests in flight is a state no
    /// runtime can be in.
    func checkFinishedMachineIsIdle(
        _ controls: ControlStates, timers: [Runtime<M>.RunningTimer], requests: [RequestRecord<M>]
    ) throws(SavedStateError) {
        guard let final = table.finalState(of: controls) else { return }
        let region = table.regions[final.region]
        let finished = "\(region.name) is in its final state \(region.states[final.state])"
        if let running = timers.first {
            throw .inconsistent(
                field: "timers", problem: "\(finished), yet the timer '\(table.timerNames[running.timer.rawValue])' runs")
        }
        if let pending = requests.firstIndex(where: \.isPending) {
            throw .inconsistent(field: "requests[\(pending)].status", problem: "\(finished), yet the request is in flight")
        }
    }

    /// The control states, every region named once, every state a leaf of its region's.
    func controls(_ names: [String: String]) throws(SavedStateError) -> ControlStates {
        var controls = ControlStates()
        for (index, region) in table.regions.enumerated() {
            guard let name = names[region.name] else {
                throw .inconsistent(field: "controls", problem: "no state for region '\(region.name)'")
            }
            guard let state = region.states.firstIndex(of: name) else {
                throw .inconsistent(
                    field: "controls.\(region.name)",
                    problem: "'\(name)' is not a state of the region (\(region.states.joined(separator: ", ")))")
            }
            guard !region.isCompound(state) else {
                throw .inconsistent(
                    field: "controls.\(region.name)", problem: "'\(name)' has children; a region is always in a leaf")
            }
            controls[index] = state
        }
        if let unknown = names.keys.sorted().first(where: { table.regionIndex(named: $0) == nil }) {
            throw .inconsistent(field: "controls", problem: "the machine has no region '\(unknown)'")
        }
        return controls
    }

    /// Sets the history memory: every key names a compound state entered by history
    /// (`region.state`), every value a leaf below it.
    func remember(_ history: [String: String], in controls: inout ControlStates) throws(SavedStateError) {
        for key in history.keys.sorted() {
            let slot = table.historySlots.firstIndex {
                "\(table.regions[$0.region].name).\(table.regions[$0.region].states[$0.state])" == key
            }
            guard let slot else {
                throw .inconsistent(field: "history", problem: "'\(key)' is not a state the machine enters by history")
            }
            let compound = table.historySlots[slot]
            let region = table.regions[compound.region]
            guard let name = history[key], let leaf = region.states.firstIndex(of: name), !region.isCompound(leaf),
                region.ancestors(of: leaf).contains(compound.state)
            else {
                throw .inconsistent(field: "history.\(key)", problem: "'\(history[key] ?? "")' is not a leaf of \(key)")
            }
            controls[history: slot] = leaf
        }
    }

    /// Checks that `time` is an instant of the virtual clock, no earlier than `earliest` and no
    /// later than ``now``.
    func check(time: Duration, _ field: @autoclosure () -> String, from earliest: Duration) throws(SavedStateError) {
        guard time >= .zero, time <= Runtime<M>.latestTime else {
            throw .inconsistent(field: field(), problem: "\(time) is outside the virtual clock's range (0 to 2^62 nanoseconds)")
        }
        guard time >= earliest else { throw .inconsistent(field: field(), problem: "\(time) is before \(earliest)") }
        guard time <= now else { throw .inconsistent(field: field(), problem: "\(time) is after the saved time now (\(now))") }
    }

    /// The running timers: known names, each once, due no earlier than now, their serials
    /// increasing and no greater than the last one given.
    func timers(_ entries: [SavedState<M>.TimerEntry], lastSerial: Int) throws(SavedStateError) -> [Runtime<M>.RunningTimer] {
        var timers: [Runtime<M>.RunningTimer] = []
        timers.reserveCapacity(entries.count)
        var previousSerial = 0
        for index in entries.indices {
            let entry = entries[index]
            var field: String { "timers[\(index)]" }
            guard let timer = table.timerNames.firstIndex(of: entry.name).flatMap(M.Timer.init(rawValue:)) else {
                throw .inconsistent(field: "\(field).name", problem: "the machine has no timer '\(entry.name)'")
            }
            guard !timers.contains(where: { $0.timer == timer }) else {
                throw .inconsistent(field: "\(field).name", problem: "the timer '\(entry.name)' is listed twice")
            }
            let deadline = try checkedDeadline(entry.deadline, field: field)
            try checkSerial(entry.serial, after: previousSerial, upTo: lastSerial, field: field, of: "timer's")
            previousSerial = entry.serial
            timers.append(Runtime<M>.RunningTimer(timer: timer, deadline: deadline, serial: entry.serial))
        }
        guard lastSerial >= 0 else { throw .inconsistent(field: "lastTimerSerial", problem: "\(lastSerial) is negative") }
        // No run starts 2^62 timers; a larger serial could only overflow at the next start.
        guard lastSerial <= SavedState<M>.largestTimerSerial else {
            throw .inconsistent(field: "lastTimerSerial", problem: "\(lastSerial) is above 2^62, more timers than any run starts")
        }
        return timers
    }

    /// A saved deadline: between now and the end of the virtual clock; none for one past it.
    private func checkedDeadline(_ due: Duration?, field: String) throws(SavedStateError) -> Duration {
        guard let due else { return Runtime<M>.never }
        guard due >= now, due <= Runtime<M>.latestTime else {
            throw .inconsistent(
                field: "\(field).deadline",
                problem: "\(due) is not between the saved time now (\(now)) and the end of the virtual clock")
        }
        return due
    }

    /// A saved start number: above the previous one (`previous`'s, named `whose`) and at most the
    /// last one given.
    private func checkSerial(
        _ serial: Int, after previous: Int, upTo last: Int, field: String, of whose: String
    ) throws(SavedStateError) {
        guard serial > previous, serial <= last else {
            throw .inconsistent(
                field: "\(field).serial",
                problem: "\(serial) is not above the previous \(whose) (\(previous)) and at most lastTimerSerial (\(last))")
        }
    }

    /// The delayed sends and delays: delays of rows that are delayed without a timer, each once,
    /// due no earlier than now, serials increasing and at most the last one given.
    func scheduled(
        _ entries: [SavedState<M>.ScheduledEntry], lastSerial: Int
    ) throws(SavedStateError) -> [Runtime<M>.ScheduledEvent] {
        var scheduled: [Runtime<M>.ScheduledEvent] = []
        var previousSerial = 0
        for index in entries.indices {
            let entry = entries[index]
            var field: String { "scheduled[\(index)]" }
            let payload: Runtime<M>.ScheduledEvent.Payload
            if let rowID = entry.delay {
                guard let number = table.delayedRows.firstIndex(where: { table.rows[$0].id == rowID }) else {
                    throw .inconsistent(
                        field: "\(field).delay", problem: "the machine has no row '\(rowID)' delayed without a timer")
                }
                guard !scheduled.contains(where: { $0.delay == number }) else {
                    throw .inconsistent(field: "\(field).delay", problem: "the delay of '\(rowID)' is listed twice")
                }
                payload = .delay(number)
            } else if let event = entry.event {
                payload = .event(event, id: entry.id)
            } else {
                throw .inconsistent(field: field, problem: "neither a delay nor an event")
            }
            let deadline = try checkedDeadline(entry.deadline, field: field)
            try checkSerial(entry.serial, after: previousSerial, upTo: lastSerial, field: field, of: "one's")
            previousSerial = entry.serial
            scheduled.append(Runtime<M>.ScheduledEvent(payload: payload, deadline: deadline, serial: entry.serial))
        }
        return scheduled
    }

    /// The requests: ids 1, 2, 3, …; each kind's ordinals 1, 2, 3, …; times in order; a
    /// status that matches its cancellation; at most one request of a kind in flight, its last.
    func requests(_ entries: [SavedState<M>.RequestEntry]) throws(SavedStateError) -> [RequestRecord<M>] {
        let names = table.requestKindNames
        var counts = [Int](repeating: 0, count: names.count)
        for entry in entries {
            if let kind = names.firstIndex(of: entry.kind) { counts[kind] += 1 }
        }
        var records: [RequestRecord<M>] = []
        records.reserveCapacity(entries.count)
        var made = [Int](repeating: 0, count: names.count)
        var lastMadeAt = Duration.zero
        for index in entries.indices {
            let entry = entries[index]
            var field: String { "requests[\(index)]" }
            guard entry.id == index + 1 else {
                throw .inconsistent(
                    field: "\(field).id", problem: "\(entry.id) is not \(index + 1): ids count the requests from 1")
            }
            guard let kind = names.firstIndex(of: entry.kind).flatMap(M.Request.Kind.init(rawValue:)) else {
                throw .inconsistent(field: "\(field).kind", problem: "the machine has no request kind '\(entry.kind)'")
            }
            guard entry.request.kind == kind else {
                throw .inconsistent(
                    field: "\(field).request",
                    problem: "a \(names[entry.request.kind.rawValue]) request is not of kind \(entry.kind)")
            }
            made[kind.rawValue] += 1
            guard entry.ordinal == made[kind.rawValue] else {
                throw .inconsistent(
                    field: "\(field).ordinal",
                    problem: "\(entry.ordinal) is not \(made[kind.rawValue]): ordinals count each kind's requests from 1")
            }
            try check(time: entry.madeAt, "\(field).madeAt", from: lastMadeAt)
            lastMadeAt = entry.madeAt
            var record = RequestRecord<M>(
                id: entry.id, reference: RequestReference(kind, entry.ordinal), request: entry.request,
                madeAt: entry.madeAt)
            switch entry.status {
            case .pending, .answered:
                guard entry.cancelledAt == nil, entry.supersededBy == nil else {
                    throw .inconsistent(
                        field: field, problem: "a request \(entry.status.rawValue) was never cancelled nor superseded")
                }
                if entry.status == .pending, entry.ordinal != counts[kind.rawValue] {
                    throw .inconsistent(
                        field: "\(field).status",
                        problem:
                            "\(entry.kind)#\(entry.ordinal) is pending, but a later \(entry.kind) request was made: one request of a kind is in flight at a time"
                    )
                }
            case .cancelled, .dropped:
                guard let at = entry.cancelledAt else {
                    throw .inconsistent(
                        field: "\(field).cancelledAt",
                        problem: "a \(entry.status.rawValue) request needs the time it was cancelled")
                }
                try check(time: at, "\(field).cancelledAt", from: entry.madeAt)
                var cancellation = RequestRecord<M>.Cancellation(at: at)
                if let successor = entry.supersededBy {
                    guard successor > entry.ordinal, successor <= counts[kind.rawValue] else {
                        throw .inconsistent(
                            field: "\(field).supersededBy",
                            problem: "\(entry.kind)#\(successor) is not a later \(entry.kind) request")
                    }
                    cancellation.supersededBy = successor
                }
                record.cancellation = cancellation
            }
            record.isAnswered = entry.status == .answered || entry.status == .dropped
            records.append(record)
        }
        return records
    }
}
