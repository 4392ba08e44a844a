import EventScripts
import Foundation
import MachineCore
import MachineRuntime
import ScriptFiles
import Testing

/// A live session of the search box, recorded as it goes: its steps, and the script its
/// recorder writes to a temporary file.
@MainActor
final class LiveSession<C: Clock> where C.Duration == Duration {
    let runtime: LiveRuntime<SearchBox, C>
    let recorder: SessionRecorder<SearchBoxVocabulary>
    private(set) var steps: [RuntimeStep<SearchBox>] = []
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString).events").path

    init(clock: C, context: SearchBox.Context, provider: @escaping LiveRuntime<SearchBox, C>.Provider) throws {
        // Recorded from the runtime before it goes live: once live, its clock runs.
        let start = Runtime(table: SearchBox.table, state: SearchBox.table.initialState(context: context))
        recorder = try SessionRecorder(
            vocabulary: SearchBoxVocabulary(), file: file, recordedBy: "EventScriptsTests",
            at: Date(timeIntervalSince1970: 1_800_000_000), startingFrom: start)
        runtime = LiveRuntime(runtime: start, clock: clock, provider: provider, onOutput: { _ in })
        runtime.onInput = recorder.record
        runtime.onStep = { [unowned self] in steps.append($0) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: file)
    }

    /// Waits until `condition` holds, letting the runtime's tasks run; records an issue and
    /// returns `false` after `limit` of real time.
    @discardableResult
    func wait(
        until description: String, within limit: Duration = .seconds(10),
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !condition() {
            guard clock.now < deadline else {
                Issue.record(
                    "timed out after \(limit) waiting for \(description); \(steps.count) steps", sourceLocation: sourceLocation)
                return false
            }
            for _ in 0..<20 { await Task.yield() }
            if !condition() { try? await clock.sleep(for: .microseconds(200)) }
        }
        return true
    }

    /// Whether some step's input is of the kind `matches` says.
    func saw(_ matches: (RuntimeStep<SearchBox>.Cause) -> Bool) -> Bool {
        steps.contains { matches($0.cause) }
    }

    /// What the recorded script gave when replayed.
    struct Replay {
        /// The script as recorded.
        let script: String
        /// The replay's outcome.
        let outcome: Outcome
        /// The steps of the replay's text transcript.
        let replayedSteps: String
        /// The live session's steps, as a transcript.
        let liveSteps: String
    }

    /// Finishes the recording, then parses, checks and replays the script it wrote.
    func finishAndReplay() throws -> Replay {
        try recorder.finish(in: runtime.state)
        runtime.stop()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let vocabulary = SearchBoxVocabulary()
        let program = try ScriptChecker(vocabulary: vocabulary).check(bytes, file: file)
        let player = Player(vocabulary: vocabulary)
        var replayed = TextTranscript(output: "", stepsOnly: true)
        let outcome = try player.play(program, into: &replayed)
        var live = TextTranscript(output: "", stepsOnly: true)
        player.transcribe(steps, into: &live)
        return Replay(
            script: String(decoding: bytes, as: UTF8.self), outcome: outcome,
            replayedSteps: replayed.output, liveSteps: live.output)
    }
}

/// Holds providers back until the test lets them answer, one query at a time. A provider
/// whose task is cancelled goes through at once, as a real one returns early.
@MainActor
final class AnswerGate {
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    private var opened: Set<String> = []

    /// Returns once `query` is let through.
    func pass(_ query: String) async {
        if opened.contains(query) { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if opened.contains(query) { continuation.resume() } else { waiting[query] = continuation }
            }
        } onCancel: {
            Task { @MainActor in self.open(query) }
        }
    }

    /// Lets `query` through, now and later.
    func open(_ query: String) {
        opened.insert(query)
        waiting.removeValue(forKey: query)?.resume()
    }
}

extension SearchBox.Request {
    /// The query the request searches for.
    var query: String {
        switch self {
        case .find(let query, _): query
        }
    }
}

extension SearchBox {
    /// A hit titled `title` at (`x`, `y`).
    static func hit(_ title: String, _ x: Double, _ y: Double) -> Hit {
        Hit(title: title, spot: Point(x: x, y: y), tag: Tag(name: title.lowercased(), colour: nil))
    }

    /// The area from (`x`, `y`), `size` wide and high.
    static func area(_ x: Double, _ y: Double, _ size: Double) -> Area {
        Area(corner: Point(x: x, y: y), size: Size(width: size, height: size))
    }
}
