import MachineCore
import MachineRuntime

/// Replays a checked script against its machine on the virtual clock, checks its expectations,
/// and streams the transcript to a sink.
///
/// After a failed expectation the replay goes on, so one run reports every failure. A `respond`
/// or `fail` with no matching request makes the script invalid when it is reached.
public struct Player<V: ScriptVocabulary>: Sendable {
    public typealias M = V.Machine

    /// The vocabulary of the machine.
    public let vocabulary: V
    let fields: StateFields<M>

    public init(vocabulary: V) {
        self.vocabulary = vocabulary
        self.fields = StateFields(vocabulary)
    }

    /// Replays `program`, writing its transcript into `sink`.
    ///
    /// - Parameter answerer: Answers every request at the instant it is made (`--provider`);
    ///   without one the script answers them with `respond` and `fail`.
    @discardableResult
    public func play<S: TranscriptSink>(_ program: Program<M>, answerer: Answerer<M>? = nil, into sink: inout S) -> Outcome {
        var replay = Replay(player: self, program: program, answerer: answerer)
        sink.write(.header(file: program.file, machine: vocabulary.machineName,
                           givens: program.givens.map { ($0.field, $0.value) }))
        let outcome = replay.run(into: &sink)
        sink.write(.end(outcome))
        return outcome
    }

    /// The state of one replay.
    private struct Replay {
        let player: Player
        let program: Program<M>
        var runtime: Runtime<M>
        var lastInput: (line: Int, steps: [RuntimeStep<M>], rendered: [TranscriptStep])?
        var drops = Set<RequestReference<M.Request.Kind>>()
        var expectations = 0
        var failures = 0

        init(player: Player, program: Program<M>, answerer: Answerer<M>?) {
            self.player = player
            self.program = program
            self.runtime = Runtime(table: player.vocabulary.table, state: program.initialState, answerer: answerer)
        }

        mutating func run<S: TranscriptSink>(into sink: inout S) -> Outcome {
            for instruction in program.instructions {
                let location = instruction.location
                do {
                    switch instruction.kind {
                    case .send(let event):
                        record(try runtime.send(event), input: "send \(player.vocabulary.value(of: event))", line: location.line, into: &sink)
                    case .advance(let duration):
                        let time = runtime.now + duration
                        let steps = try runtime.advance(by: duration)
                        if steps.isEmpty { sink.write(.quiet(time: time, input: "advance \(Value.render(duration))")) }
                        record(steps, input: nil, line: location.line, into: &sink)
                    case .respond(let kind, let ordinal, let answer), .fail(let kind, let ordinal, let answer):
                        record(try runtime.respond(kind, ordinal, with: answer), input: nil, line: location.line, into: &sink)
                    case .expect(let path, let comparison, let expected):
                        expectations += 1
                        check(path, comparison, expected, at: location, into: &sink)
                    case .expectCommand(let command):
                        expectations += 1
                        let emitted = lastCommands
                        if !emitted.contains(where: { $0.matches(command, tolerance: 1e-9) }) {
                            fail("expect command \(command)", expected: "\(command) among the commands",
                                 actual: Value.list(emitted).description, at: location, into: &sink)
                        }
                    case .expectCommands(let commands):
                        expectations += 1
                        let emitted = Value.list(lastCommands)
                        if !emitted.matches(.list(commands), tolerance: 1e-9) {
                            fail("expect commands \(Value.list(commands))", expected: Value.list(commands).description,
                                 actual: emitted.description, at: location, into: &sink)
                        }
                    case .expectDropped(let kind, let ordinal):
                        expectations += 1
                        let reference = RequestReference(kind, ordinal)
                        if !drops.contains(reference) {
                            fail("expect dropped \(reference)", expected: "\(reference) dropped",
                                 actual: dropStatus(of: reference), at: location, into: &sink)
                        }
                    case .expectIgnored:
                        expectations += 1
                        let steps = lastInput?.steps ?? []
                        if !steps.allSatisfy(\.isIgnored) {
                            let fired = steps.flatMap { $0.result?.firedRows ?? [] }.map { player.vocabulary.table.rows[$0].id }
                            fail("expect ignored", expected: "no row fired", actual: "fired \(fired.joined(separator: ", "))",
                                 at: location, into: &sink)
                        }
                    }
                } catch {
                    return .invalid(ScriptError(error.description, at: location, file: program.file))
                }
            }
            return failures == 0 ? .passed(expectations: expectations) : .failed(failures: failures, expectations: expectations)
        }

        private var lastCommands: [Value] {
            (lastInput?.steps ?? []).flatMap(\.commands).map(player.vocabulary.value(of:))
        }

        private func dropStatus(of reference: RequestReference<M.Request.Kind>) -> String {
            guard let record = runtime.requests.first(where: { $0.reference == reference }) else {
                return "\(reference) was never requested"
            }
            if record.isPending { return "\(reference) is still in flight" }
            if record.cancellation != nil { return "\(reference) was cancelled but no answer has come" }
            return "\(reference) was answered and applied"
        }

        private mutating func check<S: TranscriptSink>(
            _ path: CheckedPath, _ comparison: Comparison, _ expected: Value, at location: SourceLocation, into sink: inout S
        ) {
            let statement = "expect \(path) \(comparison.rawValue) \(expected)"
            switch path.evaluate(in: runtime.state, fields: player.fields) {
            case .failure(let missing):
                fail(statement, expected: expected.description, actual: missing.reason, at: location, into: &sink)
            case .success(let actual):
                let holds: Bool
                switch comparison {
                case .equal: holds = actual.matches(expected, tolerance: 1e-9)
                case .notEqual: holds = !actual.matches(expected, tolerance: 1e-9)
                case .approximatelyEqual: holds = actual.matches(expected, tolerance: 1e-4)
                case .less, .lessOrEqual, .greater, .greaterOrEqual:
                    guard let a = actual.numeric, let b = expected.numeric else {
                        holds = false
                        break
                    }
                    holds = switch comparison {
                    case .less: a < b
                    case .lessOrEqual: a <= b
                    case .greater: a > b
                    default: a >= b
                    }
                }
                if !holds {
                    let expectation = comparison == .equal ? expected.description : "\(comparison.rawValue) \(expected)"
                    fail(statement, expected: expectation, actual: actual.description, at: location, into: &sink)
                }
            }
        }

        private mutating func fail<S: TranscriptSink>(
            _ statement: String, expected: String, actual: String, at location: SourceLocation, into sink: inout S
        ) {
            failures += 1
            sink.write(.failure(ExpectationFailure(
                location: location, statement: statement, expected: expected, actual: actual,
                inputLine: lastInput?.line, changes: lastInput?.rendered ?? [])))
        }

        private mutating func record<S: TranscriptSink>(
            _ steps: [RuntimeStep<M>], input: String?, line: Int, into sink: inout S
        ) {
            var rendered: [TranscriptStep] = []
            rendered.reserveCapacity(steps.count)
            for (index, step) in steps.enumerated() {
                if case .drop(let reference, _, _) = step.input { drops.insert(reference) }
                let text = player.render(step, hostInput: index == 0 ? input : nil)
                rendered.append(text)
                sink.write(.step(text))
            }
            lastInput = (line, steps, rendered)
        }
    }
}
