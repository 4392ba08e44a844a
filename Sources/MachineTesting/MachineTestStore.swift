import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime
import ScriptFiles
import Testing

/// Exhaustive assertions for any machine whose context is `Equatable`, in the spirit of the
/// Composable Architecture's `TestStore`.
///
/// The store drives the machine through the deterministic `MachineRuntime/Runtime`, on its
/// virtual clock. After each input the test says how the state changed, and which commands the
/// input emitted; the store compares the *whole* state (every region's control state, the whole
/// context and the work ledger) and fails the test with a diff when anything differs.
///
/// The examples drive `Lookup`, a search box in the package's tests
/// (`Tests/MachineTestingTests/Lookup.swift`, whose tests check every text below): typing starts
/// a 300 ms `debounce` timer, which then sends a `find` request; its answer shows the matches.
///
/// ## Creating a store
///
/// A store needs only the machine's table and where it starts: a context, or a whole state.
///
/// ```swift
/// let store = MachineTestStore(table: Lookup.table, context: Lookup.Context())
/// ```
///
/// ## Exhaustive testing
///
/// Each input (`perform(_:emits:_:sourceLocation:)`, or its shorthands
/// ``send(_:emits:_:sourceLocation:)``, ``advance(by:emits:_:sourceLocation:)``,
/// ``respond(_:_:with:emits:_:sourceLocation:)`` and ``fail(_:_:with:emits:_:sourceLocation:)``)
/// takes a trailing closure that mutates the state before the input into the state the test
/// expects after it:
///
/// ```swift
/// let apple = Lookup.Match(title: "Apple Store", score: 3)
/// store.send(.typed("Apple"), emits: [.startTimer(.debounce, .milliseconds(300))]) {
///     $0[Lookup.search] = .debouncing
///     $0.context.query = "Apple"
///     $0.work.timers.append(.debounce)
/// }
/// store.advance(by: .milliseconds(300), emits: [.request(.find(query: "Apple"))]) {
///     $0[Lookup.search] = .loading
///     $0.work.timers.remove(.debounce)
///     $0.work.pending.append(.find)
/// }
/// store.respond(.find, with: .found([apple])) {
///     $0[Lookup.search] = .showing
///     $0.context.matches = [apple]
///     $0.work.pending.remove(.find)
/// }
/// store.finish()
/// ```
///
/// The states are compared with `==`; a difference fails the test with a line diff of the two
/// states, dumped field by field (control states by the table's names, the context and the work
/// ledger through `Mirror`, nested fields indented). Forgetting that the timer now runs:
///
/// ```swift
/// store.send(.typed("Apple"), emits: [.startTimer(.debounce, .milliseconds(300))]) {
///     $0[Lookup.search] = .debouncing
///     $0.context.query = "Apple"
/// }
/// ```
///
/// fails with:
///
/// ```
/// The state changed differently than asserted (− expected, + actual):
/// @@ -5,5 +5,5 @@
///    failure: nil
///    debounce: 300ms
///  work:
/// -  timers: []
/// +  timers: [debounce]
///    pending: []
/// ```
///
/// An input without a closure asserts that the state did not change at all, and fails with
/// "The state was not expected to change, but it did (− expected, + actual):" and the diff.
///
/// ## Nested states and history
///
/// In a machine whose regions nest states, a region's line shows its active configuration: the
/// leaf, then its ancestors innermost first (`mode: low (in heating, on)`). When rows enter
/// compound states by history, the dump also shows the history memory, one line per such state:
/// the leaf it remembers (with the states between that leaf and it), or `never exited`. Shallow
/// history re-enters the outermost state named, deep history the leaf; a state never exited is
/// entered by its initial child. The examples drive `Oven` (`Tests/MachineTestingTests/Oven.swift`):
/// `off`, `paused` or `on`, on `idle` or `heating`, heating `low` or `high`; `pause` leaves `on`,
/// `resume` re-enters it by shallow history.
///
/// Leaving a state changes what it remembers, which the test says with
/// `MachineCore/TransitionTable/remember(_:for:of:in:)`:
///
/// ```swift
/// store.send(.pause) {
///     $0[Oven.mode] = .paused
///     Oven.table.remember(.high, for: .on, of: Oven.mode, in: &$0)
/// }
/// ```
///
/// Forgetting that line fails with the memory in the diff:
///
/// ```
/// The state changed differently than asserted (− expected, + actual):
/// @@ -1,6 +1,6 @@
///  mode: paused
///  history:
/// -  mode.on: never exited
/// +  mode.on: high (in heating)
///  context:
///    label: "kitchen"
///  work:
/// ```
///
/// and expecting `resume` to re-enter `high` shows why it re-entered `low`: shallow history
/// re-entered `heating`, whose initial child is `low`:
///
/// ```
/// The state changed differently than asserted (− expected, + actual):
/// @@ -1,4 +1,4 @@
/// -mode: high (in heating, on)
/// +mode: low (in heating, on)
///  history:
///    mode.on: high (in heating)
///  context:
/// ```
///
/// ## Commands
///
/// The commands an input emitted must be asserted, exactly and in order, with `emits:` or with
/// ``assertCommands(_:sourceLocation:)`` before the next input, or skipped on purpose with
/// ``skipCommands()``. Otherwise the next input (or the end of the test) fails with:
///
/// ```
/// The step emitted commands the test did not assert:
/// startTimer(debounce, 300ms)
/// Assert them with emits: or assertCommands(_:), or skip them with skipCommands().
/// ```
///
/// and commands that differ from the ones asserted fail with a diff, one command a line:
///
/// ```
/// The commands differ from the ones asserted (− expected, + actual):
/// @@ -1 +1 @@
/// -request(find(query: "Apple"))
/// +request(find(query: "Apples"))
/// ```
///
/// ## Microsteps
///
/// An input's step can be followed by the machine's own microsteps: eventless rows, events its
/// actions raised, done events (see `MachineRuntime/Runtime`'s run-to-completion). They are
/// asserted after the input with ``assertMicrosteps(_:sourceLocation:)``, exactly and in order,
/// each as its cause and the rows it fired; the state and commands asserted with the input are
/// those after its last microstep:
///
/// ```swift
/// store.send(.enqueue, emits: []) { $0.context.log += ["sending 1", "flushed"] }
/// store.assertMicrosteps(["eventless: Q2.drain", "raised flushed: Q3.flushed"])
/// ```
///
/// Otherwise the next input (or the end of the test) fails with:
///
/// ```
/// The input took microsteps the test did not assert:
/// eventless: Q2.drain
/// raised flushed: Q3.flushed
/// Assert them with assertMicrosteps(_:).
/// ```
///
/// and microsteps that differ from the ones asserted fail with a diff, one microstep a line.
///
/// Events the machine sends itself (`Outbox.send(_:)`) are handled within the input too, each
/// as a step of its own, and asserted the same way (`sent EVENT: ROWS`).
///
/// ## The start
///
/// The store of a machine with a start event (`MachineDefinition.startEvent`) begins after the
/// machine's start (`MachineRuntime/Runtime/startSteps`): its ``state`` is the one the start left, and
/// the start's commands and microsteps are asserted as an input's are, with
/// ``assertCommands(_:sourceLocation:)`` and ``assertMicrosteps(_:sourceLocation:)`` before the
/// first input.
///
/// A macrostep that runs away (more microsteps than the runtime's bound) fails the test with
/// "The machine halted:" and the runtime's error; the halted runtime takes no more input.
///
/// ## Work left running
///
/// At the end of the test (``finish(allowingPendingRequests:allowingRunningTimers:sourceLocation:)``,
/// or when the store goes away), requests in flight and running timers fail the test unless it
/// allows them. After a search for "Apple" and then typing "Apples":
///
/// ```
/// The test ended with work still running:
///   • request find#1 find(query: "Apple") is still in flight
///   • timer debounce is still running (due at 600ms)
/// Answer, cancel or advance past it, or finish(allowingPendingRequests:allowingRunningTimers:).
/// ```
///
/// An input the runtime refuses (an answer to no request, a negative advance) fails the test
/// with "The runtime refused the input:" and the runtime's error, and changes nothing.
///
/// ## Non-exhaustive testing
///
/// With `exhaustivity: .off(showSkipped:)`, the store checks only what the test asserts: the
/// closure is applied to the actual state, and the test fails only when that changes something
/// ("The state differs from what the test asserted (− expected, + actual):"). Unasserted
/// commands and work left running are not failures; with `showSkipped: true`, everything the
/// test did not assert is listed as a known issue ("Skipped assertions of the state (− asserted,
/// + actual):", "Skipped: The step emitted commands…", "Skipped: The test ended with work still
/// running…"), visible in the test's output without failing it.
///
/// ## Coverage
///
/// The store records which rows, states, events and guards its inputs exercised in
/// `coverage`; ``assertRowCoverage(_:minimum:sourceLocation:)`` fails when rows never fired
/// (merge the coverage of several stores to assert what a whole suite covers).
public final class MachineTestStore<M: MachineDefinition> where M.Context: Equatable {
    /// How much the store insists on.
    public var exhaustivity: Exhaustivity

    /// The runtime being driven.
    package private(set) var runtime: Runtime<M>
    /// What the store's inputs exercised: assert it with
    /// ``assertRowCoverage(_:minimum:sourceLocation:)``, after merging the coverage of several
    /// stores (`TransitionCoverage.merge(_:)`) to assert what a whole suite covers.
    public private(set) var coverage: TransitionCoverage<M>
    private let dump: StateDump<M>
    private var unasserted: (commands: [Command<M>], location: SourceLocation)?
    private var unassertedMicrosteps: (lines: [String], location: SourceLocation)?
    private var isFinished = false
    private let creation: SourceLocation

    /// A store for the machine of `table`, starting from `state`.
    public init(
        table: TransitionTable<M>, state: MachineState<M>, exhaustivity: Exhaustivity = .on,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.exhaustivity = exhaustivity
        self.runtime = Runtime(table: table, state: state)
        self.coverage = TransitionCoverage(table: table)
        self.dump = StateDump(table: table)
        self.creation = sourceLocation
        coverage.beginRun(at: state)
        // The start of a machine with a start event is asserted as an input's steps are.
        let start = runtime.startSteps
        coverage.record(start)
        let microsteps = microstepLines(start)
        if !microsteps.isEmpty { unassertedMicrosteps = (microsteps, sourceLocation) }
        let emitted = start.flatMap(\.commands)
        if !emitted.isEmpty { unasserted = (emitted, sourceLocation) }
        if let halt = runtime.halt { reportHalt(halt, at: sourceLocation) }
    }

    /// A store for the machine of `table`, starting with every region in its initial state and
    /// `context`.
    public convenience init(
        table: TransitionTable<M>, context: M.Context, exhaustivity: Exhaustivity = .on,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            table: table, state: table.initialState(context: context), exhaustivity: exhaustivity,
            sourceLocation: sourceLocation)
    }

    deinit {
        if !isFinished { finish(sourceLocation: creation) }
    }

    /// The machine's state now.
    public var state: MachineState<M> { runtime.state }

    /// Performs `input` through the runtime (`MachineRuntime/Runtime/apply(_:)`), then checks
    /// the state against `update` and, when given, the commands against `commands`.
    ///
    /// - Parameters:
    ///   - input: What happens to the machine: an event, an advance of the clock or an answer.
    ///   - commands: The commands the input emits, exactly and in order; `nil` leaves them to
    ///     ``assertCommands(_:sourceLocation:)`` or ``skipCommands()``.
    ///   - update: Turns the state before the input into the state expected after it; `nil`
    ///     expects no change.
    ///   - sourceLocation: Where a failure is reported.
    /// - Returns: The runtime's steps, for further checks.
    @discardableResult
    package func perform(
        _ input: Input<M>, emits commands: [Command<M>]? = nil, _ update: ((inout MachineState<M>) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        reportUnassertedCommands()
        reportUnassertedMicrosteps()
        let before = runtime.state
        let steps: [RuntimeStep<M>]
        do {
            steps = try runtime.apply(input)
        } catch {
            TestIssue.record("The runtime refused the input: \(error)", at: sourceLocation)
            return []
        }
        coverage.record(steps)
        if let halt = runtime.halt { reportHalt(halt, at: sourceLocation) }
        let microsteps = microstepLines(steps)
        if !microsteps.isEmpty { unassertedMicrosteps = (microsteps, sourceLocation) }
        let emitted = steps.flatMap(\.commands)
        if let commands {
            check(commands, emitted, at: sourceLocation)
        } else if !emitted.isEmpty {
            unasserted = (emitted, sourceLocation)
        }
        checkState(from: before, update, at: sourceLocation)
        return steps
    }

    /// Sends a host event; `update` says how the state changes.
    @discardableResult
    public func send(
        _ event: M.Event, emits commands: [Command<M>]? = nil, _ update: ((inout MachineState<M>) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        perform(.send(event), emits: commands, update, sourceLocation: sourceLocation)
    }

    /// Moves the virtual clock; the timers due fire, and `update` says how they change the state.
    @discardableResult
    public func advance(
        by duration: Duration, emits commands: [Command<M>]? = nil, _ update: ((inout MachineState<M>) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        perform(.advance(duration), emits: commands, update, sourceLocation: sourceLocation)
    }

    /// Answers the request of `kind` in flight, or its `ordinal`-th (an old one's answer is dropped).
    @discardableResult
    public func respond(
        _ kind: M.Request.Kind, _ ordinal: Int? = nil, with answer: M.Event, emits commands: [Command<M>]? = nil,
        _ update: ((inout MachineState<M>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        perform(.respond(kind, ordinal: ordinal, answer), emits: commands, update, sourceLocation: sourceLocation)
    }

    /// Fails the request of `kind` in flight, or its `ordinal`-th, with `failure`: an answer the
    /// machine declares a failure (`MachineCore/MachineDefinition/isFailure(_:)`). Any other
    /// event fails the test and is not delivered.
    @discardableResult
    public func fail(
        _ kind: M.Request.Kind, _ ordinal: Int? = nil, with failure: M.Event, emits commands: [Command<M>]? = nil,
        _ update: ((inout MachineState<M>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RuntimeStep<M>] {
        guard M.isFailure(failure.kind) else {
            TestIssue.record(
                "\(failure.kind.name) is not a failure (see isFailure); answer with respond(_:_:with:) instead",
                at: sourceLocation)
            return []
        }
        return respond(kind, ordinal, with: failure, emits: commands, update, sourceLocation: sourceLocation)
    }

    /// Asserts the commands the last input emitted, exactly and in order.
    public func assertCommands(_ expected: [Command<M>], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = unasserted?.commands ?? []
        unasserted = nil
        check(expected, actual, at: sourceLocation)
    }

    /// Asserts the microsteps the last input took after its step, exactly and in order, each as
    /// `CAUSE: ROWS`: `eventless: drain`, `raised flushed: Q3.flushed`, `done link.handshake:
    /// L3.handshakeDone` (a raised event as the state dump writes values).
    public func assertMicrosteps(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = unassertedMicrosteps?.lines ?? []
        unassertedMicrosteps = nil
        guard expected != actual else { return }
        let diff =
            TextDiff.unified(
                from: expected.map { $0 + "\n" }.joined(), to: actual.map { $0 + "\n" }.joined(),
                missingNewline: .markedWhenEndingsDiffer) ?? ""
        TestIssue.record("The microsteps differ from the ones asserted (− expected, + actual):\n\(diff)", at: sourceLocation)
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
        reportUnassertedMicrosteps()
        var leftovers: [String] = []
        if !allowingPendingRequests {
            leftovers += runtime.pendingRequests.map {
                "request \($0.reference) \(ValueDump.inline($0.request)) is still in flight"
            }
        }
        if !allowingRunningTimers {
            leftovers += runtime.timers.map {
                "timer \($0.timer.name) is still running (due at \(Value.milliseconds($0.deadline)))"
            }
            leftovers += runtime.scheduled.map { scheduled in
                let what =
                    switch scheduled.payload {
                    case .event(let event, let id): "sent event \(ValueDump.inline(event))\(id.map { " (id \($0))" } ?? "")"
                    case .delay(let number): "delay of \(runtime.table.rows[runtime.table.delayedRows[number]].id)"
                    }
                return "\(what) is still pending (due at \(Value.milliseconds(scheduled.deadline)))"
            }
        }
        guard !leftovers.isEmpty else { return }
        report(
            "The test ended with work still running:\n" + leftovers.map { "  • \($0)" }.joined(separator: "\n")
                + "\nAnswer, cancel or advance past it, or finish(allowingPendingRequests:allowingRunningTimers:).",
            at: sourceLocation)
    }

    private func checkState(
        from before: MachineState<M>, _ update: ((inout MachineState<M>) -> Void)?, at location: SourceLocation
    ) {
        let actual = runtime.state
        switch exhaustivity {
        case .on:
            var expected = before
            update?(&expected)
            guard expected != actual else { return }
            let what =
                update == nil
                ? "The state was not expected to change, but it did" : "The state changed differently than asserted"
            TestIssue.record("\(what) \(difference(expected, actual, "expected"))", at: location)
        case .off(let showSkipped):
            // Apply the assertion to the actual state: it changes nothing exactly when every part
            // the test asserted has the asserted value.
            var asserted = actual
            update?(&asserted)
            if asserted != actual {
                TestIssue.record(
                    "The state differs from what the test asserted \(difference(asserted, actual, "expected"))", at: location)
            }
            if showSkipped {
                var assertedFromBefore = before
                update?(&assertedFromBefore)
                if assertedFromBefore != actual {
                    TestIssue.recordKnown(
                        "Skipped assertions of the state \(difference(assertedFromBefore, actual, "asserted"))", at: location)
                }
            }
        }
    }

    /// `(− expected, + actual):` and the line diff of two unequal states' dumps, or the dump once
    /// when the dumps are the same (the states differ where no dump shows it, as with a custom `==`).
    private func difference(_ expected: MachineState<M>, _ actual: MachineState<M>, _ name: String) -> String {
        let actualDump = dump.dump(actual)
        if let diff = TextDiff.unified(from: dump.dump(expected), to: actualDump, missingNewline: .markedWhenEndingsDiffer) {
            return "(− \(name), + actual):\n\(diff)"
        }
        return "(the states are unequal but dump the same, as with a custom ==):\n\(actualDump)"
    }

    private func check(_ expected: [Command<M>], _ actual: [Command<M>], at location: SourceLocation) {
        guard expected != actual else { return }
        let (expectedText, actualText) = (dump.render(expected), dump.render(actual))
        let diff =
            TextDiff.unified(from: expectedText, to: actualText, missingNewline: .markedWhenEndingsDiffer)
            .map { "(− expected, + actual):\n\($0)" }
            ?? "(they are unequal but show the same, as with a custom ==):\n\(actualText)"
        TestIssue.record("The commands differ from the ones asserted \(diff)", at: location)
    }

    private func reportUnassertedCommands() {
        guard let (commands, location) = unasserted else { return }
        unasserted = nil
        report(
            "The step emitted commands the test did not assert:\n\(dump.render(commands))\n"
                + "Assert them with emits: or assertCommands(_:), or skip them with skipCommands().",
            at: location)
    }

    /// Each microstep of `steps` as ``assertMicrosteps(_:sourceLocation:)`` reads it.
    private func microstepLines(_ steps: [RuntimeStep<M>]) -> [String] {
        steps.filter { step in
            if case .sent = step.cause { return true }
            return step.isMicrostep
        }.map { step in
            let cause =
                switch step.cause {
                case .raised(let event): "raised \(ValueDump.inline(event))"
                case .sent(let event): "sent \(ValueDump.inline(event))"
                case .done(let region, let state):
                    "done \(runtime.table.regions[region].name).\(runtime.table.regions[region].states[state])"
                default: "eventless"
                }
            let rows = step.result?.firedRows.map { runtime.table.rows[$0].id } ?? []
            return cause + ": " + (rows.isEmpty ? "(no row)" : rows.joined(separator: ", "))
        }
    }

    private func reportHalt(_ halt: RuntimeError, at location: SourceLocation) {
        TestIssue.record("The machine halted: \(halt)", at: location)
    }

    private func reportUnassertedMicrosteps() {
        guard let (lines, location) = unassertedMicrosteps else { return }
        unassertedMicrosteps = nil
        report(
            "The input took microsteps the test did not assert:\n" + lines.joined(separator: "\n")
                + "\nAssert them with assertMicrosteps(_:).",
            at: location)
    }

    private func report(_ message: String, at location: SourceLocation) {
        switch exhaustivity {
        case .on:
            TestIssue.record(message, at: location)
        case .off(let showSkipped):
            if showSkipped { TestIssue.recordKnown("Skipped: " + message, at: location) }
        }
    }
}
