import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineRuntime
import ScriptFiles

/// A live session of the picker with a `SessionRecorder` writing its script to a temporary file,
/// against the same session without one: what recording costs per input.
///
/// Both run the same ``PickerSession``. An input is whatever the runtime reports to `onInput`: a
/// host event, a catch-up of the clock or an answer.
@MainActor
enum RecordingBenchmark {
    static func run(runs: Int, cycles: Int) async throws -> Comparison {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("address-picker-bench-\(getpid()).events").path
        defer { unlink(file) }
        let inputs = try await session(cycles: cycles, recordingTo: nil, countingInputs: true)
        try await check(file: file)
        var subject: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<runs {
            subject.append(try await nanoseconds { try await session(cycles: cycles, recordingTo: file) } / Double(inputs))
            baseline.append(try await nanoseconds { try await session(cycles: cycles, recordingTo: nil) } / Double(inputs))
        }
        return Comparison(
            subject: Measurement(name: "live session, recorded to a file", nanosecondsPerOperation: subject),
            baseline: Measurement(name: "live session, not recorded", nanosecondsPerOperation: baseline),
            note: "per input; \(cycles) cycles of 7 host events, \(inputs) inputs (host events, catch-ups, answers)")
    }

    /// Runs a session of `cycles` cycles, recorded to `file` when one is given; returns how many
    /// inputs the runtime applied when `countingInputs`, else 0.
    @discardableResult
    static func session(cycles: Int, recordingTo file: String?, countingInputs: Bool = false) async throws -> Int {
        let clock = SteppedClock()
        let live = LiveRuntime(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: clock,
            provider: try PickerSession.perform(), onOutput: { _ in })
        var inputs = 0
        var recorder: SessionRecorder<AddressPickerVocabulary>?
        if let file {
            let started = try SessionRecorder(
                vocabulary: AddressPickerVocabulary(), file: file, recordedBy: "address-picker-bench",
                at: Date(timeIntervalSince1970: 0), startingFrom: live.runtime)
            live.onInput = started.record
            recorder = started
        } else if countingInputs {
            live.onInput = { _ in inputs += 1 }
        }
        try await PickerSession.run(cycles: cycles, clock: clock, live: live) { try live.send($0) }
        try recorder?.finish(in: live.state)
        live.stop()
        return inputs
    }

    /// Fails unless a recorded session of a few cycles replays and passes.
    static func check(file: String) async throws {
        try await session(cycles: 3, recordingTo: file)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let vocabulary = AddressPickerVocabulary()
        let program = try ScriptChecker(vocabulary: vocabulary).check(bytes, file: file)
        var sink = ReplayBenchmark.OutcomeOnly()
        guard case .passed(let expectations) = try Player(vocabulary: vocabulary).play(program, into: &sink), expectations > 0
        else {
            throw BenchmarkError.mismatch("the recorded session does not replay to its own outcome")
        }
    }

    /// The nanoseconds `body` takes on the continuous clock.
    static func nanoseconds(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let (seconds, attoseconds) = start.duration(to: clock.now).components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
