import MachineCore

/// Runs a machine in an app: on a real clock, with asynchronous providers.
///
/// The live runtime wraps the deterministic ``Runtime`` and keeps its virtual clock in step with
/// `clock`: before every input it advances the runtime to the time elapsed, so timers fire as
/// the clock says (never before their deadline), and it sleeps until the next deadline when one
/// is running. A live run is therefore exactly the deterministic run of the same inputs at the
/// same virtual times.
///
/// Each request is performed exactly once, in a task of its own, and its answer comes back
/// through the runtime:
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
    public init(
        table: TransitionTable<M>, state: MachineState<M>, clock: C, perform: @escaping Perform,
        onOutput: @escaping (M.Output) -> Void
    ) {
        self.runtime = Runtime(table: table, state: state)
        self.clock = clock
        self.start = clock.now
        self.perform = perform
        self.onOutput = onOutput
    }

    /// The machine's state now.
    public var state: MachineState<M> { runtime.state }

    /// Delivers a host event, after the timers that fell due meanwhile.
    ///
    /// - Throws: ``RuntimeError/stopped`` once the runtime is stopped, with nothing changed;
    ///   ``RuntimeError/clockOverflow(now:advance:)`` when the clock has run past the virtual
    ///   clock's range, which stops the runtime; or the runtime's own errors (``Runtime/send(_:)``).
    public func send(_ event: M.Event) throws(RuntimeError) {
        guard !isStopped else { throw .stopped }
        try catchUp()
        // The host may have stopped the runtime from a callback while it caught up.
        guard !isStopped else { throw .stopped }
        handle(try runtime.send(event))
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

    /// Advances the runtime to the time elapsed on the clock, firing the timers due by then.
    /// A clock past the virtual clock's range stops the runtime, changing nothing else.
    private func catchUp() throws(RuntimeError) {
        let elapsed = start.duration(to: clock.now)
        guard elapsed > runtime.now else { return }
        let steps: [RuntimeStep<M>]
        do {
            steps = try runtime.advance(by: elapsed - runtime.now)
        } catch {
            stop()
            throw error
        }
        handle(steps)
    }

    /// Takes a provider's answer to the request `id`: applies it, records it as a drop if the
    /// request was abandoned meanwhile, or refuses it (reported to ``onError``) if it is of the
    /// wrong kind or the request was answered already.
    func deliver(_ answer: M.Event, toRequest id: Int) {
        guard !isStopped else { return }
        requestTasks[id] = nil
        do throws(RuntimeError) {
            try catchUp()
            guard !isStopped else { return }
            let reference = runtime.requests[id - 1].reference
            handle(try runtime.respond(reference.kind, reference.ordinal, with: answer))
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

    /// Sleeps until the next deadline the clock can reach, then catches up.
    private func scheduleWakeUp() {
        wakeUp?.cancel()
        wakeUp = nil
        guard !isStopped, let next = runtime.timers.lazy.filter(\.canFire).map(\.deadline).min() else { return }
        let deadline = start.advanced(by: next)
        let clock = clock
        wakeUp = Task { [weak self] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            self?.wake()
        }
    }

    private func wake() {
        guard !isStopped else { return }
        do throws(RuntimeError) {
            try catchUp()
        } catch {
            onError?(error)
            return
        }
        // Also when the clock woke us before the deadline: sleep again until it.
        scheduleWakeUp()
    }
}
