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
/// its own, and its answer comes back through the runtime:
/// - an answer to a request that was cancelled or superseded meanwhile is dropped, and the drop
///   is a step (``RuntimeStep/Input/drop(_:_:_:)``), never applied; the request's task is
///   cancelled as soon as the request is, so a provider may return early;
/// - an answer of the wrong kind is a provider's bug: it is refused and reported to ``onError``
///   as ``RuntimeError/wrongAnswer(kind:event:)``, and the request stays in flight without an
///   answer, as if its provider had never answered, until the machine cancels or supersedes it.
///   It is not performed again, since the provider would most likely answer wrongly again;
/// - a request whose provider never answers stays in flight; nothing polls or retries it.
///
/// ``stop()`` ends the run for good: afterwards nothing changes, nothing is performed, emitted
/// or reported, no timer fires, answers still arriving are ignored, and ``send(_:)`` throws
/// ``RuntimeError/stopped``.
///
/// Steps are reported in the order they were taken: a host that sends an event from within
/// ``onOutput`` or ``onStep`` sees that event's steps after the ones being reported.
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
/// (``init(runtime:clock:perform:onOutput:)``, for instance one restored from a saved state)
/// carries on from its virtual time. It schedules its timers against `clock`, and it performs
/// again every request that was still in flight: the first answers to those went with the
/// process that asked for them, so each such request reaches its provider a second time.
///
/// Releasing the live runtime cancels its requests' tasks and its wake-up, as ``stop()`` does.
///
/// Inject a test clock to drive time by hand; in an app pass `ContinuousClock()`.
@MainActor
public final class LiveRuntime<M: MachineDefinition, C: Clock> where C.Duration == Duration {
    /// Performs a request and returns the event that answers it (a failure too is an event of
    /// the machine's). It is called once per request; the task it runs in is cancelled when the
    /// request is cancelled or the runtime stops.
    public typealias Perform = @Sendable (M.Request) async -> M.Event

    /// The runtime being driven: its state, requests and timers.
    public private(set) var runtime: Runtime<M>
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
    ///   range (``Runtime/latestTime``, about 146 years after the start); the runtime stopped.
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

    private let clock: C
    private let start: C.Instant
    private let perform: Perform
    /// How many requests, from the first, have been handed to a provider (or were abandoned in
    /// the step that made them): each request is performed once, when this count passes it.
    private var requestsStarted = 0
    /// The task of every request performed and not yet answered or cancelled, by request id.
    private var requestTasks: [Int: Task<Void, Never>] = [:]
    private var wakeUp: Task<Void, Never>?
    /// Steps taken but not yet reported to the host.
    private var backlog: [RuntimeStep<M>] = []
    private var isReporting = false

    /// A live runtime for `table` from `state`, timed by `clock`, performing requests with `perform`.
    public convenience init(
        table: TransitionTable<M>, state: MachineState<M>, clock: C, perform: @escaping Perform,
        onOutput: @escaping (M.Output) -> Void
    ) {
        self.init(runtime: Runtime(table: table, state: state), clock: clock, perform: perform, onOutput: onOutput)
    }

    /// A live runtime that takes over `runtime` (one restored from a saved state, say) at its
    /// virtual time: the clock's present instant becomes `runtime.now`, and its timers fall due
    /// against `clock` from there.
    ///
    /// Every request still in flight is performed again, at once: its first answer went with the
    /// process that asked for it, so its provider is asked a second time. The request keeps its
    /// number (`completions#3`), and its new answer is applied as its own. Answers come back on
    /// the main actor, so none is reported before the caller has set ``onStep`` and the rest.
    public init(runtime: Runtime<M>, clock: C, perform: @escaping Perform, onOutput: @escaping (M.Output) -> Void) {
        self.runtime = runtime
        self.clock = clock
        self.start = clock.now.advanced(by: .zero - runtime.now)
        self.perform = perform
        self.onOutput = onOutput
        startRequests()
        scheduleWakeUp()
    }

    /// Cancels the requests' tasks and the wake-up: a released runtime leaves nothing running.
    deinit {
        wakeUp?.cancel()
        for task in requestTasks.values { task.cancel() }
    }

    /// The machine's state now.
    public var state: MachineState<M> { runtime.state }

    /// Delivers a host event, after the timers that fell due meanwhile, at the time elapsed
    /// rounded down to a whole millisecond.
    ///
    /// - Throws: ``RuntimeError/stopped`` once the runtime is stopped, with nothing changed;
    ///   ``RuntimeError/clockOverflow(now:advance:)`` when the clock has run past the virtual
    ///   clock's range, which stops the runtime; or the runtime's own errors (``Runtime/send(_:)``).
    public func send(_ event: M.Event) throws(RuntimeError) {
        guard !isStopped else { throw .stopped }
        try catchUp(to: elapsed)
        // The host may have stopped the runtime from a callback while it caught up.
        guard !isStopped else { throw .stopped }
        try apply(.send(event))
    }

    /// Stops the run for good: cancels the timers' wake-up and every request's task. Afterwards
    /// nothing is reported (not even the rest of the steps being reported when a callback calls
    /// this), answers still arriving are ignored, and ``send(_:)`` throws ``RuntimeError/stopped``.
    public func stop() {
        isStopped = true
        wakeUp?.cancel()
        wakeUp = nil
        for task in requestTasks.values { task.cancel() }
        requestTasks = [:]
        backlog = []
    }

    /// The time elapsed on the clock since the virtual clock's zero, rounded down to a whole
    /// millisecond.
    private var elapsed: Duration { start.duration(to: clock.now).roundedDownToMilliseconds }

    /// Advances the runtime to `target`, firing the timers due by then; also by zero when a timer
    /// started for zero (or less) is due now. Nothing happens when the runtime is at `target`
    /// already with nothing due, or past it (a clock that woke early). A clock past the virtual
    /// clock's range stops the runtime, changing nothing else.
    private func catchUp(to target: Duration) throws(RuntimeError) {
        let now = runtime.now
        guard target > now || runtime.timers.contains(where: { $0.canFire && $0.deadline <= now }) else { return }
        do {
            try apply(.advance(target > now ? target - now : .zero))
        } catch {
            stop()
            throw error
        }
    }

    /// Applies `input` to the runtime, reports it to ``onInput``, then reports its steps.
    private func apply(_ input: Input<M>) throws(RuntimeError) {
        let steps = try runtime.apply(input)
        onInput?(input)
        handle(steps)
    }

    /// Takes a provider's answer to the request `id`: applies it, records it as a drop if the
    /// request was abandoned meanwhile, or refuses it (reported to ``onError``) if it is of the
    /// wrong kind or the request was answered already.
    func deliver(_ answer: M.Event, toRequest id: Int) {
        guard !isStopped else { return }
        requestTasks[id] = nil
        do throws(RuntimeError) {
            try catchUp(to: elapsed)
            guard !isStopped else { return }
            let record = runtime.requests[id - 1]
            // The request in flight is answered as such (`respond KIND`); any other by its number
            // (`respond KIND#N`): the runtime drops it if it was abandoned, refuses it if answered.
            let ordinal = record.isPending ? nil : record.reference.ordinal
            try apply(.respond(record.reference.kind, ordinal: ordinal, answer))
        } catch {
            onError?(error)
        }
    }

    /// Reports `steps` to the host, then performs the new requests and cancels the abandoned ones.
    private func handle(_ steps: [RuntimeStep<M>]) {
        backlog += steps
        // A callback below sent an event: its steps are reported after the ones in hand.
        guard !isReporting else { return }
        isReporting = true
        defer { isReporting = false }
        var next = 0
        while next < backlog.count {
            let step = backlog[next]
            next += 1
            for command in step.commands {
                guard case .output(let output) = command else { continue }
                onOutput(output)
                if isStopped { return }
            }
            onStep?(step)
            if isStopped { return }
        }
        backlog = []
        startRequests()
        scheduleWakeUp()
    }

    /// Performs each request made since the last call, once; cancels the tasks of the requests
    /// cancelled meanwhile.
    private func startRequests() {
        let records = runtime.requests
        while requestsStarted < records.count {
            let record = records[requestsStarted]
            requestsStarted += 1
            // A request abandoned in the step that made it is never performed.
            guard record.isPending else { continue }
            let perform = perform
            let (id, request) = (record.id, record.request)
            requestTasks[id] = Task { [weak self] in
                let answer = await perform(request)
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
        // Closures, not key paths: a key path in generic code is instantiated at every call.
        guard !isStopped, let next = runtime.timers.lazy.filter({ $0.canFire }).map({ $0.deadline }).min() else { return }
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
            try catchUp(to: max(elapsed, due))
        } catch {
            onError?(error)
            return
        }
        scheduleWakeUp()
    }
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
