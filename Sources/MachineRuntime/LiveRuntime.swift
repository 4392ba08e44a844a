import MachineCore

/// Runs a machine in an app: on a real clock, with asynchronous providers.
///
/// The live runtime wraps the deterministic ``Runtime`` and keeps its virtual clock in step with
/// `clock`: before every input it advances the runtime to the time elapsed, so timers fire as
/// the clock says, and it sleeps until the next deadline when one is running. Each request is
/// performed in a task; its answer comes back through the runtime, which drops it if the request
/// was cancelled or superseded meanwhile. A cancelled request's task is cancelled too.
///
/// Inject a test clock to drive time by hand; in an app pass `ContinuousClock()`.
@MainActor
public final class LiveRuntime<M: MachineDefinition, C: Clock> where C.Duration == Duration {
    /// Performs a request and returns the event that answers it.
    public typealias Perform = @Sendable (M.Request) async -> M.Event

    /// The runtime being driven: its state, requests and timers.
    public private(set) var runtime: Runtime<M>
    /// Receives every output for the host, in order.
    public var onOutput: (M.Output) -> Void
    /// Receives every step, in order (for logging and tests).
    public var onStep: ((RuntimeStep<M>) -> Void)?

    private let clock: C
    private let start: C.Instant
    private let perform: Perform
    private var requestTasks: [Int: Task<Void, Never>] = [:]
    private var wakeUp: Task<Void, Never>?

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

    /// Delivers a host event.
    public func send(_ event: M.Event) throws(RuntimeError) {
        catchUp()
        handle(try runtime.send(event))
    }

    /// Stops every timer and abandons every request; answers still arriving are dropped.
    public func stop() {
        wakeUp?.cancel()
        for task in requestTasks.values { task.cancel() }
        requestTasks = [:]
    }

    private func catchUp() {
        let elapsed = start.duration(to: clock.now)
        guard elapsed > runtime.now, let steps = try? runtime.advance(by: elapsed - runtime.now) else { return }
        handle(steps)
    }

    private func deliver(_ answer: M.Event, to reference: RequestReference<M.Request.Kind>, id: Int) {
        requestTasks[id] = nil
        catchUp()
        // The request exists and has no answer yet: this task is its only answerer.
        if let steps = try? runtime.respond(reference.kind, reference.ordinal, with: answer) { handle(steps) }
    }

    private func handle(_ steps: [RuntimeStep<M>]) {
        for step in steps {
            for command in step.commands {
                if case .output(let output) = command { onOutput(output) }
            }
            onStep?(step)
        }
        for record in runtime.pendingRequests where requestTasks[record.id] == nil {
            let perform = perform
            requestTasks[record.id] = Task { [weak self] in
                let answer = await perform(record.request)
                self?.deliver(answer, to: record.reference, id: record.id)
            }
        }
        for (id, task) in requestTasks where runtime.requests[id - 1].cancellation != nil {
            task.cancel()
        }
        scheduleWakeUp()
    }

    private func scheduleWakeUp() {
        wakeUp?.cancel()
        guard let next = runtime.timers.map(\.deadline).min() else { return }
        let deadline = start.advanced(by: next)
        let clock = clock
        wakeUp = Task { [weak self] in
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            self?.catchUp()
        }
    }
}
