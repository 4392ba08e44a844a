import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineRuntime

/// Parsing and replaying a long generated script, against driving the runtime directly with the
/// same inputs (no parsing, no checking, no transcript) in the same process.
enum ReplayBenchmark {
    /// Ten statements that search, pick a completion and a result: a cycle that leaves the
    /// machine where it started, so it can repeat.
    static let cycle = """
        send searchActivated
        send queryChanged("Apple")
        advance 300ms
        expect search == loadingCompletions
        respond completions [completion("Apple Store", "Search Nearby")]
        send completionSelected(0)
        respond places [place("Apple SoHo", center(40.725, -73.9987), "103 Prince St")]
        expect results.count == 1
        send resultSelected(0)
        expect address.street == "103 Prince St"

        """

    /// A script of `statements` statements (a multiple of ten).
    static func script(statements: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let cycleBytes = Array(cycle.utf8)
        bytes.reserveCapacity(cycleBytes.count * statements / 10 + 32)
        bytes += Array("machine address-picker\n".utf8)
        for _ in 0..<(statements / 10) { bytes += cycleBytes }
        return bytes
    }

    /// Counts the transcript's bytes without keeping them, like a file would.
    struct CountingOutput: TextOutputStream {
        var bytes = 0
        mutating func write(_ string: String) { bytes += string.utf8.count }
    }

    /// Keeps only the outcome, like `replay --quiet`.
    struct OutcomeOnly: TranscriptSink {
        var wantsSteps: Bool { false }
        mutating func write(_ entry: TranscriptEntry) {}
    }

    /// Checks, then replays (as `replay` does) with a text
    /// transcript; returns the transcript's size.
    static func replay(_ bytes: [UInt8]) throws -> Int {
        let vocabulary = AddressPickerVocabulary()
        let script = try ScriptChecker(vocabulary: vocabulary).check(bytes, file: "generated.events")
        var sink = TextTranscript(output: CountingOutput())
        var runtime = Runtime(table: vocabulary.table, state: script.initialState)
        try expectPassed(Player(vocabulary: vocabulary).play(script, on: &runtime, into: &sink))
        return sink.output.bytes
    }

    /// Checks, then replays without a transcript.
    static func replayQuietly(_ bytes: [UInt8]) throws -> Int {
        let vocabulary = AddressPickerVocabulary()
        let script = try ScriptChecker(vocabulary: vocabulary).check(bytes, file: "generated.events")
        var sink = OutcomeOnly()
        var runtime = Runtime(table: vocabulary.table, state: script.initialState)
        try expectPassed(Player(vocabulary: vocabulary).play(script, on: &runtime, into: &sink))
        return script.instructionCount
    }

    /// Parses and checks only.
    static func parse(_ bytes: [UInt8]) throws -> Int {
        try ScriptChecker(vocabulary: AddressPickerVocabulary()).check(bytes, file: "generated.events").instructionCount
    }

    static func expectPassed(_ outcome: Outcome) throws {
        guard case .passed = outcome else { throw BenchmarkError.mismatch("the generated script did not pass: \(outcome)") }
    }

    /// The same inputs straight into the runtime.
    static func drive(cycles: Int) throws -> Int {
        let answer = PlaceSearchAnswer(places: [
            Place(
                name: "Apple SoHo", center: try Coordinate(latitude: 40.725, longitude: -73.9987),
                address: Address(street: "103 Prince St"))
        ])
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        var steps = 0
        for _ in 0..<cycles {
            steps += try runtime.send(.searchActivated).count
            steps += try runtime.send(.queryChanged("Apple")).count
            steps += try runtime.advance(by: .milliseconds(300)).count
            steps += try runtime.respond(
                .completions, with: .completions([Completion(title: "Apple Store", subtitle: "Search Nearby")])
            ).count
            steps += try runtime.send(.completionSelected(0)).count
            steps += try runtime.respond(.places, with: .places(answer)).count
            steps += try runtime.send(.resultSelected(0)).count
        }
        return steps
    }

    static func run(runs: Int, statements: Int) throws -> [Comparison] {
        let bytes = script(statements: statements)
        let note = "\(statements) statements, \(bytes.count / 1_000_000) MB of script"
        try expectPass(bytes)
        let cycles = statements / 10
        let direct = { (try? drive(cycles: cycles)) ?? 0 }
        let (quiet, _) = compare(
            "check, then read again and replay, quiet", { (try? replayQuietly(bytes)) ?? 0 },
            against: "runtime driven directly", direct, runs: runs, operations: statements, note: note)
        let (parsed, _) = compare(
            "parse + check only", { (try? parse(bytes)) ?? 0 },
            against: "runtime driven directly", direct, runs: runs, operations: statements, note: note)
        var size = 0
        let (transcribed, _) = compare(
            "check, then read again and replay + text transcript",
            {
                size = (try? replay(bytes)) ?? 0
                return size
            },
            against: "runtime driven directly", direct, runs: runs, operations: statements, note: note)
        return [
            quiet, parsed,
            Comparison(
                subject: transcribed.subject, baseline: transcribed.baseline,
                note: "\(note), \(size / 1_000_000) MB of transcript"),
        ]
    }

    /// Fails unless the generated script replays and passes.
    static func expectPass(_ bytes: [UInt8]) throws {
        _ = try replayQuietly(bytes)
    }
}

/// The peak resident memory of this process so far, in MiB (Linux), or `nil` elsewhere.
func peakResidentMemory() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes / 1024
}
