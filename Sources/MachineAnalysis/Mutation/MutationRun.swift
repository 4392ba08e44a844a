import EventScripts
import MachineCore
import MachineRuntime

/// Mutation analysis of a machine's scripts: the mutants of its table (``Mutants``), each
/// replaying every script until one notices it.
///
/// It lives with the scripts, not in `MachineAnalysis`: the mutants are made from the table
/// alone, but killing one takes the player and the scripts' expectations. Mutants run on every
/// core; the report lists them in the order they were made, so it is the same in every run.
package enum MutationRun {
    /// Why the analysis cannot start.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        /// A script does not pass on the machine itself: no mutant could be said to be noticed.
        case scriptDoesNotPass(script: String, outcome: String)

        package var description: String {
            switch self {
            case .scriptDoesNotPass(let script, let outcome):
                "\(script) does not pass on the machine itself (\(outcome)): mutation analysis needs scripts that pass"
            }
        }
    }

    /// Replays `scripts` on every mutant of `vocabulary`'s table.
    ///
    /// - Parameters:
    ///   - scripts: The checked scripts: every mutant runs their programs, on several threads
    ///     at once.
    ///   - runner: Replays them, compiled for the machine.
    ///   - provider: Answers requests as they are made, or `nil` for the scripts' own answers.
    /// - Returns: The report, and the mutants in its order (to search for scripts that kill the survivors).
    /// - Throws: ``Problem`` when a script does not pass on the original machine.
    package static func run<V: ScriptVocabulary>(
        _ scripts: [CheckedScript<V>], vocabulary: V, runner: ScriptRunner<V>, provider: Provider<V.Machine>? = nil
    ) throws -> (report: MutationReport, mutants: [Mutant<V.Machine>]) {
        let table = vocabulary.table
        let recorder = ActionProfile.Recorder(rowCount: table.rows.count)
        let instrumented = recorder.instrumenting(table)
        var reached = Array(repeating: [String](), count: table.rows.count)
        for script in scripts {
            var runtime = Runtime(table: instrumented, state: script.initialState, provider: provider)
            var sink = OutcomeOnly()
            let outcome = try runner.play(script, on: &runtime, into: &sink)
            guard case .passed = outcome else {
                throw Problem.scriptDoesNotPass(script: script.file, outcome: describe(outcome))
            }
            try recordReach(of: script, table: table, provider: provider, into: &reached)
        }
        let mutants = Mutants.of(table, profile: recorder.recorded)
        let kills = Parallel.map(mutants.count) { index in
            firstKill(of: mutants[index], scripts: scripts, runner: runner, provider: provider)
        }
        let results = mutants.indices.map { index in
            let mutant = mutants[index]
            let row = table.rows.firstIndex { $0.id == mutant.row }
            return MutationReport.Result(
                id: mutant.id, row: mutant.row, fault: mutant.fault.rawValue, description: mutant.description,
                killedBy: kills[index], reachedAt: kills[index] == nil ? row.map { reached[$0] } ?? [] : [])
        }
        return (MutationReport(machine: vocabulary.machineName, scripts: scripts.map(\.file), results: results), mutants)
    }

    /// The first script that notices `mutant`, and how; `nil` when every script passes on it.
    static func firstKill<V: ScriptVocabulary>(
        of mutant: Mutant<V.Machine>, scripts: [CheckedScript<V>], runner: ScriptRunner<V>, provider: Provider<V.Machine>?
    ) -> MutationReport.Kill? {
        for script in scripts {
            var runtime = Runtime(table: mutant.table, state: script.initialState, provider: provider)
            var sink = FirstFailure()
            guard let outcome = try? runner.play(script, on: &runtime, into: &sink) else { continue }
            switch outcome {
            case .passed: continue
            case .failed:
                return MutationReport.Kill(
                    script: script.file, location: "\(script.file):\(sink.line ?? 0)", outcome: "failed")
            case .invalid(let error):
                return MutationReport.Kill(
                    script: script.file, location: "\(script.file):\(error.location.line)", outcome: "invalid")
            }
        }
        return nil
    }

    /// Adds to `reached`, by row, the lines of `script`'s inputs that fire it (three at most per row).
    static func recordReach<V: ScriptVocabulary>(
        of script: CheckedScript<V>, table: TransitionTable<V.Machine>, provider: Provider<V.Machine>?,
        into reached: inout [[String]]
    ) throws {
        var runtime = Runtime(table: table, state: script.initialState, provider: provider)
        for instruction in script.instructions() {
            guard case .input(let input) = instruction.kind, let steps = try? runtime.apply(input) else { continue }
            for row in steps.flatMap({ $0.result?.firedRows ?? [] }) {
                let place = "\(script.file):\(instruction.location.line)"
                if reached[row].count < 3, !reached[row].contains(place) { reached[row].append(place) }
            }
        }
    }

    static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .failed(let failures, _): "\(failures.counted("expectation")) failed"
        case .invalid(let error): error.description
        }
    }
}

/// Keeps the line of the first failed expectation and nothing else.
struct FirstFailure: TranscriptSink {
    var line: Int?
    var wantsSteps: Bool { false }
    var wantsHeldExpectations: Bool { false }

    mutating func write(_ entry: TranscriptEntry) {
        if line == nil, case .failure(let failure) = entry { line = failure.location.line }
    }
}
