import MachineCore

/// A provider that answers a request at the instant it is made (an offline geocoder, a test
/// double): what a ``Runtime`` asks when it makes a request. ``LiveRuntime`` takes an
/// asynchronous one, ``LiveRuntime/Provider``.
public typealias Provider<M: MachineDefinition> = @Sendable (M.Request) -> M.Event

/// Runs a machine deterministically on a virtual clock.
///
/// The runtime is the one place that owns time and work in flight. It steps the machine, then
/// performs the step's commands: it starts and cancels timers on the virtual clock, and starts
/// and cancels requests, each with an id and a number per kind. A request is either held until
/// ``respond(_:_:with:)`` answers it (scripts and tests), or answered at once by an ``Provider``,
/// as a step of its own. An answer to a request that was cancelled or superseded is dropped, and
/// the drop is recorded as a step, never applied. Host outputs are in each step's commands.
///
/// Every method returns the steps it took, with the state before and after each. An input's
/// step is followed by the machine's own *microsteps*, before the method returns: its eventless
/// rows, the events its actions raised and the done events of its states, each a step of its own
/// (run-to-completion; see ``microstepBound``).
///
/// A new runtime *starts* its machine, as SCXML does: it enters the initial configuration (every
/// state's entry action, in document order, and the delays of the states entered), then takes
/// the microsteps that follow, before any input. ``startSteps`` holds those steps. The start's
/// guards and actions see the machine's `MachineDefinition.startEvent`; a machine that
/// declares none starts its states' delays and runs no action (see that property).
///
/// The virtual clock runs from zero to `latestTime` (2^62 nanoseconds, about 146 years), so
/// that no input can make its arithmetic overflow: an ``advance(by:)`` past the end throws
/// ``RuntimeError/clockOverflow(now:advance:)``. The machine's own durations are never refused,
/// since a step cannot be undone half-way: a timer started for zero or less falls due at once
/// (time never goes back), and one started for longer than the clock has left never fires (see
/// `RunningTimer.canFire`). Request ordinals are checked before any arithmetic.
public struct Runtime<M: MachineDefinition>: Sendable {
    /// The machine's table.
    public let table: TransitionTable<M>
    @usableFromInline var _state: MachineState<M>
    @usableFromInline var _now: Duration = .zero
    @usableFromInline var _requests: [RequestRecord<M>] = []
    @usableFromInline var _timers: [RunningTimer] = []
    @usableFromInline let provider: Provider<M>?
    @usableFromInline var timerSerial = 0
    /// The positions in `_requests` of each kind's requests, in ordinal order.
    @usableFromInline var requestsOfKind: [[Int]]
    /// The position of each kind's request in flight.
    @usableFromInline var pendingPosition: [Int?]
    /// Requests a provider has yet to answer, oldest first.
    @usableFromInline var awaitingProvider: [Int] = []
    /// The events sent delayed and the delays of rows without a timer, waiting for their
    /// deadlines, in the order of their last start.
    @usableFromInline var _scheduled: [ScheduledEvent] = []
    /// The events the machine sent itself without a delay, waiting for the macrostep to end:
    /// empty between inputs.
    @usableFromInline var externalQueue: [M.Event] = []
    /// How many microsteps one macrostep may take: one that would take more halts the runtime
    /// (see ``halt``): 10,000 unless set.
    public var microstepBound = Runtime.defaultMicrostepBound
    /// Why the runtime halted, or `nil` while it runs: a macrostep that would have taken more
    /// than ``microstepBound`` microsteps (eventless rows that keep enabling each other, events
    /// raised in a circle) was cut there, its steps until then returned as for any input. A
    /// halted runtime takes no more input: each input throws this error.
    public internal(set) var halt: RuntimeError?
    /// The steps of the machine's start: entering its initial configuration, then the microsteps
    /// that follow (see ``init(table:state:provider:)``); empty for a restored runtime and for a
    /// machine without a `MachineDefinition.startEvent`.
    public internal(set) var startSteps: [RuntimeStep<M>] = []
    /// Whether the runtime has taken no input yet: what follows its ``startSteps`` is the first.
    @usableFromInline package internal(set) var isFresh = true
    /// What the steps record besides their fired rows and commands (``StepResult/recording``):
    /// everything unless set; exhaustive verification, which reads only the fired rows and what
    /// its invariants read, records neither guard checks nor state changes.
    @usableFromInline package var stepRecording = StepRecording.all

    /// The machine's state now. Lent where the runtime keeps it, not copied (a copy of a state
    /// retains every field of its context): a script's `expect` reads it at every expectation.
    @inlinable public var state: MachineState<M> {
        _read { yield _state }
    }
    /// The virtual time now, from zero at the start.
    @inlinable public var now: Duration { _now }
    /// Every request made so far, in the order made (a request's `id` is its position + 1).
    @inlinable public var requests: [RequestRecord<M>] { _requests }
    /// The running timers, in the order of their last (re)start.
    @inlinable public var timers: [RunningTimer] { _timers }
    /// The events the machine sent itself with a delay (`Outbox.send(_:after:id:)`) and the
    /// running delays of its rows without a timer, each with its deadline, in the order of their
    /// last start.
    @inlinable public var scheduled: [ScheduledEvent] { _scheduled }

    /// What `violation` says of the state, passed where the runtime keeps it: read through
    /// ``state`` to be passed on, it is copied first (through its value witness, as a generic
    /// value), and destroyed after.
    @inlinable
    package func check(_ violation: (MachineState<M>) -> String?) -> String? { violation(_state) }
    /// What the state invariant whose checks are `checks` says of the state, passed where the
    /// runtime keeps it (see ``check(_:)``), its closure called where `checks` keeps it (see
    /// `Invariant.firstViolation(among:of:isNewState:)`).
    @inlinable
    func check(_ checks: Invariant<M>.Checks) -> String? { checks.stateViolation?(_state) }
    /// Whether this runtime's state and `other`'s share their context
    /// (`MachineState.sharesContext(with:)`), read where the runtimes keep their states.
    @inlinable
    package func sharesContext(with other: Runtime) -> Bool { _state.sharesContext(with: other._state) }
    /// The hash of the context, read where the runtime keeps its state.
    @inlinable
    package func contextHashValue() -> Int where M.Context: Hashable { _state.contextHashValue() }

    /// A running timer and when it falls due (its `deadline`).
    public struct RunningTimer: Hashable, Sendable {
        /// The timer.
        public let timer: M.Timer
        /// The virtual time it fires at; past ``Runtime/latestTime`` for a timer that never fires.
        @usableFromInline let _deadline: Duration
        @usableFromInline let serial: Int

        @inlinable
        init(timer: M.Timer, deadline: Duration, serial: Int) {
            self.timer = timer
            self._deadline = deadline
            self.serial = serial
        }
    }

    /// A runtime for `table`, starting from `state`.
    ///
    /// - Parameters:
    ///   - table: The machine's table.
    ///   - state: Where the machine starts; the clock starts at zero.
    ///   - provider: Answers every request at the instant it is made; without one,
    ///     requests wait for ``respond(_:_:with:)``.
    ///
    /// The runtime starts the machine in `state`'s configuration (see ``startSteps``): it enters
    /// every active state, in document order, running its entry action and starting its delays;
    /// a compound state whose active child is the one
    /// it enters by default also runs its initial action (`Initial`). Then it takes the
    /// microsteps that follow: eventless rows, raised events, done events. Those steps see the
    /// machine's `MachineDefinition.startEvent`. A machine without one only starts the delays
    /// of the states it is in, as entering them at time zero would, and runs no action.
    ///
    /// A table built from a mistaken declaration stops the program here, with the mistake.
    public init(table: TransitionTable<M>, state: MachineState<M>, provider: Provider<M>? = nil) {
        self.init(table: table, startingAt: state, provider: provider)
        guard let event = M.startEvent else {
            for delay in table.timers(activeIn: state.controls, context: state.context)
            where !_state.work.timers.contains(delay.timer) {
                _state.work.timers.append(delay.timer)
                timerSerial += 1
                _timers.append(RunningTimer(timer: delay.timer, deadline: due(after: delay.duration), serial: timerSerial))
            }
            return
        }
        var result = StepResult<M>(recording: stepRecording)
        let before = _state
        table.start(&_state, seeing: event, into: &result)
        var steps: [RuntimeStep<M>] = []
        record(.start, result, before: before, into: &steps)
        runToCompletion(from: 0, seeing: event, into: &steps)
        do throws(RuntimeError) { try settle(into: &steps) } catch { halt = error }
        startSteps = steps
    }

    /// A runtime that starts from `state` exactly as it is, no timer started: what a restored
    /// runtime begins as, before its saved timers and requests are put back.
    init(table: TransitionTable<M>, startingAt state: MachineState<M>, provider: Provider<M>?) {
        if let error = table.invalidity { preconditionFailure("invalid transition table: \(error)") }
        self.table = table
        self._state = state
        self.provider = provider
        self.requestsOfKind = Array(repeating: [], count: M.Request.Kind.allCases.count)
        self.pendingPosition = Array(repeating: nil, count: M.Request.Kind.allCases.count)
    }

    /// The earliest deadline the clock can reach among the running timers and the scheduled
    /// events (``scheduled``), or `nil` when nothing will fall due: when the next step of the
    /// clock's own comes.
    public var nextDeadline: Duration? {
        let timers = _timers.lazy.filter { $0.canFire }.map { $0.deadline }.min()
        let events = _scheduled.lazy.filter { $0.canFire }.map { $0.deadline }.min()
        switch (timers, events) {
        case (let a?, let b?): return Swift.min(a, b)
        case (let a, let b): return a ?? b
        }
    }

    /// Moves the clock on to `time` without firing anything, as far as the earliest deadline at
    /// most (see ``nextDeadline``): the runtime as it is at `time` when nothing fell due before,
    /// for saving the present moment without taking a step (a live runtime between inputs).
    package mutating func idle(until time: Duration) {
        let end = nextDeadline.map { Swift.min(time, $0) } ?? time
        if end > _now { _now = end }
    }

    /// Whether the machine has finished: a region at the top is in a final state at its top. A
    /// finished machine ignores every event.
    public var isFinished: Bool { table.finalState(of: _state.controls) != nil }

    /// The requests still waiting for an answer, in the order made.
    public var pendingRequests: [RequestRecord<M>] { pendingPosition.compactMap { $0 }.sorted().map { _requests[$0] } }

    /// The `ordinal`-th request of `kind` (from 1), if it was made; `nil` for any other number.
    package func request(_ kind: M.Request.Kind, _ ordinal: Int) -> RequestRecord<M>? {
        position(of: kind, ordinal).map { _requests[$0] }
    }

    /// The position in `_requests` of the `ordinal`-th request of `kind`, if it was made. The
    /// ordinal comes from the caller: it is compared before it is used, never decremented blind.
    @inlinable
    func position(of kind: M.Request.Kind, _ ordinal: Int) -> Int? {
        let positions = requestsOfKind[kind.rawValue]
        guard ordinal >= 1, ordinal <= positions.count else { return nil }
        return positions[ordinal - 1]
    }

    /// Delivers a host event.
    @inlinable
    public mutating func send(_ event: M.Event) throws(RuntimeError) -> [RuntimeStep<M>] {
        var steps: [RuntimeStep<M>] = []
        try send(event, into: &steps)
        return steps
    }

    /// Delivers a host event, appending its steps to `steps`: a search that keeps one list of
    /// steps for all its inputs allocates it once (see ``apply(_:into:)``).
    @inlinable
    package mutating func send(_ event: M.Event, into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        if let halt { throw halt }
        guard table.isHostEvent(event.kind) else { throw .notAHostEvent(event.kind.name) }
        isFresh = false
        try perform(.event(event), event, into: &steps)
    }

    /// Moves the virtual clock forward; the timers, delays and delayed sends that fall due fire
    /// in time order (ties in start order), each as its own step. A timer of zero duration fires
    /// even on `advance(by: .zero)`.
    ///
    /// - Throws: ``RuntimeError/negativeDuration(_:)`` for a negative `duration`, and
    ///   ``RuntimeError/clockOverflow(now:advance:)`` when it would take the clock past
    ///   `latestTime`; nothing changes then. ``RuntimeError/timerLoop(timer:steps:)`` when a
    ///   timer keeps falling due at one instant: the firings until then stand.
    @inlinable
    public mutating func advance(by duration: Duration) throws(RuntimeError) -> [RuntimeStep<M>] {
        var steps: [RuntimeStep<M>] = []
        try advance(by: duration, into: &steps)
        return steps
    }

    /// Moves the virtual clock forward (``advance(by:)``), appending the steps to `steps`.
    @inlinable
    package mutating func advance(by duration: Duration, into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        if let halt { throw halt }
        guard duration >= .zero else { throw .negativeDuration(duration) }
        // The clock is in its range, so the subtraction cannot overflow, nor then the addition.
        guard duration <= Self.latestTime - _now else { throw .clockOverflow(now: _now, advance: duration) }
        let end = _now + duration
        isFresh = false
        var firedAtOneInstant = 0
        while let next = nextDue(by: end) {
            // A timer that restarts itself for zero would fire forever without time passing.
            firedAtOneInstant = next.deadline == _now ? firedAtOneInstant + 1 : 1
            guard firedAtOneInstant <= Self.loopBound else {
                throw .timerLoop(timer: name(of: next), steps: firedAtOneInstant - 1)
            }
            _now = next.deadline
            switch next.due {
            case .timer(let index):
                let fired = _timers.remove(at: index)
                try perform(.timer(fired.timer), M.event(firing: fired.timer), into: &steps)
            case .scheduled(let index):
                let fired = _scheduled.remove(at: index)
                switch fired.payload {
                case .event(let event, _): try perform(.sent(event), event, into: &steps)
                case .delay(let number): try performDelay(number, into: &steps)
                }
            }
            // A macrostep that ran away halts the runtime: the clock stops at its time.
            if halt != nil { return }
        }
        _now = end
    }

    /// What falls due next: a timer or a scheduled event, by its position in its list.
    @usableFromInline
    enum Due {
        case timer(Int)
        case scheduled(Int)
    }

    /// The timer or scheduled event that falls due first by `end` (ties in start order), if any.
    @inlinable
    func nextDue(by end: Duration) -> (due: Due, deadline: Duration)? {
        var best: (due: Due, deadline: Duration, serial: Int)?
        for (index, timer) in _timers.enumerated() where timer._deadline <= end {
            if best.map({ (timer._deadline, timer.serial) < ($0.deadline, $0.serial) }) ?? true {
                best = (.timer(index), timer._deadline, timer.serial)
            }
        }
        for (index, scheduled) in _scheduled.enumerated() where scheduled._deadline <= end {
            if best.map({ (scheduled._deadline, scheduled.serial) < ($0.deadline, $0.serial) }) ?? true {
                best = (.scheduled(index), scheduled._deadline, scheduled.serial)
            }
        }
        return best.map { ($0.due, $0.deadline) }
    }

    /// The name a loop error gives what fell due: the timer, the row of a delay, the sent event.
    @usableFromInline
    func name(of due: (due: Due, deadline: Duration)) -> String {
        switch due.due {
        case .timer(let index): _timers[index].timer.name
        case .scheduled(let index):
            switch _scheduled[index].payload {
            case .event(let event, _): event.kind.name
            case .delay(let number): table.rows[table.delayedRows[number]].id
            }
        }
    }

    /// How many timer firings at one instant, or immediate answers or sent events for one input,
    /// make a loop.
    @usableFromInline static var loopBound: Int { 10_000 }

    /// Answers a request of `kind`: the one in flight when `ordinal` is `nil`, else the
    /// `ordinal`-th of that kind (from 1), even one already cancelled, whose answer is then
    /// dropped and recorded.
    @inlinable
    public mutating func respond(
        _ kind: M.Request.Kind, _ ordinal: Int? = nil, with answer: M.Event
    ) throws(RuntimeError) -> [RuntimeStep<M>] {
        var steps: [RuntimeStep<M>] = []
        try respond(kind, ordinal, with: answer, into: &steps)
        return steps
    }

    /// Answers a request (``respond(_:_:with:)``), appending the steps to `steps`.
    @inlinable
    package mutating func respond(
        _ kind: M.Request.Kind, _ ordinal: Int?, with answer: M.Event, into steps: inout [RuntimeStep<M>]
    ) throws(RuntimeError) {
        if let halt { throw halt }
        guard M.requestKind(answeredBy: answer.kind) == kind else {
            throw .wrongAnswer(kind: kind.name, event: answer.kind.name)
        }
        let index: Int
        if let ordinal {
            guard let found = position(of: kind, ordinal) else {
                throw .noSuchRequest(RequestReference(kind, ordinal).description)
            }
            index = found
        } else {
            guard let found = pendingPosition[kind.rawValue] else { throw .noPendingRequest(kind: kind.name) }
            index = found
        }
        guard !_requests[index].isAnswered else { throw .alreadyAnswered(_requests[index].reference.description) }
        isFresh = false
        try deliver(answer, to: index, into: &steps)
    }

    /// Applies `answer` to the request at `index`, or records its drop; then settles.
    @inlinable
    mutating func deliver(_ answer: M.Event, to index: Int, into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        take(answer, forRequestAt: index, into: &steps)
        try settle(into: &steps)
    }

    /// Applies `answer` to the request at `index` as a step (and its macrostep), or records its
    /// drop when the request was cancelled.
    @inlinable
    mutating func take(_ answer: M.Event, forRequestAt index: Int, into steps: inout [RuntimeStep<M>]) {
        _requests[index].isAnswered = true
        // The parts read where the list keeps the record: the record (with its request) is not
        // copied, through its generic value witnesses, to read them.
        let reference = _requests[index].reference
        let kind = reference.kind.rawValue
        if pendingPosition[kind] == index { pendingPosition[kind] = nil }
        if let cancellation = _requests[index].cancellation {
            steps.append(
                RuntimeStep(
                    time: _now, cause: .drop(reference, answer, cancellation),
                    result: nil, before: _state, after: _state))
        } else {
            step(.answer(reference, answer), answer, into: &steps)
        }
    }

    /// Steps the machine with an input's event and its macrostep, then settles.
    @inlinable
    mutating func perform(
        _ cause: consuming RuntimeStep<M>.Cause, _ event: M.Event, into steps: inout [RuntimeStep<M>]
    ) throws(RuntimeError) {
        step(cause, event, into: &steps)
        try settle(into: &steps)
    }

    /// Handles what the macrosteps taken so far left for after them, each as an input of its own
    /// with its macrostep, until nothing is left: the events the machine sent itself without a
    /// delay (`Outbox.send(_:after:id:)`), in the order sent, then the answers of the provider, if any,
    /// to the requests made meanwhile.
    ///
    /// - Throws: ``RuntimeError/sendLoop(steps:)`` or ``RuntimeError/answerLoop(steps:)`` when
    ///   either keeps coming: more than 10,000 for one input.
    @inlinable
    mutating func settle(into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        var sent = 0
        var answered = 0
        while halt == nil {
            if !externalQueue.isEmpty {
                sent += 1
                guard sent <= Self.loopBound else {
                    externalQueue = []
                    throw .sendLoop(steps: sent)
                }
                let event = externalQueue.removeFirst()
                step(.sent(event), event, into: &steps)
                continue
            }
            guard let provider, !awaitingProvider.isEmpty else { return }
            let index = awaitingProvider.removeFirst()
            guard _requests[index].isPending else { continue }
            answered += 1
            if answered > Self.loopBound { throw .answerLoop(steps: answered) }
            take(provider(_requests[index].request), forRequestAt: index, into: &steps)
        }
        externalQueue = []
    }

    /// Steps the machine with an input's event, then runs it to completion: the microsteps
    /// that follow (see ``runToCompletion(from:seeing:into:)``).
    @inlinable
    mutating func step(_ cause: consuming RuntimeStep<M>.Cause, _ event: M.Event, into steps: inout [RuntimeStep<M>]) {
        var result = StepResult<M>(recording: stepRecording)
        let before = _state
        table.step(&_state, event, into: &result)
        let continues = table.hasEventlessRows || result.hasRaisedEvents
        record(consume cause, consume result, before: consume before, into: &steps)
        if continues { runToCompletion(from: steps.count - 1, seeing: event, into: &steps) }
    }

    /// Fires delay `number` (of a row declared without a timer), as an input of its own: its
    /// step, its macrostep, then what they leave to settle. Its closures see the machine's start
    /// event, which the table requires of a machine with such rows.
    @usableFromInline
    mutating func performDelay(_ number: Int, into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        guard let event = M.startEvent else { return }
        var result = StepResult<M>(recording: stepRecording)
        let before = _state
        table.step(&_state, delay: number, seeing: event, into: &result)
        let continues = table.hasEventlessRows || result.hasRaisedEvents
        record(.delay(row: table.delayedRows[number]), result, before: before, into: &steps)
        if continues { runToCompletion(from: steps.count - 1, seeing: event, into: &steps) }
        try settle(into: &steps)
    }

    /// Performs a step's commands and records it.
    @inlinable
    mutating func record(
        _ cause: consuming RuntimeStep<M>.Cause, _ result: consuming StepResult<M>, before: consuming MachineState<M>,
        into steps: inout [RuntimeStep<M>]
    ) {
        var cancelledNow: [(kind: Int, index: Int)] = []
        // Matched where the list keeps them: a command copied out of it goes through its generic
        // value witness, and is destroyed the same way.
        let commands = result.commands
        for position in commands.indices {
            switch commands[position] {
            case .startTimer(let timer, let duration):
                if let index = _timers.firstIndex(where: { $0.timer == timer }) { _timers.remove(at: index) }
                timerSerial += 1
                _timers.append(RunningTimer(timer: timer, deadline: due(after: duration), serial: timerSerial))
            case .cancelTimer(let timer):
                if let index = _timers.firstIndex(where: { $0.timer == timer }) { _timers.remove(at: index) }
            case .request(let request):
                let kind = request.kind.rawValue
                let ordinal = requestsOfKind[kind].count + 1
                if let index = cancel(kind) { cancelledNow.append((kind, index)) }
                if let superseded = cancelledNow.last(where: { $0.kind == kind }) {
                    _requests[superseded.index].cancellation?.supersededBy = ordinal
                }
                _requests.append(
                    RequestRecord(
                        id: _requests.count + 1, reference: RequestReference(request.kind, ordinal), request: request,
                        madeAt: _now))
                requestsOfKind[kind].append(_requests.count - 1)
                pendingPosition[kind] = _requests.count - 1
                if provider != nil { awaitingProvider.append(_requests.count - 1) }
            case .cancel(let kind):
                if let index = cancel(kind.rawValue) { cancelledNow.append((kind.rawValue, index)) }
            case .output:
                break
            }
        }
        for send in result.outbox.sends {
            switch send {
            case .event(let event, nil, _):
                externalQueue.append(event)
            case .event(let event, let delay?, let id):
                timerSerial += 1
                _scheduled.append(
                    ScheduledEvent(payload: .event(event, id: id), deadline: due(after: delay), serial: timerSerial))
            case .cancel(let id):
                _scheduled.removeAll { $0.id == id }
            case .startDelay(let number, let delay):
                _scheduled.removeAll { $0.delay == number }
                timerSerial += 1
                _scheduled.append(ScheduledEvent(payload: .delay(number), deadline: due(after: delay), serial: timerSerial))
            case .cancelDelay(let number):
                _scheduled.removeAll { $0.delay == number }
            }
        }
        // The machine's end discards the events it sent itself and has not taken, delayed or
        // not, as the end of an SCXML session does.
        if !_scheduled.isEmpty || !externalQueue.isEmpty, table.finalState(of: _state.controls) != nil {
            _scheduled.removeAll()
            externalQueue.removeAll()
        }
        steps.append(RuntimeStep(time: _now, cause: consume cause, result: consume result, before: consume before, after: _state))
    }

    /// Marks the request of `kind` in flight cancelled; returns its position.
    @inlinable
    mutating func cancel(_ kind: Int) -> Int? {
        guard let index = pendingPosition[kind] else { return nil }
        _requests[index].cancellation = RequestRecord<M>.Cancellation(at: _now)
        pendingPosition[kind] = nil
        return index
    }
}
