import MachineCore

/// A misuse of the runtime: an input it cannot accept. Nothing changes when one is thrown, except
/// for the loops (``answerLoop(steps:)``, ``timerLoop(timer:steps:)``): a machine that keeps
/// feeding itself without time passing is stopped after 10,000 steps at one instant, and the
/// steps taken until then stand. A macrostep that runs away halts the runtime (``halted(rows:)``).
///
/// A ``LiveRuntime`` also reports through its `onError` the answers it refused (of the wrong
/// kind, or a second one) and a clock that ran past the virtual clock's range.
public enum RuntimeError: Error, Equatable, CustomStringConvertible {
    /// Only host events can be sent; timers fire and providers answer through the runtime.
    case notAHostEvent(String)
    /// Time only moves forward.
    case negativeDuration(Duration)
    /// `respond` without a number, but no request of that kind is in flight.
    case noPendingRequest(kind: String)
    /// `respond` names a request that was never made.
    case noSuchRequest(String)
    /// The request has been answered already.
    case alreadyAnswered(String)
    /// The event does not answer requests of that kind.
    case wrongAnswer(kind: String, event: String)
    /// Immediate answers kept causing new requests: more than 10,000 in a row.
    case answerLoop(steps: Int)
    /// The machine kept sending itself events (`Outbox.send(_:after:id:)`) that make it send more: more
    /// than 10,000 for one input. The steps until then stand; the events left are dropped.
    case sendLoop(steps: Int)
    /// A timer kept falling due at the same instant (a timer restarted for zero when it fires):
    /// it fired 10,000 times without time passing, and is left running, unfired.
    case timerLoop(timer: String, steps: Int)
    /// Advancing by `advance` from `now` would take the virtual clock past the end of its range,
    /// `Runtime.latestTime` (2^62 nanoseconds, about 146 years).
    case clockOverflow(now: Duration, advance: Duration)
    /// The runtime halted: one macrostep would have taken more than its bound of microsteps
    /// (`Runtime.microstepBound`: eventless rows that keep enabling each other, events raised
    /// in a circle), and was cut there. `rows` are the rows its microsteps fired, in the order
    /// they first fired; the steps until the cut stand. A halted runtime takes no more input.
    case halted(rows: [String])
    /// The live runtime was stopped: it takes no more events.
    case stopped

    public var description: String {
        switch self {
        case .notAHostEvent(let event):
            "'\(event)' is not a host event: timers fire and providers answer through the runtime"
        case .negativeDuration(let duration):
            "cannot advance by a negative duration (\(duration))"
        case .noPendingRequest(let kind):
            "no \(kind) request is in flight"
        case .noSuchRequest(let reference):
            "\(reference) was never requested"
        case .alreadyAnswered(let reference):
            "\(reference) has already been answered"
        case .wrongAnswer(let kind, let event):
            "'\(event)' does not answer a \(kind) request"
        case .sendLoop(let steps):
            "the machine sent itself \(steps) events for one input; each one it handles makes it send another"
        case .answerLoop(let steps):
            "immediate answers caused \(steps) steps in a row; a provider and the machine keep asking each other"
        case .timerLoop(let timer, let steps):
            "\(timer) fell due \(steps) times at one instant; the machine restarts it for zero when it fires"
        case .clockOverflow(let now, let advance):
            "cannot advance the virtual clock by \(advance) from \(now): "
                + "its range ends 2^62 nanoseconds (about 146 years) after the start"
        case .halted(let rows):
            "the machine halted: one macrostep would have taken more microsteps than its bound, firing "
                + rows.map { "'\($0)'" }.joined(separator: ", ")
                + "; eventless rows or raised events keep enabling each other, and the runtime takes no more input"
        case .stopped:
            "the runtime was stopped: it takes no more events"
        }
    }
}
