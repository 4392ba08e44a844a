import EventScripts
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime
import MachineTesting
import ScriptFiles
import Testing

/// A live session recorded as it goes, then replayed: the replay takes the same steps, byte for
/// byte in the transcript, and checks where the session ended.
@Suite(.timeLimit(.minutes(1))) struct SessionRecorderTests {
    typealias S = SearchBox

    /// On a manual clock: a pause that is not a whole millisecond, a late answer dropped, a
    /// timer due in the millisecond of an input, a failure, a context set up by `given`.
    @Test @MainActor func aManualClockSessionReplaysToTheSameTranscript() async throws {
        let clock = ManualClock()
        let gate = AnswerGate()
        let answers: [String: S.Event] = [
            "Ap": .hits(S.Answer(area: nil, hits: [S.hit("Apricot", 1, 1)])),
            "Apple": .hitsFailed("offline"),
            "Apples": .hits(S.Answer(area: S.area(-1, -1, 4), hits: [S.hit("Apple Store", 1, 2), S.hit("Apple Farm", 2, 1)])),
        ]
        var context = S.Context()
        context.pause = .microseconds(250_500)
        context.limit = 3
        let session = try LiveSession(
            clock: clock, context: context,
            provider: { @MainActor request in
                await gate.pass(request.query)
                return answers[request.query] ?? .hitsFailed("no answer for \(request.query)")
            })
        let runtime = session.runtime

        clock.advance(by: .microseconds(3_200))
        try runtime.send(.typed("Ap"))  // at 3ms: the pause falls due at 253.5ms
        clock.advance(by: .milliseconds(100))
        try runtime.send(.moved(S.area(5, 5, 2), byUser: true))
        clock.advance(by: .milliseconds(151))  // 254.2ms: the wake-up at 254ms fires the pause
        await session.wait(until: "hits#1") { runtime.runtime.requests.count == 1 }
        clock.advance(by: .milliseconds(20))
        try runtime.send(.typed("Apple"))  // cancels hits#1; the pause falls due at 524.5ms
        gate.open("Ap")
        await session.wait(until: "the drop of hits#1") { session.saw { if case .drop = $0 { true } else { false } } }
        // 525.3ms, and the input comes before the wake-up runs: the pause fires first all the same.
        clock.advance(by: .microseconds(251_300))
        try runtime.send(.moved(S.area(9, 9, 1), byUser: false))
        clock.advance(by: .milliseconds(7))
        gate.open("Apple")
        await session.wait(until: "the failure of hits#2") { runtime.state[S.search] == .idle }
        clock.advance(by: .milliseconds(12))
        try runtime.send(.typed("Apples"))
        clock.advance(by: .milliseconds(250))
        await session.wait(until: "nothing yet") { clock.sleeperCount == 1 }
        #expect(runtime.runtime.requests.count == 2, "the pause is due at 794.5ms: not yet")
        clock.advance(by: .milliseconds(1))
        await session.wait(until: "hits#3") { runtime.runtime.requests.count == 3 }
        gate.open("Apples")
        await session.wait(until: "the hits") { runtime.state[S.search] == .showing }
        clock.advance(by: .milliseconds(2))
        try runtime.send(.picked(1))
        clock.advance(by: .milliseconds(30))
        try runtime.send(.typed("x"))

        let replay = try session.finishAndReplay()
        #expect(replay.outcome == .passed(expectations: 8), "\(replay.script)")
        #expect(replay.replayedSteps == replay.liveSteps)
        #expect(session.steps.count == 13)
        #expect(replay.script.hasPrefix("# Recorded by EventScriptsTests at 2027-01-15T08:00:00Z"))
        let lines = replay.script.split(separator: "\n").map(String.init)
        #expect(lines.contains("given pause 250.5ms"))
        #expect(lines.contains(#"respond hits#1 [hit("Apricot", point(1.0, 1.0), tag(name: "apricot"))]"#))
        #expect(lines.contains(#"fail hits "offline""#))
        #expect(lines.contains("advance 251ms"), "the catch-up of the tie, in whole milliseconds")
        #expect(
            lines.suffix(8) == [
                "expect search == waiting", "expect panel == open", #"expect query == "x""#,
                #"expect hits == [hit("Apple Store", point(1.0, 2.0), tag(name: "apple store")), hit("Apple Farm", point(2.0, 1.0), tag(name: "apple farm"))]"#,
                #"expect chosen == hit("Apple Farm", point(2.0, 1.0), tag(name: "apple farm"))"#,
                "expect view == area(point(-1.0, -1.0), size(4.0, 4.0))", "expect searches == 3", "expect timers == [pause]",
            ], "every control state, and the fields that differ from the start")
    }

    /// On the real clock, with providers that answer after seeded random delays (returning early
    /// when their request is cancelled) and a host that types with random pauses.
    @Test @MainActor func aRealClockSessionReplaysToTheSameTranscript() async throws {
        var random = SplitMix64(seed: 0x0EC0_4DED)
        var delays: [String: Duration] = [:]
        var inputs: [(S.Event, Duration)] = []
        for index in 0..<50 {
            let pause = Duration.microseconds(Int64(random.next() % 6_000))
            switch random.next() % 6 {
            case 0: inputs.append((.picked(Int(random.next() % 2)), pause))
            case 1: inputs.append((.moved(S.area(Double(index), 0, 1), byUser: random.next() % 2 == 0), pause))
            default:
                inputs.append((.typed("q\(index)"), pause))
                delays["q\(index)"] = .microseconds(Int64(random.next() % 5_000))
            }
        }
        var context = S.Context()
        context.pause = .milliseconds(3)
        let session = try LiveSession(
            clock: ContinuousClock(), context: context,
            provider: { [delays] request in
                try? await Task.sleep(for: delays[request.query] ?? .zero)
                if request.query.hasSuffix("7") { return .hitsFailed("offline") }
                return .hits(S.Answer(area: nil, hits: [S.hit(request.query, 1, 1), S.hit("\(request.query)!", 2, 2)]))
            })
        let runtime = session.runtime
        for (event, pause) in inputs {
            try runtime.send(event)
            try? await Task.sleep(for: pause)
        }
        await session.wait(until: "every request answered and no timer running") {
            runtime.runtime.requests.allSatisfy(\.isAnswered) && runtime.runtime.timers.isEmpty
        }

        let replay = try session.finishAndReplay()
        guard case .passed = replay.outcome else {
            Issue.record("the recorded script did not pass: \(replay.outcome)\n\(replay.script)")
            return
        }
        #expect(replay.replayedSteps == replay.liveSteps)
        #expect(session.saw { if case .timer = $0 { true } else { false } })
        #expect(session.saw { if case .answer = $0 { true } else { false } })
        #expect(replay.liveSteps.split(separator: "\n").count > inputs.count)
    }

    @Test @MainActor func aFileThatCannotBeWrittenIsAnError() throws {
        let runtime = Runtime(table: S.table, state: S.table.initialState(context: .init()))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-such-folder-\(UUID().uuidString)/s.events"
        ).path
        #expect(throws: RecordingError.cannotWrite(file: missing, reason: "No such file or directory")) {
            try SessionRecorder(
                vocabulary: SearchBoxVocabulary(), file: missing, recordedBy: "test",
                at: Date(timeIntervalSince1970: 0), startingFrom: runtime)
        }
        #if os(Linux)
            #expect(throws: RecordingError.cannotWrite(file: "/dev/full", reason: "No space left on device")) {
                try SessionRecorder(
                    vocabulary: SearchBoxVocabulary(), file: "/dev/full", recordedBy: "test",
                    at: Date(timeIntervalSince1970: 0), startingFrom: runtime)
            }
        #endif
    }

    @Test func aRuntimeAScriptCannotStartFromIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UUID().uuidString).events").path
        func refusal(_ runtime: Runtime<S>) -> String? {
            do {
                _ = try SessionRecorder(
                    vocabulary: SearchBoxVocabulary(), file: file, recordedBy: "test",
                    at: Date(timeIntervalSince1970: 0), startingFrom: runtime)
                return nil
            } catch {
                return error.description
            }
        }
        var started = Runtime(table: S.table, state: S.table.initialState(context: .init()))
        _ = try started.send(.typed("a"))
        #expect(refusal(started) == "cannot record the session: the runtime has work running; a script starts with none")
        _ = try started.advance(by: .milliseconds(300))
        #expect(refusal(started) == "cannot record the session: the runtime is 300ms in; a script starts at 0ms")
        var searched = S.Context()
        searched.searches = 2
        #expect(
            refusal(Runtime(table: S.table, state: S.table.initialState(context: searched)))
                == "cannot record the session: 'searches' differs from its initial value, and no 'given' sets it")
        var closed = S.table.initialState(context: .init())
        closed[S.panel] = .closed
        #expect(
            refusal(Runtime(table: S.table, state: closed))
                == "cannot record the session: a region is not in its initial state; a script starts with every region in it")
        #expect(!FileManager.default.fileExists(atPath: file), "nothing is written for a refused runtime")
    }

    /// Defect: a NUL in the recorder's name went into the header comment, and no replay could
    /// read the script. Whatever the name, the script replays.
    @Test(arguments: ["app\u{0}1.2", "two\nlines\r\nand\u{2028}more", "bell\u{7}\u{9B}", String(repeating: "x", count: 5_000)])
    func aRecordingReplaysWhateverTheRecordersName(name: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("named-\(UUID().uuidString).events").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        var runtime = Runtime(table: S.table, state: S.table.initialState(context: .init()))
        let recorder = try SessionRecorder(
            vocabulary: SearchBoxVocabulary(), file: file, recordedBy: name, at: Date(timeIntervalSince1970: 0),
            startingFrom: runtime)
        let input = Input<S>.send(.typed("a"))
        _ = try runtime.apply(input)
        recorder.record(input)
        try recorder.finish(in: runtime.state)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!bytes.contains(0))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).first?.count ?? 0 < 300)
        let program = try ScriptChecker(vocabulary: SearchBoxVocabulary()).check(bytes, file: file)
        var transcript = TextTranscript(output: "", stepsOnly: true)
        guard case .passed = try Player(vocabulary: SearchBoxVocabulary()).play(program, into: &transcript) else {
            Issue.record("the recording did not pass:\n\(text)")
            return
        }
        if name.contains("\u{0}") { #expect(text.hasPrefix("# Recorded by app\\u{0}1.2 at ")) }
    }
}
