import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineRuntime
import ScriptFiles
import Testing

/// README.md's "Record a live session" and "Save and restore a running machine" examples: the
/// README shows them as below, and each runs here (the recording into a temporary file rather
/// than `session.events`).
@Suite(.timeLimit(.minutes(1))) @MainActor struct ReadmeSessionExamplesTests {
    static let recording = """
        let live = LiveRuntime(table: AddressPicker.table, state: AddressPicker.initialState(), clock: ContinuousClock(),
                               provider: providers.answer, onOutput: { output in /* … */ })
        let recorder = try SessionRecorder(vocabulary: AddressPickerVocabulary(), file: "session.events",
                                           recordedBy: "my-app 1.2", at: Date(), startingFrom: live.runtime)
        live.onInput = recorder.record
        // … the session …
        try recorder.finish(in: live.state)
        """

    static let restoring = """
        let bytes = try runtime.savedState.json()            // [UInt8], keys sorted: same state, same bytes
        let saved = try SavedState(json: bytes, table: AddressPicker.table)
        let restored = try Runtime(restoring: saved, table: AddressPicker.table, provider: nil)
        let live = LiveRuntime(runtime: restored, clock: ContinuousClock(), provider: providers.answer,
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

    @Test func theReadmeShowsTheseExamples() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = String(decoding: try Data(contentsOf: readme), as: UTF8.self)
        #expect(text.contains("```swift\n\(Self.recording)\n```"), "README.md's recording example differs from this test's")
        #expect(text.contains("```swift\n\(Self.restoring)\n"), "README.md's restoring example differs from this test's")
    }

    @Test func theRecordingExampleWritesAScriptThatReplays() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).events").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let live = LiveRuntime(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: ContinuousClock(),
            provider: providers.answer, onOutput: { output in /* … */ })
        let recorder = try SessionRecorder(
            vocabulary: AddressPickerVocabulary(), file: path,
            recordedBy: "my-app 1.2", at: Date(), startingFrom: live.runtime)
        live.onInput = recorder.record
        try live.send(.appeared)
        try await waitUntil { live.runtime.pendingRequests.isEmpty }
        try recorder.finish(in: live.state)
        live.stop()
        let script = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let program = try ScriptChecker(vocabulary: AddressPickerVocabulary()).check(script, file: "session.events")
        var transcript = TextTranscript(output: "")
        guard case .passed(let held) = try Player(vocabulary: AddressPickerVocabulary()).play(program, into: &transcript) else {
            Issue.record("the recorded session does not pass: \(transcript.output)")
            return
        }
        #expect(held > 0)
    }

    @Test func theRestoringExampleGoesOn() async throws {
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        _ = try runtime.send(.appeared)
        let bytes = try runtime.savedState.json()  // [UInt8], keys sorted: same state, same bytes
        let saved = try SavedState(json: bytes, table: AddressPicker.table)
        let restored = try Runtime(restoring: saved, table: AddressPicker.table, provider: nil)
        let live = LiveRuntime(
            runtime: restored, clock: ContinuousClock(), provider: providers.answer,
            onOutput: { output in /* … */ })
        // The lookup that was in flight is performed again and answered.
        try await waitUntil { live.state.context.address == Address(city: "Springfield") }
        live.stop()
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
