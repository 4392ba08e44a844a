import MachineCore

/// Answers a request at the instant it is made (an offline geocoder, a test double).
public typealias Answerer<M: MachineDefinition> = @Sendable (M.Request) -> M.Event

/// Runs a machine deterministically on a virtual clock.
///
/// The runtime is the one place that owns time and work in flight. It steps the machine, then
/// performs the step's commands: it starts and cancels timers on the virtual clock, and starts
/// and cancels requests, each with an id and a number per kind. A request is either held until
/// ``respond(_:_:with:)`` answers it (scripts and tests), or answered at once by an ``Answerer``,
/// as a step of its own. An answer to a request that was cancelled or superseded is dropped, and
/// the drop is recorded as a step, never applied. Host outputs are in each step's commands.
///
/// Every method returns the steps it took, with the state before and after each.
public struct Runtime<M: MachineDefinition>: Sendable {
    /// The machine's table.
    public let table: TransitionTable<M>
    /// The machine's state now.
    public private(set) var state: MachineState<M>
    /// The virtual time now, from zero at the start.
    public private(set) var now: Duration = .zero
    /// Every request made so far, in the order made (a request's `id` is its position + 1).
    public private(set) var requests: [RequestRecord<M>] = []
    /// The running timers, in the order of their last (re)start.
    public private(set) var timers: [RunningTimer] = []

    private let answerer: Answerer<M>?
    private var timerSerial = 0
    private var ordinals: [Int]
    private var unanswered: [Int] = []

    /// A running timer and when it falls due.
    public struct RunningTimer: Hashable, Sendable {
        /// The timer.
        public let timer: M.Timer
        /// The virtual time it fires at.
        public let deadline: Duration
        let serial: Int
    }

    /// A runtime for `table`, starting from `state`.
    ///
    /// - Parameter answerer: Answers every request at the instant it is made; without one,
    ///   requests wait for ``respond(_:_:with:)``.
    public init(table: TransitionTable<M>, state: MachineState<M>, answerer: Answerer<M>? = nil) {
        self.table = table
        self.state = state
        self.answerer = answerer
        self.ordinals = Array(repeating: 0, count: M.Request.Kind.allCases.count)
    }

    /// The requests still waiting for an answer, in the order made.
    public var pendingRequests: [RequestRecord<M>] { requests.filter(\.isPending) }

    /// Delivers a host event.
    public mutating func send(_ event: M.Event) throws(RuntimeError) -> [RuntimeStep<M>] {
        guard table.isHostEvent(event.kind) else { throw .notAHostEvent(event.kind.name) }
        var steps: [RuntimeStep<M>] = []
        try perform(.event(event), event, into: &steps)
        return steps
    }

    /// Moves the virtual clock forward; the timers that fall due fire in time order (ties in
    /// start order), each as its own step. A timer of zero duration fires even on `advance(by: .zero)`.
    public mutating func advance(by duration: Duration) throws(RuntimeError) -> [RuntimeStep<M>] {
        guard duration >= .zero else { throw .negativeDuration(duration) }
        let end = now + duration
        var steps: [RuntimeStep<M>] = []
        while let due = timers.indices.filter({ timers[$0].deadline <= end })
            .min(by: { (timers[$0].deadline, timers[$0].serial) < (timers[$1].deadline, timers[$1].serial) }) {
            let fired = timers.remove(at: due)
            now = fired.deadline
            try perform(.timer(fired.timer), M.event(firing: fired.timer), into: &steps)
        }
        now = end
        return steps
    }

    /// Answers a request of `kind`: the one in flight when `ordinal` is `nil`, else the
    /// `ordinal`-th of that kind (from 1), even one already cancelled, whose answer is then
    /// dropped and recorded.
    public mutating func respond(
        _ kind: M.Request.Kind, _ ordinal: Int? = nil, with answer: M.Event
    ) throws(RuntimeError) -> [RuntimeStep<M>] {
        guard M.requestKind(answeredBy: answer.kind) == kind else {
            throw .wrongAnswer(kind: kind.name, event: answer.kind.name)
        }
        let index: Int
        if let ordinal {
            guard let found = requests.firstIndex(where: { $0.reference == RequestReference(kind, ordinal) }) else {
                throw .noSuchRequest(RequestReference(kind, ordinal).description)
            }
            index = found
        } else {
            guard let found = requests.firstIndex(where: { $0.reference.kind == kind && $0.isPending }) else {
                throw .noRequestInFlight(kind: kind.name)
            }
            index = found
        }
        guard !requests[index].isAnswered else { throw .alreadyAnswered(requests[index].reference.description) }
        var steps: [RuntimeStep<M>] = []
        try deliver(answer, to: index, into: &steps)
        return steps
    }

    private mutating func deliver(_ answer: M.Event, to index: Int, into steps: inout [RuntimeStep<M>]) throws(RuntimeError) {
        requests[index].isAnswered = true
        let record = requests[index]
        if let cancellation = record.cancellation {
            steps.append(RuntimeStep(time: now, input: .drop(record.reference, answer, cancellation),
                                     result: nil, before: state, after: state))
        } else {
            try perform(.answer(record.reference, answer), answer, into: &steps)
        }
    }

    private mutating func perform(
        _ input: RuntimeStep<M>.Input, _ event: M.Event, into steps: inout [RuntimeStep<M>]
    ) throws(RuntimeError) {
        try step(input, event, into: &steps)
        var delivered = 0
        while let answerer, !unanswered.isEmpty {
            let index = unanswered.removeFirst()
            guard requests[index].isPending else { continue }
            delivered += 1
            if delivered > 10_000 { throw .answerLoop(steps: delivered) }
            try deliver(answerer(requests[index].request), to: index, into: &steps)
        }
    }

    private mutating func step(
        _ input: RuntimeStep<M>.Input, _ event: M.Event, into steps: inout [RuntimeStep<M>]
    ) throws(RuntimeError) {
        let before = state
        var result = StepResult<M>()
        table.step(&state, event, into: &result)
        var cancelledNow: [Int: Int] = [:]
        for command in result.commands {
            switch command {
            case .startTimer(let timer, let duration):
                timers.removeAll { $0.timer == timer }
                timerSerial += 1
                timers.append(RunningTimer(timer: timer, deadline: now + duration, serial: timerSerial))
            case .cancelTimer(let timer):
                timers.removeAll { $0.timer == timer }
            case .request(let request):
                let kind = request.kind
                ordinals[kind.rawValue] += 1
                if let superseded = cancelledNow[kind.rawValue] {
                    requests[superseded].cancellation?.supersededBy = ordinals[kind.rawValue]
                }
                requests.append(RequestRecord(
                    id: requests.count + 1, reference: RequestReference(kind, ordinals[kind.rawValue]),
                    request: request, madeAt: now))
                if answerer != nil { unanswered.append(requests.count - 1) }
            case .cancel(let kind):
                if let index = requests.lastIndex(where: { $0.reference.kind == kind && $0.isPending }) {
                    requests[index].cancellation = .init(at: now)
                    cancelledNow[kind.rawValue] = index
                }
            case .output:
                break
            }
        }
        steps.append(RuntimeStep(time: now, input: input, result: result, before: before, after: state))
    }
}
