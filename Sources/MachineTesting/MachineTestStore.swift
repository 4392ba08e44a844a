import EventScripts
import MachineCore
import MachineCoverage
import MachineRuntime
import Testing

/// Exhaustive assertions for a machine, in the spirit of the Composable Architecture's `TestStore`.
///
/// Each input (``send(_:emits:_:sourceLocation:)``, ``advance(by:emits:_:sourceLocation:)``,
/// ``respond(_:_:with:emits:_:sourceLocation:)``, ``fail(_:_:message:emits:_:sourceLocation:)``)
/// steps the machine through the deterministic runtime. The trailing closure says how the state
/// changed; the store fails the test, with a diff, when the state after the step differs. The
/// commands a step emitted must be asserted (`emits:` or ``assertCommands(_:sourceLocation:)``)
/// or explicitly skipped (``skipCommands()``) before the next input. At the end
/// (``finish(allowingPendingRequests:allowingRunningTimers:sourceLocation:)``, or when the store
/// goes away), requests in flight and running timers fail the test unless it allows them.
///
/// ```swift
/// let store = MachineTestStore(vocabulary: AddressPickerVocabulary())
/// store.send(.searchActivated) {
///     $0[AddressPicker.search] = .editing
///     $0.context.searchOrigin = $0.context.region
/// }
/// store.send(.queryChanged("Apple"), emits: [.startTimer(.searchDebounce, .milliseconds(300))]) {
///     $0[AddressPicker.search] = .debouncing
///     $0.context.query = "Apple"
/// }
/// ```
public final class MachineTestStore<V: ScriptVocabulary> {
    public typealias M = V.Machine

    /// The vocabulary: how states and commands are shown in failures.
    public let vocabulary: V
    /// How much the store insists on.
    public var exhaustivity: Exhaustivity

    /// The runtime being driven.
    public private(set) var runtime: Runtime<M>
    /// What the store's inputs exercised, for ``assertRowCoverage(_:minimum:sourceLocation:)``
    /// (merge the coverage of several stores to assert what a whole suite covers).
    public private(set) var coverage: TransitionCoverage<M>
    private let fields: StateFields<M>
    private var unasserted: (commands: [Command<M>], location: SourceLocation)?
    private var isFinished = false
    private let creation: SourceLocation
    /// Where skipped assertions go in non-exhaustive mode with `showSkipped`: a known issue,
    /// visible in the test's output without failing it.
    var reportSkipped: (String, SourceLocation) -> Void = { message, location in
        withKnownIssue { Issue.record(Comment(rawValue: message), sourceLocation: location) }
    }

    /// A store starting from `state`, or from the vocabulary's initial context.
    public init(
        vocabulary: V, state: MachineState<M>? = nil, exhaustivity: Exhaustivity = .on,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.vocabulary = vocabulary
        self.exhaustivity = exhaustivity
        self.fields = StateFields(vocabulary)
        self.runtime = Runtime(
            table: vocabulary.table, state: state ?? vocabulary.table.initialState(context: vocabulary.initialContext))
        self.coverage = TransitionCoverage(table: vocabulary.table)
        self.creation = sourceLocation
        coverage.beginRun(at: runtime.state)
    }

    deinit {
        if !isFinished { finish(sourceLocation: creation) }
    }

    /// The machine's state now.
    public var state: MachineState<M> { runtime.state }

    /// Sends a host event; `update` says how the state changes.
    @discardableResult
    public func send(
        _ event: M.Event, emits commands: [Command<M>]? = nil, _ update: ((inout MachineState<M>) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        perform(commands, update, at: sourceLocation) { (runtime: inout Runtime<M>) throws(RuntimeError) in
            try runtime.send(event)
        }
    }

    /// Moves the virtual clock; the timers due fire, and `update` says how they change the state.
    @discardableResult
    public func advance(
        by duration: Duration, emits commands: [Command<M>]? = nil, _ update: ((inout MachineState<M>) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        perform(commands, update, at: sourceLocation) { (runtime: inout Runtime<M>) throws(RuntimeError) in
            try runtime.advance(by: duration)
        }
    }

    /// Answers the request of `kind` in flight, or its `ordinal`-th (an old one's answer is dropped).
    @discardableResult
    public func respond(
        _ kind: M.Request.Kind, _ ordinal: Int? = nil, with answer: M.Event, emits commands: [Command<M>]? = nil,
        _ update: ((inout MachineState<M>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        perform(commands, update, at: sourceLocation) { (runtime: inout Runtime<M>) throws(RuntimeError) in
            try runtime.respond(kind, ordinal, with: answer)
        }
    }

    /// Fails the request of `kind` in flight, or its `ordinal`-th.
    @discardableResult
    public func fail(
        _ kind: M.Request.Kind, _ ordinal: Int? = nil, message: String? = nil, emits commands: [Command<M>]? = nil,
        _ update: ((inout MachineState<M>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        respond(kind, ordinal, with: vocabulary.failure(kind, message: message), emits: commands, update,
                sourceLocation: sourceLocation)
    }

    /// Asserts the commands the last input emitted, exactly and in order.
    public func assertCommands(_ expected: [Command<M>], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = unasserted?.commands ?? []
        unasserted = nil
        check(expected, actual, at: sourceLocation)
    }

    /// Leaves the commands of the last input unasserted, on purpose.
    public func skipCommands() {
        unasserted = nil
    }

    /// Ends the test: requests in flight and running timers fail it unless allowed, as do
    /// commands left unasserted.
    public func finish(
        allowingPendingRequests: Bool = false, allowingRunningTimers: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        isFinished = true
        reportUnassertedCommands()
        var leftovers: [String] = []
        if !allowingPendingRequests {
            leftovers += runtime.pendingRequests.map {
                "request \($0.reference) \(vocabulary.value(of: .request($0.request))) is still in flight"
            }
        }
        if !allowingRunningTimers {
            leftovers += runtime.timers.map { "timer \($0.timer.name) is still running (due at \(Value.render($0.deadline)))" }
        }
        guard !leftovers.isEmpty else { return }
        report("The test ended with work still running:\n" + leftovers.map { "  • \($0)" }.joined(separator: "\n")
               + "\nAnswer, cancel or advance past it, or finish(allowingPendingRequests:allowingRunningTimers:).",
               at: sourceLocation)
    }

    private func perform(
        _ expectedCommands: [Command<M>]?, _ update: ((inout MachineState<M>) -> Void)?, at location: SourceLocation,
        _ input: (inout Runtime<M>) throws(RuntimeError) -> [RuntimeStep<M>]
    ) -> [RuntimeStep<M>] {
        reportUnassertedCommands()
        let before = runtime.state
        let steps: [RuntimeStep<M>]
        do {
            steps = try input(&runtime)
        } catch {
            Issue.record(Comment(rawValue: "The runtime refused the input: \(error)"), sourceLocation: location)
            return []
        }
        coverage.record(steps)
        let commands = steps.flatMap(\.commands)
        if let expectedCommands {
            check(expectedCommands, commands, at: location)
        } else if !commands.isEmpty {
            unasserted = (commands, location)
        }
        checkState(from: before, update, at: location)
        return steps
    }

    private func checkState(from before: MachineState<M>, _ update: ((inout MachineState<M>) -> Void)?, at location: SourceLocation) {
        let actual = runtime.state
        let kinds: Set<StateFields<M>.Field.Kind> = [.region, .context]
        let actualDump = fields.dump(actual, kinds: kinds)
        switch exhaustivity {
        case .on:
            var expected = before
            update?(&expected)
            let expectedDump = fields.dump(expected, kinds: kinds)
            if let diff = LineDiff.unified(expected: expectedDump, actual: actualDump) {
                let what = update == nil
                    ? "The state was not expected to change, but it did" : "The state changed differently than asserted"
                Issue.record(Comment(rawValue: "\(what) (− expected, + actual):\n\(diff)"), sourceLocation: location)
            }
        case .off(let showSkipped):
            // Apply the assertion to the actual state: it changes nothing exactly when every field
            // the test asserted has the asserted value.
            var asserted = actual
            update?(&asserted)
            if let diff = LineDiff.unified(expected: fields.dump(asserted, kinds: kinds), actual: actualDump) {
                Issue.record(Comment(rawValue: "The state differs from what the test asserted (− expected, + actual):\n\(diff)"),
                             sourceLocation: location)
            }
            if showSkipped {
                var assertedFromBefore = before
                update?(&assertedFromBefore)
                if let skipped = LineDiff.unified(expected: fields.dump(assertedFromBefore, kinds: kinds), actual: actualDump) {
                    reportSkipped("Skipped assertions of the state (− asserted, + actual):\n\(skipped)", location)
                }
            }
        }
    }

    private func check(_ expected: [Command<M>], _ actual: [Command<M>], at location: SourceLocation) {
        guard expected != actual else { return }
        let diff = LineDiff.unified(expected: render(expected), actual: render(actual)) ?? ""
        Issue.record(Comment(rawValue: "The commands differ from the ones asserted (− expected, + actual):\n\(diff)"),
                     sourceLocation: location)
    }

    private func reportUnassertedCommands() {
        guard let (commands, location) = unasserted else { return }
        unasserted = nil
        report("The step emitted commands the test did not assert:\n\(render(commands))"
               + "Assert them with emits: or assertCommands(_:), or skip them with skipCommands().",
               at: location)
    }

    private func report(_ message: String, at location: SourceLocation) {
        switch exhaustivity {
        case .on:
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        case .off(let showSkipped):
            if showSkipped { reportSkipped("Skipped: " + message, location) }
        }
    }

    private func render(_ commands: [Command<M>]) -> String {
        commands.map { "\(vocabulary.value(of: $0))\n" }.joined()
    }
}
