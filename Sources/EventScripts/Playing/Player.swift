import MachineCore
import MachineRuntime

/// Replays a checked script against its machine on the virtual clock, checks its expectations,
/// and streams the transcript to a sink.
///
/// After a failed expectation the replay goes on, so one run reports every failure. A `respond`
/// or `fail` with no matching request makes the script invalid when it is reached. The player is
/// `@inlinable` so that, with the runtime and the table's step, it is specialised for the
/// caller's machine.
public struct Player<V: ScriptVocabulary>: Sendable {
    /// The vocabulary's machine.
    public typealias M = V.Machine

    /// What the player reads, behind one reference, so that copying a player (each replay holds
    /// one) costs one retain rather than one per array of the vocabulary and its table.
    @usableFromInline
    final class Parts: Sendable {
        @usableFromInline let vocabulary: V
        @usableFromInline let fields: StateFields<M>
        @usableFromInline let writer: ScriptWriter<V>
        @usableFromInline let table: TransitionTable<M>
        /// Each row's id, by position: what a transcript names the rows that fired by (a row
        /// taken out of the table to read its id would be copied whole).
        @usableFromInline let rowIDs: [String]
        /// For each region, whether each of its states is compound: the states whose exits and
        /// entries a transcript shows.
        @usableFromInline let isCompound: [[Bool]]

        @inlinable
        init(vocabulary: V) {
            self.vocabulary = vocabulary
            self.fields = StateFields(vocabulary)
            self.writer = ScriptWriter(vocabulary: vocabulary)
            self.table = vocabulary.table
            self.rowIDs = table.rows.map(\.id)
            self.isCompound = table.regions.map { $0.children.map { !$0.isEmpty } }
        }
    }

    @usableFromInline let parts: Parts

    /// The vocabulary of the machine.
    package var vocabulary: V { parts.vocabulary }
    /// The readable fields of the state.
    package var fields: StateFields<M> { parts.fields }
    /// Writes the transcript's inputs as statements.
    package var writer: ScriptWriter<V> { parts.writer }

    /// A player of scripts of `vocabulary`'s machine. Inlinable, like the player, so that the
    /// fields it reads are compiled for the machine where it is made.
    @inlinable
    public init(vocabulary: V) {
        self.parts = Parts(vocabulary: vocabulary)
    }

    /// Replays `script` from its initial state, writing its transcript into `sink`.
    ///
    /// - Parameters:
    ///   - script: The checked script (``ScriptChecker/check(_:file:)``).
    ///   - provider: Answers every request at the instant it is made (`--provider`); without one
    ///     the script answers them with `respond` and `fail`.
    ///   - sink: Receives the transcript, entry by entry.
    ///   - onStep: Sees every step of the runtime, in order (for coverage).
    /// - Throws: nothing: the replay runs the program checked, without reading the script again;
    ///   what stops a script (a `respond` with no request) ends it as ``Outcome/invalid(_:)``.
    ///   Declared `throws` as in 1.0, when the replay read the script again.
    @inlinable
    @discardableResult
    public func play<S: TranscriptSink>(
        _ script: CheckedScript<V>, provider: Provider<M>? = nil, into sink: inout S,
        onStep: ((RuntimeStep<M>) -> Void)? = nil
    ) throws -> Outcome {
        var runtime = Runtime(table: parts.table, state: script.initialState, provider: provider)
        return try play(script, on: &runtime, into: &sink, onStep: onStep)
    }

    /// Replays `script` on `runtime`, which it leaves as the script left it (to go on from a
    /// saved state, or to save the state the script ends in): the runtime's own state is the
    /// start, and the script's `given` lines are not applied. A runtime that has taken no input
    /// yet begins with its machine's start (`Runtime.startSteps`). The script's program runs as
    /// it was checked; the script is not read again.
    ///
    /// - Throws: nothing: the replay runs the program checked, without reading the script again;
    ///   what stops a script (a `respond` with no request) ends it as ``Outcome/invalid(_:)``.
    ///   Declared `throws` as in 1.0, when the replay read the script again.
    @inlinable
    @discardableResult
    public func play<S: TranscriptSink>(
        _ script: CheckedScript<V>, on runtime: inout Runtime<M>, into sink: inout S,
        onStep: ((RuntimeStep<M>) -> Void)? = nil
    ) throws -> Outcome {
        var replay = Replay(player: self, file: script.file, runtime: runtime, onStep: onStep)
        sink.write(
            .header(file: script.file, machine: parts.vocabulary.machineName, givens: script.givens.map { ($0.field, $0.value) }))
        // A runtime that has taken no input yet begins with its start (`onStep` sees its steps),
        // in the transcript when it did something to show.
        if runtime.isFresh, !runtime.startSteps.isEmpty {
            if showsSomething(runtime.startSteps) {
                replay.record(runtime.startSteps, line: 0, into: &sink)
            } else {
                for step in runtime.startSteps { onStep?(step) }
            }
            if let halt = runtime.halt {
                let ending = Outcome.invalid(
                    ScriptError(halt.description, at: ScriptLocation(line: 1, column: 1), file: script.file))
                sink.write(.end(ending))
                return ending
            }
        }
        var outcome: Outcome?
        for (statement, line) in script.program {
            let failed = replay.execute(
                statement.kind, at: statement.location(line: line), rewritable: statement.rewritable(line: line),
                into: &sink)
            guard let error = failed else { continue }
            outcome = .invalid(statement.showing(error, line: line))
            break
        }
        let ending = outcome ?? replay.outcome
        sink.write(.end(ending))
        runtime = replay.runtime
        return ending
    }

    /// Whether the steps of a start did something a transcript shows: a microstep, a command, a
    /// change of the context or of a compound state (entering the initial leaves is not news).
    @usableFromInline
    func showsSomething(_ start: [RuntimeStep<M>]) -> Bool {
        guard start.count == 1 else { return true }
        let shown = render(start[0])
        return !shown.commands.isEmpty || !shown.fieldChanges.isEmpty || !shown.compoundChanges.isEmpty
    }

    /// Replays `script` and returns its outcome and its text transcript, whole: for snapshots
    /// and tests. Use ``play(_:provider:into:onStep:)`` to stream a long transcript instead.
    @inlinable
    public func transcript(of script: CheckedScript<V>, provider: Provider<M>? = nil) throws -> (outcome: Outcome, text: String) {
        var sink = TextTranscript(output: "")
        let outcome = try play(script, provider: provider, into: &sink)
        return (outcome, sink.output)
    }

    /// The state of one replay.
    @usableFromInline
    struct Replay {
        @usableFromInline let player: Player
        @usableFromInline let file: String
        @usableFromInline var runtime: Runtime<M>
        /// The line and steps of the most recent send, advance, respond or fail.
        @usableFromInline var lastInput: (line: Int, steps: [RuntimeStep<M>])?
        @usableFromInline var drops = Set<RequestReference<M.Request.Kind>>()
        /// What the expectations since the most recent input assert, as the start of the line a
        /// bare `expect` would write for it (`expect query == `, `expect commands `) or as that
        /// whole line (`expect ignored`): a bare `expect` leaves them out, so that an update
        /// writes nothing twice.
        @usableFromInline var assertedSinceInput: [String] = []
        @usableFromInline var expectations = 0
        @usableFromInline var failures = 0
        @usableFromInline let onStep: ((RuntimeStep<M>) -> Void)?
        /// What the transcript wrote lately (see ``RecentTexts``).
        @usableFromInline var kept = RecentTexts<M>()

        @inlinable
        init(player: Player, file: String, runtime: Runtime<M>, onStep: ((RuntimeStep<M>) -> Void)?) {
            self.player = player
            self.file = file
            self.onStep = onStep
            self.runtime = runtime
        }

        /// How the script ended, when it ran to its end.
        @inlinable
        var outcome: Outcome {
            failures == 0 ? .passed(expectations: expectations) : .failed(failures: failures, expectations: expectations)
        }

        /// Runs one instruction, `kind` at `location`; returns the error that makes the script
        /// invalid at run time (a `respond` with no request), after which nothing more runs.
        @inlinable
        mutating func execute<S: TranscriptSink>(
            _ kind: Instruction<M>.Kind, at location: ScriptLocation, rewritable: Range<ScriptLocation>?,
            into sink: inout S
        ) -> ScriptError? {
            switch kind {
            case .input(let input):
                return perform(input, at: location, into: &sink)
            case .expect(let path, let comparison, let expected):
                expect(path, comparison, expected, at: location, rewritable: rewritable, into: &sink)
            case .expectIn(let region, let state):
                expectations += 1
                let description = player.parts.table.regions[region]
                let statement = "expect \(description.name) in \(description.states[state])"
                let leaf = runtime.state.controls[region]
                if !description.contains(state, leaf) {
                    fail(
                        statement, expected: "\(description.states[state]) or a state inside it",
                        actual: player.configuration(of: description, leaf: leaf), at: location, into: &sink)
                } else {
                    held(statement, at: location, into: &sink)
                }
            case .expectCommand(let command):
                expectations += 1
                let emitted = lastCommands
                if !emitted.contains(where: { $0.matches(command, tolerance: 1e-9) }) {
                    fail(
                        "expect command \(command)", expected: "\(command) among the commands",
                        actual: Value.list(emitted).description, at: location, into: &sink)
                } else {
                    held("expect command \(command)", at: location, into: &sink)
                }
            case .expectCommands(let commands):
                expectations += 1
                assertedSinceInput.append("expect commands ")
                let emitted = Value.list(lastCommands)
                if !emitted.matches(.list(commands), tolerance: 1e-9) {
                    let rewrite = rewritable.flatMap { range in
                        player.parts.writer.text(of: emitted, as: .list(player.parts.writer.commandType)).map {
                            ExpectationRewrite(range, [$0])
                        }
                    }
                    fail(
                        "expect commands \(Value.list(commands))", expected: Value.list(commands).description,
                        actual: emitted.description, at: location, rewrite: rewrite, into: &sink)
                } else {
                    held("expect commands \(Value.list(commands))", at: location, into: &sink)
                }
            case .expectDropped(let kind, let ordinal):
                expectations += 1
                let reference = RequestReference(kind, ordinal)
                assertedSinceInput.append("expect dropped \(reference)")
                if !drops.contains(reference) {
                    fail(
                        "expect dropped \(reference)", expected: "\(reference) dropped",
                        actual: dropStatus(of: reference), at: location, into: &sink)
                } else {
                    held("expect dropped \(reference)", at: location, into: &sink)
                }
            case .expectIgnored:
                expectations += 1
                assertedSinceInput.append("expect ignored")
                let steps = lastInput?.steps ?? []
                if !steps.allSatisfy(\.isIgnored) {
                    let fired = steps.flatMap { $0.result?.firedRows ?? [] }.map { player.parts.table.rows[$0].id }
                    fail(
                        "expect ignored", expected: "no row fired", actual: "fired \(fired.joined(separator: ", "))",
                        at: location, into: &sink)
                } else {
                    held("expect ignored", at: location, into: &sink)
                }
            case .expectPlaceholder:
                expectations += 1
                let lines = player.parts.writer.expectations(of: lastInput?.steps ?? [], fields: player.parts.fields)?
                    .filter { line in
                        !assertedSinceInput.contains { line == $0 || ($0.hasSuffix(" ") && line.hasPrefix($0)) }
                    }
                fail(
                    "expect", expected: "the expectations of line \(lastInput?.line ?? 0) (replay --update writes them)",
                    actual: lines?.joined(separator: "; ") ?? "a value the script language cannot write",
                    at: location,
                    rewrite: lines.flatMap { lines in rewritable.map { ExpectationRewrite($0, lines) }
                    },
                    into: &sink)
            }
            return nil
        }

        /// Checks an `expect PATH OP VALUE` line, counting it.
        @inlinable
        mutating func expect<S: TranscriptSink>(
            _ path: CheckedPath, _ comparison: Comparison, _ expected: Value, at location: ScriptLocation,
            rewritable: Range<ScriptLocation>?, into sink: inout S
        ) {
            expectations += 1
            if path.isWholeField, comparison == .equal || comparison == .approximatelyEqual {
                assertedSinceInput.append("expect \(player.parts.fields.all[path.root].name) == ")
            }
            if check(path, comparison, expected, at: location, rewritable: rewritable, into: &sink) {
                held("expect \(path) \(comparison.rawValue) \(expected)", at: location, into: &sink)
            }
        }

        /// Runs `input`, the instruction at `location`, and records its steps; returns the error
        /// that makes the script invalid at run time (a `respond` with no request).
        @inlinable
        mutating func perform<S: TranscriptSink>(
            _ input: Input<M>, at location: ScriptLocation, into sink: inout S
        ) -> ScriptError? {
            let steps: [RuntimeStep<M>]
            do {
                steps = try runtime.apply(input)
            } catch {
                return ScriptError(error.description, at: location, file: file)
            }
            if steps.isEmpty, case .advance = input, sink.wantsSteps {
                sink.write(.quiet(time: runtime.now, input: player.parts.writer.statement(input)))
            }
            record(consume steps, line: location.line, into: &sink)
            // A macrostep that ran away: its steps until the cut are in the transcript, and the
            // halted runtime takes no more input.
            if let halt = runtime.halt { return ScriptError(halt.description, at: location, file: file) }
            return nil
        }

        @inlinable
        var lastCommands: [Value] {
            (lastInput?.steps ?? []).flatMap(\.commands).map(player.parts.writer.value(of:))
        }

        @usableFromInline
        func dropStatus(of reference: RequestReference<M.Request.Kind>) -> String {
            guard let record = runtime.request(reference.kind, reference.ordinal) else {
                return "\(reference) was never requested"
            }
            if record.isPending { return "\(reference) is still in flight" }
            if record.cancellation != nil { return "\(reference) was cancelled but no answer has come" }
            return "\(reference) was answered and applied"
        }

        /// Checks an `expect PATH OP VALUE` line; returns whether it held.
        @inlinable
        mutating func check<S: TranscriptSink>(
            _ path: CheckedPath, _ comparison: Comparison, _ expected: Value, at location: ScriptLocation,
            rewritable: Range<ScriptLocation>?, into sink: inout S
        ) -> Bool {
            switch path.evaluate(in: runtime.state, fields: player.parts.fields) {
            case .failure(let missing):
                fail(
                    "expect \(path) \(comparison.rawValue) \(expected)", expected: expected.description,
                    actual: missing.reason, at: location, into: &sink)
                return false
            case .success(let actual):
                if !comparison.holds(actual, expected) {
                    let expectation = comparison == .equal ? expected.description : "\(comparison.rawValue) \(expected)"
                    // Only an equality names the value it expects: a rewrite of `!=` or `<` would change its meaning.
                    let rewrite =
                        comparison == .equal || comparison == .approximatelyEqual
                        ? rewritable.flatMap { range in
                            player.parts.writer.text(of: actual, as: path.type).map { ExpectationRewrite(range, [$0]) }
                        }
                        : nil
                    fail(
                        "expect \(path) \(comparison.rawValue) \(expected)", expected: expectation,
                        actual: actual.description, at: location, rewrite: rewrite, into: &sink)
                    return false
                }
                return true
            }
        }

        /// Reports an expectation that held, to a sink that asks for them (the statement is
        /// rendered only then).
        @inlinable
        func held<S: TranscriptSink>(_ statement: @autoclosure () -> String, at location: ScriptLocation, into sink: inout S) {
            if sink.wantsHeldExpectations { sink.write(.held(location: location, statement: statement())) }
        }

        @inlinable
        mutating func fail<S: TranscriptSink>(
            _ statement: String, expected: String, actual: String, at location: ScriptLocation,
            rewrite: ExpectationRewrite? = nil, into sink: inout S
        ) {
            failures += 1
            let changes = (lastInput?.steps ?? []).map { player.render($0) }
            sink.write(
                .failure(
                    ExpectationFailure(
                        location: location, statement: statement, expected: expected, actual: actual,
                        inputLine: lastInput?.line, changes: changes, rewrite: rewrite)))
        }

        /// Hands `steps`, the steps of the input on line `line`, to `onStep` and to `sink`, and
        /// keeps them as the last input's.
        @inlinable
        mutating func record<S: TranscriptSink>(_ steps: consuming [RuntimeStep<M>], line: Int, into sink: inout S) {
            let wantsSteps = sink.wantsSteps
            // Each step is moved out of the list, read, and moved back: a step read where the
            // list keeps it is copied whole for each call it is passed to (two states and a
            // result, some fifty references retained and released), since the list's memory
            // could change during the call; a step of its own is lent as it is. Nothing between
            // the move out and the move back can throw.
            steps.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices {
                    let step = (buffer.baseAddress! + index).move()
                    if let onStep { onStep(step) }
                    if case .drop(let reference, _, _) = step.cause { drops.insert(reference) }
                    if wantsSteps { sink.write(.step(player.render(step, kept: &kept))) }
                    (buffer.baseAddress! + index).initialize(to: consume step)
                }
            }
            lastInput = (line, steps)
            assertedSinceInput.removeAll()
        }
    }
}

extension Comparison {
    /// Whether `actual` compares to `expected` as the expectation says: `==` and `!=` within
    /// 1e-9 on every number, `~=` within 1e-4, the orderings on numbers only.
    @inlinable
    func holds(_ actual: Value, _ expected: Value) -> Bool {
        switch self {
        case .equal: return actual.matches(expected, tolerance: 1e-9)
        case .notEqual: return !actual.matches(expected, tolerance: 1e-9)
        case .approximatelyEqual: return actual.matches(expected, tolerance: 1e-4)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let a = actual.numeric, let b = expected.numeric else { return false }
            switch self {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        }
    }
}
