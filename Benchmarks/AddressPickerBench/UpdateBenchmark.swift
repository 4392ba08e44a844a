import AddressPickerScripting
import EventScripts
import Foundation
import ScriptFiles

/// `replay --update` of a long script in which every expectation is wrong: parse, check,
/// replay, rewrite every expectation, replay the result to confirm it passes, and render the
/// unified diff. Against the quiet replay of the same script (which finds every failure).
enum UpdateBenchmark {
    /// Eleven statements, the inputs of ``ReplayBenchmark/cycle``, whose four expectations all
    /// fail: the update rewrites each one.
    static let cycle = """
        send searchActivated
        send queryChanged("Apple")
        advance 300ms
        expect search == editing
        respond completions [completion("Apple Store", "Search Nearby")]
        expect commands [cancel(places)]
        send completionSelected(0)
        respond places [place("Apple SoHo", center(40.725, -73.9987), "103 Prince St")]
        expect results.count == 0
        send resultSelected(0)
        expect address.street == "1 Infinite Loop"

        """

    /// How many cycles make at least `statements` statements.
    static func cycles(statements: Int) -> Int { (statements + 10) / 11 }

    /// A script of at least `statements` statements, whole cycles of eleven.
    static func script(statements: Int) -> [UInt8] {
        let cycleBytes = Array(cycle.utf8)
        var bytes = Array("machine address-picker\n".utf8)
        for _ in 0..<cycles(statements: statements) { bytes += cycleBytes }
        return bytes
    }

    /// Updates `bytes` and renders its diff; returns the number of expectations rewritten.
    static func update(_ bytes: [UInt8], updater: ScriptUpdater<AddressPickerVocabulary>) throws -> Int {
        let update = try updater.update(bytes, file: "generated.events")
        guard update.outcome.exitCode == 0, let diff = update.diff(from: "a/generated.events", to: "b/generated.events") else {
            throw BenchmarkError.mismatch("the updated script does not pass: \(update.outcome)")
        }
        return update.rewrites + (diff.isEmpty ? 0 : 1)
    }

    /// Parses, checks and replays, collecting nothing: every expectation fails.
    static func replay(_ bytes: [UInt8], updater: ScriptUpdater<AddressPickerVocabulary>) throws -> Int {
        var sink = ReplayBenchmark.OutcomeOnly()
        let outcome = try updater.player.play(try updater.checker.check(bytes, file: "generated.events"), into: &sink)
        guard case .failed(let failures, _) = outcome else {
            throw BenchmarkError.mismatch("every expectation should fail: \(outcome)")
        }
        return failures
    }

    static func run(runs: Int, statements: Int) throws -> Comparison {
        let bytes = script(statements: statements)
        let count = bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let updater = ScriptUpdater(vocabulary: AddressPickerVocabulary())
        let rewrites = try update(bytes, updater: updater) - 1
        let failures = try replay(bytes, updater: updater)
        guard rewrites == failures, rewrites == cycles(statements: statements) * 4 else {
            throw BenchmarkError.mismatch("\(rewrites) rewrites for \(failures) failed expectations")
        }
        let (comparison, _) = compare(
            "update: replay, rewrite, replay again, diff", { (try? update(bytes, updater: updater)) ?? 0 },
            against: "replay, quiet (every expectation fails)", { (try? replay(bytes, updater: updater)) ?? 0 },
            runs: runs, operations: 1,
            note:
                "\(cycles(statements: statements) * 11) statements (\(count) lines), \(rewrites) expectations rewritten, per script"
        )
        return comparison
    }
}
