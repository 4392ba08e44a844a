import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineRuntime
import ScriptFiles
import Testing

/// The MachineRuntime article "Running a machine in an app" (RunningInAnApp.md): its "Record a
/// live session" and "Save and restore a running machine" examples. The article shows them as
/// below, and each runs here (the recording into a temporary file rather than `session.events`).
@Suite(.timeLimit(.minutes(1))) @MainActor struct ReadmeSessionExamplesTests {
    static let article = "Sources/MachineRuntime/MachineRuntime.docc/RunningInAnApp.md"

    static let recording = """
        let start = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        let recorder = try SessionRecorder(vocabulary: AddressPickerVocabulary(), file: "session.events",
                                           recordedBy: "my-app 1.2", at: Date(), startingFrom: start)
        let live = LiveRuntime(runtime: start, clock: ContinuousClock(),
                               provider: providers.answer, onOutput: { output in /* … */ })
        live.onInput = recorder.record
        // … the session …
        try recorder.finish(in: live.state)
        """

    static let comparing = """
        var liveSteps = TextTranscript(output: "", stepsOnly: true)
        player.transcribe(sessionSteps, into: &liveSteps)      // every step live.onStep reported
        var replayed = TextTranscript(output: "", stepsOnly: true)
        _ = try player.play(try checker.check(recording, file: "session.events"), into: &replayed)
        // replayed.output == liveSteps.output
        """

    static let restoring = """
        let bytes = try runtime.savedState().json()          // [UInt8], keys sorted: same state, same bytes
        let saved = try SavedState(json: bytes, table: AddressPicker.table)
        let restored = try Runtime(restoring: saved, table: AddressPicker.table, provider: nil)
        let resumed = LiveRuntime(runtime: restored, clock: ContinuousClock(), provider: providers.answer,
                                  onOutput: { output in /* … */ })
        """

    /// Providers that answer every request at once.
    struct Instant: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider, LocationProvider, PointsOfInterestProvider
    {
        func completions(for query: String) async throws -> [Completion] { [Completion(title: query, subtitle: "")] }
        func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer { PlaceSearchAnswer(places: []) }
        func address(at coordinate: Coordinate) async throws -> Address { Address(city: "Springfield") }
        func requestAuthorization() async throws -> AddressPicker.Authorization { .authorizedWhenInUse }
        func currentLocation() async throws -> Coordinate { try Coordinate(latitude: 1, longitude: 2) }
        func pointsOfInterest(category: String, in region: MapRegion) async throws -> [Place] { [] }
    }

    let providers = ProviderSet(
        completions: Instant(), places: Instant(), geocoder: Instant(), location: Instant(),
        pointsOfInterest: Instant())

    @Test func theArticleShowsTheseExamples() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(Self.article)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text.contains("\n\n\(Self.recording)\n```"), "the article's recording example differs from this test's")
        #expect(text.contains("\n\n\(Self.comparing)\n```"), "the article's comparison differs from this test's")
        #expect(text.contains("```swift\n\(Self.restoring)\n```"), "the article's restoring example differs from this test's")
    }

    @Test func theRecordingExampleWritesAScriptThatReplaysTheSessionsSteps() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).events").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        let recorder = try SessionRecorder(
            vocabulary: AddressPickerVocabulary(), file: path,
            recordedBy: "my-app 1.2", at: Date(), startingFrom: start)
        let live = LiveRuntime(
            runtime: start, clock: ContinuousClock(), provider: providers.answer, onOutput: { output in /* … */ })
        live.onInput = recorder.record
        var sessionSteps: [RuntimeStep<AddressPicker>] = []
        live.onStep = { sessionSteps.append($0) }
        try live.send(.appeared)
        try await waitUntil { live.runtime.pendingRequests.isEmpty }
        try recorder.finish(in: live.state)
        live.stop()
        let recording = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let player = Player(vocabulary: AddressPickerVocabulary())
        let checker = ScriptChecker(vocabulary: AddressPickerVocabulary())
        // The comparison, as in the article:
        var liveSteps = TextTranscript(output: "", stepsOnly: true)
        player.transcribe(sessionSteps, into: &liveSteps)  // every step live.onStep reported
        var replayed = TextTranscript(output: "", stepsOnly: true)
        let outcome = try player.play(try checker.check(recording, file: "session.events"), into: &replayed)
        #expect(replayed.output == liveSteps.output)
        #expect(!liveSteps.output.isEmpty)
        guard case .passed(let held) = outcome else {
            Issue.record("the recorded session does not pass: \(replayed.output)")
            return
        }
        #expect(held > 0)
    }

    @Test func theRestoringExampleGoesOn() async throws {
        let runtime = LiveRuntime(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: ContinuousClock(),
            provider: { _ in
                // A provider that never answers: the lookup stays in flight, to be performed again.
                let never = AsyncStream<Never> { _ in }
                for await _ in never {}
                return .addressFailed("never")
            }, onOutput: { _ in })
        try runtime.send(.appeared)
        let bytes = try runtime.savedState().json()  // [UInt8], keys sorted: same state, same bytes
        runtime.stop()
        let saved = try SavedState(json: bytes, table: AddressPicker.table)
        let restored = try Runtime(restoring: saved, table: AddressPicker.table, provider: nil)
        let resumed = LiveRuntime(
            runtime: restored, clock: ContinuousClock(), provider: providers.answer,
            onOutput: { output in /* … */ })
        // The lookup that was in flight is performed again and answered.
        try await waitUntil { resumed.state.context.address == Address(city: "Springfield") }
        resumed.stop()
    }

    /// Waits until `condition` holds; fails after five seconds.
    func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while !condition() {
            try #require(ContinuousClock.now < deadline, "timed out")
            await Task.yield()
        }
    }
}
