import MachineCore

/// Runs a machine in an app: on a real clock, with asynchronous providers.
///
/// The live runtime wraps the deterministic ``Runtime`` and keeps its virtual clock in step with
/// `clock`: before every input it advances the runtime to the time elapsed, so timers fire as
/// the clock says (never before their deadline), and it sleeps until the next deadline when one
/// is running. A live run is therefore exactly the deterministic run of the same inputs at the
/// same virtual times.
///
/// Each request is performed exactly once (once more after a restore, see below), in a task of
/// its own, unless the runtime is stopped or released before that task begins; its answer comes
/// back through the runtime:
/// - an answer to a request that was cancelled or superseded meanwhile is dropped, and the drop
///   is a step (``RuntimeStep/Cause/drop(_:_:_:)``), never applied; the request's task is
///   cancelled as soon as the request is, so a provider may return early;
/// - an answer of the wrong kind is a provider's bug: it is refused and reported to ``onError``
///   as ``RuntimeError/wrongAnswer(kind:event:)``, and the request stays in flight without an
///   answer, as if its provider had never answered, until the machine cancels or supersedes it.
///   It is not performed again, since the provider would most likely answer wrongly again;
/// - a request whose provider never answers stays in flight; nothing polls or retries it.
///
/// Run-to-completion, as SCXML and XState run their machines: the runtime handles one input at
/// a time, to the end, before the next. Handling an input means catching up the clock, applying
/// the input, reporting it to ``onInput``, reporting each of its steps (its outputs to
/// ``onOutput``, then the step to ``onStep``), and performing its new requests. An input that
/// arrives while one is being handled, a ``send(_:)`` from within a callback, waits in a queue
/// and is handled after it, in the order of arrival; its errors go to ``onError``, since its
/// caller has returned by then. The live transcript is therefore the transcript of a replay of
/// the same inputs, in the same order.
///
/// ``stop()`` ends the run for good, at once, even from within a callback: nothing more is
/// reported (not the rest of the step being reported, nor the inputs waiting), nothing is
/// performed (a request made by the step being reported never reaches its provider), no timer
/// fires, answers still arriving are ignored, and ``send(_:)`` throws ``RuntimeError/stopped``.
/// Releasing the live runtime stops it the same way.
///
/// Time in whole milliseconds: every input reaches the runtime at a whole millisecond, so that
/// a recorded session (see ``onInput``) replays to exactly the same steps, ties included:
/// - a host event or a provider's answer first catches the runtime up to the time elapsed,
///   rounded down to a whole millisecond, firing the timers due by then;
/// - the runtime sleeps until the next timer's deadline rounded up to a whole millisecond, and
///   then catches up to the time elapsed rounded down (at least to that rounded-up deadline, in
///   case a clock wakes early), so a wake-up always fires its timer and never spins.
///
/// Each catch-up is an ``Input/advance(_:)`` of whole milliseconds. A timer of the machine's
/// that is not a whole number of milliseconds still fires at its exact virtual deadline, as in a
/// script; only the moments at which inputs arrive are rounded.
///
/// Restoring: a live runtime taken over from a ``Runtime`` value
/// (``init(runtime:clock:provider:onOutput:)``, for instance one restored from a saved state)
/// carries on from its virtual time. It schedules its timers against `clock`, and it performs
/// again every request that was still in flight: the first answers to those went with the
/// process that asked for them, so each such request reaches its provider a second time.
///
/// Saving: ``savedState()`` saves the moment of saving, not that of the last input. It first
/// catches the runtime up to the clock (firing the timers due by then, an input like any other),
/// so that a restored runtime waits only for what was left of each timer.
///
/// Inject a test clock to drive time by hand; in an app pass `ContinuousClock()`.
@MainActor
public final class LiveRuntime<M: MachineDefinition, C: Clock> where C.Duration == Duration {
    /// Performs a request and returns the event that answers it (a failure too is an event of
    /// the machine's). It is called once per request; the task it runs in is cancelled when the
    /// request is cancelled or the runtime stops.
    public typealias Provider = @Sendable (M.Request) async -> M.Event

    /// The runtime being driven, as of the last input.
    private var current: Runtime<M>

    /// The runtime being driven: its state, requests and timers, at the present moment.
    ///
    /// Its clock reads the time elapsed, rounded down to a whole millisecond, as far as the
    /// earliest timer or scheduled event due (one due already fires as soon as the live runtime
    /// wakes); nothing fires to get there, and its state is the last input's. So its
    /// `savedState` saves the present moment, as ``savedState()`` does, without taking the
    /// catch-up step that one takes. Read from within a callback, it is the runtime the input
    /// being handled left.
    public var runtime: Runtime<M> {
        guard !isHandling, !isStopped else { return current }
        var present = current
        present.idle(until: elapsed)
        return present
    }
    /// Receives every output for the host, in order.
    public var onOutput: (M.Output) -> Void
    /// Receives every step, in order (for logging and tests).
    public var onStep: ((RuntimeStep<M>) -> Void)?
    /// Receives what went wrong away from any call of the host's, so that it can log it; the run
    /// goes on unless it says otherwise:
    /// - ``RuntimeError/wrongAnswer(kind:event:)``: a provider answered with an event that does
    ///   not answer its request; the answer was refused, the request stays in flight unanswered;
    /// - ``RuntimeError/alreadyAnswered(_:)``: a second answer to a request; it was refused;
    /// - ``RuntimeError/clockOverflow(now:advance:)``: the clock ran past the virtual clock's
    ///   range (`Runtime.latestTime`, about 146 years after the start); the runtime stopped.
    public var onError: ((RuntimeError) -> Void)?
    /// Receives every input the runtime applied, in the order applied: each host event
    /// (``Input/send(_:)``), each catch-up of the clock (``Input/advance(_:)``, whole
    /// milliseconds), and each provider's answer (``Input/respond(_:ordinal:_:)``: without an
    /// ordinal for the request in flight, with one for a request abandoned meanwhile, whose
    /// answer is dropped). It is called before the input's steps are reported. Refused inputs
    /// (a wrong-kind or second answer, an event that is not a host event) are not reported.
    ///
    /// Applying the same inputs in the same order to a ``Runtime`` from the same state takes
    /// exactly the same steps: this is what a session recorder writes down.
    public var onInput: ((Input<M>) -> Void)?
    /// Whether ``stop()`` was called (or the clock ran past the virtual clock's range).
    public private(set) var isStopped = false

    /// The machine's table, read without touching ``runtime``, which an input in progress holds.
    private let table: TransitionTable<M>
    private let clock: C
    private let start: C.Instant
    private let provider: Provider
    /// How many requests, from the first, have been handed to a provider (or were abandoned in
    /// the step that made them): each request is performed once, when this count passes it.
    private var requestsStarted = 0
    /// The task of every request performed and not yet answered or cancelled, by request id.
    private var requestTasks: [Int: Task<Void, Never>] = [:]
    private var wakeUp: Task<Void, Never>?
    /// Whether an input is being handled: one that arrives meanwhile waits in ``waiting``.
    private var isHandling = false
    /// The inputs that arrived while another was handled, oldest first.
    private var waiting: [Arrival] = []

    /// Something that reaches the runtime from outside, to be handled to completion.
    private enum Arrival {
        /// A host event.
        case send(M.Event)
        /// A provider's answer to the request `id`.
        case answer(M.Event, request: Int)
        /// A wake-up for the timers due by the rounded-up deadline `due`.
        case wake(due: Duration)
    }

    /// A live runtime for `table` from `state`, timed by `clock`, its requests answered by `provider`.
    public convenience init(
        table: TransitionTable<M>, state: MachineState<M>, clock: C, provider: @escaping Provider,
        onOutput: @escaping (M.Output) -> Void
    ) {
        self.init(runtime: Runtime(table: table, state: state), clock: clock, provider: provider, onOutput: onOutput)
    }

    /// A live runtime that takes over `runtime` (one restored from a saved state, say) at its
    /// virtual time: the clock's present instant becomes `runtime.now`, and its timers fall due
    /// against `clock` from there.
    ///
    /// Every request still in flight is performed again, at once: its first answer went with the
    /// process that asked for it, so its provider is asked a second time. The request keeps its
    /// number (`completions#3`), and its new answer is applied as its own. Answers come back on
    /// the main actor, so none is reported before the caller has set ``onStep`` and the rest.
    ///
    /// A new runtime's start (`Runtime.startSteps`) is over by then: its outputs are handed to
    /// `onOutput` here, its requests performed, its timers scheduled; its steps stay in
    /// ``runtime``'s `startSteps`.
    public init(runtime: Runtime<M>, clock: C, provider: @escaping Provider, onOutput: @escaping (M.Output) -> Void) {
        self.current = runtime
        self.table = runtime.table
        self.clock = clock
        self.start = clock.now.advanced(by: .zero - current.now)
        self.provider = provider
        self.onOutput = onOutput
        for output in runtime.startSteps.outputs() { onOutput(output) }
        startRequests()
        scheduleWakeUp()
    }

    /// Cancels the requests' tasks and the wake-up: a released runtime leaves nothing running,
    /// and a request task that had not begun never calls its provider.
    deinit {
        wakeUp?.cancel()
        for task in requestTasks.values { task.cancel() }
    }

    /// The machine's state now.
    public var state: MachineState<M> { current.state }

    /// Delivers a host event, after the timers that fell due meanwhile, at the time elapsed
    /// rounded down to a whole millisecond. Called from within a callback, it queues the event,
    /// to be handled once the input being handled is (see run-to-completion, above).
    ///
    /// - Throws: ``RuntimeError/stopped`` once the runtime is stopped, with nothing changed;
    ///   ``RuntimeError/notAHostEvent(_:)`` for an event the host does not send;
    ///   ``RuntimeError/clockOverflow(now:advance:)`` when the clock has run past the virtual
    ///   clock's range, which stops the runtime; ``RuntimeError/halted(rows:)`` when the event's
    ///   macrostep ran away, which stops the runtime too (its steps are reported first); or the
    ///   runtime's own errors (``Runtime/send(_:)``). An event queued from a callback or an
    ///   action reports its errors to ``onError`` instead.
    ///
    /// An action of the machine may call it (it is queued like an event sent from a callback),
    /// though `Outbox.send(_:after:id:)` says the same from within the machine. Nothing else of the live
    /// runtime may be used from an action: the input it belongs to holds ``runtime``.
    public func send(_ event: M.Event) throws(RuntimeError) {
        guard !isStopped else { throw .stopped }
        guard table.isHostEvent(event.kind) else { throw .notAHostEvent(event.kind.name) }
        try handle(.send(event))
    }

    /// The state to save at this moment: the runtime is first caught up to the clock (the timers
    /// due by now fire, and the catch-up is an input reported like any other), so that the saved
    /// time is now, to the millisecond, and a restored runtime waits only for what is left of
    /// each timer. Called from within a callback, it saves the state the input being handled
    /// left, whose time is now.
    ///
    /// - Throws: ``RuntimeError/stopped`` once the runtime is stopped (its state is still
    ///   ``runtime``'s); ``RuntimeError/clockOverflow(now:advance:)`` when the clock has run past
    ///   the virtual clock's range, which stops the runtime.
    public func savedState() throws(RuntimeError) -> SavedState<M> {
        guard !isStopped else { throw .stopped }
        if !isHandling {
            isHandling = true
            defer { isHandling = false }
            try catchUp(to: elapsed)
            handleWaiting()
            guard !isStopped else { throw .stopped }
        }
        return current.savedState
    }

    /// Stops the run for good: cancels the timers' wake-up and every request's task, and drops
    /// the inputs waiting. Afterwards nothing is reported (not even the rest of the steps being
    /// reported when a callback calls this), nothing is performed, answers still arriving are
    /// ignored, and ``send(_:)`` throws ``RuntimeError/stopped``.
    public func stop() {
        isStopped = true
        wakeUp?.cancel()
        wakeUp = nil
        for task in requestTasks.values { task.cancel() }
        requestTasks = [:]
        waiting = []
    }

    /// The time elapsed on the clock since the virtual clock's zero, rounded down to a whole
    /// millisecond.
    private var elapsed: Duration { start.duration(to: clock.now).roundedDownToMilliseconds }

    /// Handles `arrival` to completion, then the inputs that arrived meanwhile; queues it when
    /// another input is being handled. Only the first arrival's errors are thrown: those of the
    /// queued ones go to ``onError``.
    private func handle(_ arrival: Arrival) throws(RuntimeError) {
        guard !isHandling else {
            waiting.append(arrival)
            return
        }
        isHandling = true
        defer { isHandling = false }
        var failure: RuntimeError?
        do { try complete(arrival) } catch { failure = error }
        handleWaiting()
        if let failure { throw failure }
    }

    /// Handles the inputs waiting, oldest first, each to completion; their errors go to ``onError``.
    private func handleWaiting() {
        while !isStopped, !waiting.isEmpty {
            let next = waiting.removeFirst()
            do { try complete(next) } catch { onError?(error) }
        }
    }

    /// Catches up the clock, then applies the arrival's input and reports it.
    private func complete(_ arrival: Arrival) throws(RuntimeError) {
        guard !isStopped else { return }
        switch arrival {
        case .send(let event):
            try catchUp(to: elapsed)
            guard !isStopped else { return }
            try apply(.send(event))
        case .answer(let answer, let id):
            try catchUp(to: elapsed)
            guard !isStopped else { return }
            let record = current.requests[id - 1]
            // The request in flight is answered as such (`respond KIND`); any other by its number
            // (`respond KIND#N`): the runtime drops it if it was abandoned, refuses it if answered.
            let ordinal = record.isPending ? nil : record.reference.ordinal
            try apply(.respond(record.reference.kind, ordinal: ordinal, answer))
        case .wake(let due):
            try catchUp(to: max(elapsed, due))
            scheduleWakeUp()
        }
    }

    /// Advances the runtime to `target`, firing the timers due by then; also by zero when a timer
    /// started for zero (or less) is due now. Nothing happens when the runtime is at `target`
    /// already with nothing due, or past it (a clock that woke early). A clock past the virtual
    /// clock's range stops the runtime, changing nothing else.
    private func catchUp(to target: Duration) throws(RuntimeError) {
        let now = current.now
        guard target > now || current.nextDeadline.map({ $0 <= now }) == true else { return }
        do {
            try apply(.advance(target > now ? target - now : .zero))
        } catch {
            stop()
            throw error
        }
    }

    /// Applies `input` to the runtime, reports it to ``onInput``, then reports its steps, and
    /// performs the new requests; stops short as soon as a callback stops the runtime.
    private func apply(_ input: Input<M>) throws(RuntimeError) {
        let steps = try current.apply(input)
        onInput?(input)
        for step in steps {
            guard !isStopped else { return }
            for command in step.commands {
                guard case .output(let output) = command else { continue }
                onOutput(output)
                guard !isStopped else { return }
            }
            onStep?(step)
        }
        guard !isStopped else { return }
        if let halt = current.halt {
            stop()
            throw halt
        }
        startRequests()
        scheduleWakeUp()
    }

    /// Takes a provider's answer to the request `id`: applies it, records it as a drop if the
    /// request was abandoned meanwhile, or refuses it (reported to ``onError``) if it is of the
    /// wrong kind or the request was answered already.
    func deliver(_ answer: M.Event, toRequest id: Int) {
        guard !isStopped else { return }
        requestTasks[id] = nil
        do throws(RuntimeError) {
            try handle(.answer(answer, request: id))
        } catch {
            onError?(error)
        }
    }

    /// Performs each request made since the last call, once; cancels the tasks of the requests
    /// cancelled meanwhile. A request's task calls its provider only if the runtime is neither
    /// stopped nor released when the task begins: a request made just before ``stop()`` never
    /// reaches its provider.
    private func startRequests() {
        let records = current.requests
        while requestsStarted < records.count {
            let record = records[requestsStarted]
            requestsStarted += 1
            // A request abandoned in the step that made it is never performed.
            guard record.isPending else { continue }
            let provider = provider
            let (id, request) = (record.id, record.request)
            requestTasks[id] = Task { [weak self] in
                // Stopped or released before the task began: the request is never performed.
                guard self?.isStopped == false else { return }
                let answer = await provider(request)
                self?.deliver(answer, toRequest: id)
            }
        }
        for (id, task) in requestTasks where records[id - 1].cancellation != nil {
            task.cancel()
            requestTasks[id] = nil
        }
    }

    /// Sleeps until the next deadline the clock can reach, rounded up to a whole millisecond,
    /// then catches up.
    private func scheduleWakeUp() {
        wakeUp?.cancel()
        wakeUp = nil
        guard !isStopped, let next = current.nextDeadline else { return }
        let due = next.roundedUpToMilliseconds
        let deadline = start.advanced(by: due)
        let clock = clock
        wakeUp = Task { [weak self] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            // Replaced by a newer wake-up while this one waited to run.
            guard !Task.isCancelled else { return }
            self?.wake(due: due)
        }
    }

    /// Catches up to the time elapsed, and at least to `due`, the rounded-up deadline slept
    /// until: the timer fires even if the clock woke early, and the runtime never spins.
    private func wake(due: Duration) {
        guard !isStopped else { return }
        do throws(RuntimeError) {
            try handle(.wake(due: due))
        } catch {
            onError?(error)
        }
    }
}

extension LiveRuntime where M.Request == NoRequest {
    /// A live runtime that takes over `runtime`, of a machine that makes no requests: it needs no
    /// provider (see ``init(runtime:clock:provider:onOutput:)``). A new one starts from
    /// `LiveRuntime(runtime: Runtime(table: table, state: state), clock: clock) { output in … }`.
    public convenience init(runtime: Runtime<M>, clock: C, onOutput: @escaping (M.Output) -> Void) {
        self.init(runtime: runtime, clock: clock, provider: Self.noProvider, onOutput: onOutput)
    }

    /// The provider of a machine that makes no requests: there is never one to answer.
    @Sendable private static func noProvider(_ request: NoRequest) async -> M.Event {}
}

extension Duration {
    /// The duration rounded down to a whole millisecond (for a duration that is not negative).
    fileprivate var roundedDownToMilliseconds: Duration {
        let (seconds, attoseconds) = components
        return Duration(secondsComponent: seconds, attosecondsComponent: attoseconds - attoseconds % 1_000_000_000_000_000)
    }

    /// The duration rounded up to a whole millisecond (for a duration that is not negative).
    fileprivate var roundedUpToMilliseconds: Duration {
        let down = roundedDownToMilliseconds
        return down < self ? down + .milliseconds(1) : down
    }
}
