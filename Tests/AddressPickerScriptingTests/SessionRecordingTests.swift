import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import MachineCore
import MachineRuntime
import MachineTesting
import ScriptFiles
import Testing

/// A live picker session recorded with the picker's vocabulary, then replayed: the replay takes
/// the session's steps exactly and checks where it ended.
@Suite(.timeLimit(.minutes(1))) struct SessionRecordingTests {
    /// Holds the completions provider back until the test lets a query through; a cancelled
    /// request's provider goes through at once, as a real one returns early.
    @MainActor
    final class CompletionsGate {
        private var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        private var opened: Set<String> = []

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

        func open(_ query: String) {
            opened.insert(query)
            waiting.removeValue(forKey: query)?.resume()
        }
    }

    /// Waits until `condition` holds, letting the runtime's tasks run; fails after 10 s.
    @MainActor
    func wait(until description: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !condition() {
            guard clock.now < deadline else {
                Issue.record("timed out waiting for \(description)", sourceLocation: sourceLocation)
                return
            }
            for _ in 0..<20 { await Task.yield() }
            if !condition() { try? await clock.sleep(for: .microseconds(200)) }
        }
    }

    @Test @MainActor func aPickerSessionReplaysToTheSameTranscript() async throws {
        let gate = CompletionsGate()
        let soho = Place(
            name: "Apple SoHo", center: try Coordinate(latitude: 40.725, longitude: -73.9987),
            address: Address(street: "103 Prince St", city: "New York"))
        let provider: LiveRuntime<AddressPicker, ManualClock>.Provider = { @MainActor request in
            switch request {
            case .requestCompletions(let query):
                await gate.pass(query)
                return .completions([Completion(title: "\(query) Store", subtitle: "Search Nearby")])
            case .searchPlaces:
                return .places(PlaceSearchAnswer(places: [soho]))
            case .reverseGeocode:
                return .address(Address(city: "New York", country: "United States"))
            default:
                return ProviderSet.failure(of: request.kind, message: "not in this test")
            }
        }
        var context = AddressPicker.Context(
            region: MapRegion(
                center: try Coordinate(latitude: 40.7, longitude: -74.0),
                span: try Span(latitudeDelta: 0.075, longitudeDelta: 0.075))
        )
        context.configuration.minimumQueryLength = 2
        let clock = ManualClock()
        var outputs: [AddressPicker.Output] = []
        let live = LiveRuntime(
            table: AddressPicker.table, state: AddressPicker.initialState(context), clock: clock,
            provider: provider, onOutput: { outputs.append($0) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString).events").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recorder = try SessionRecorder(
            vocabulary: AddressPickerVocabulary(), file: file, recordedBy: "AddressPickerScriptingTests",
            at: Date(timeIntervalSince1970: 1_800_000_000), startingFrom: live.runtime)
        live.onInput = recorder.record
        var steps: [RuntimeStep<AddressPicker>] = []
        live.onStep = { steps.append($0) }

        clock.advance(by: .milliseconds(40))
        try live.send(
            .regionChanged(
                MapRegion(
                    center: try Coordinate(latitude: 40.71, longitude: -74.0),
                    span: try Span(latitudeDelta: 0.075, longitudeDelta: 0.075)), byUser: true))
        clock.advance(by: .milliseconds(500))
        await wait(until: "the address of the map's centre") { live.state.context.address != nil }
        clock.advance(by: .milliseconds(10))
        try live.send(.searchActivated)
        clock.advance(by: .milliseconds(5))
        try live.send(.queryChanged("A"))
        clock.advance(by: .milliseconds(80))
        try live.send(.queryChanged("Apple"))
        clock.advance(by: .milliseconds(300))
        await wait(until: "completions#1") { live.state[AddressPicker.search] == .loadingCompletions }
        clock.advance(by: .milliseconds(20))
        try live.send(.queryChanged("Apple S"))
        gate.open("Apple")
        await wait(until: "the drop of completions#1") {
            steps.contains { if case .drop = $0.cause { true } else { false } }
        }
        clock.advance(by: .milliseconds(300))
        await wait(until: "completions#2") { live.state[AddressPicker.search] == .loadingCompletions }
        clock.advance(by: .milliseconds(15))
        gate.open("Apple S")
        await wait(until: "the completions") { live.state[AddressPicker.search] == .showingCompletions }
        clock.advance(by: .milliseconds(50))
        try live.send(.completionSelected(0))
        await wait(until: "the places") { live.state[AddressPicker.search] == .showingResults }
        clock.advance(by: .milliseconds(30))
        try live.send(.resultSelected(0))
        clock.advance(by: .milliseconds(100))
        try live.send(.confirmTapped)
        #expect(outputs.last == .deliver(soho.address))

        try recorder.finish(in: live.state)
        live.stop()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let vocabulary = AddressPickerVocabulary()
        let program = try ScriptChecker(vocabulary: vocabulary).check(bytes, file: file)
        let player = Player(vocabulary: vocabulary)
        var replayed = TextTranscript(output: "", stepsOnly: true)
        let outcome = try player.play(program, into: &replayed)
        var transcript = TextTranscript(output: "")
        player.transcribe(steps, into: &transcript)
        let script = String(decoding: bytes, as: UTF8.self)
        guard case .passed(let expectations) = outcome else {
            Issue.record("the recorded script did not pass: \(outcome)\n\(script)")
            return
        }
        #expect(expectations >= 5, "every region's state, and the fields that changed")
        #expect(replayed.output == transcript.output)
        #expect(script.contains("\ngiven minimumQueryLength 2\n"))
        #expect(script.contains("\nrespond completions#1 [completion(\"Apple Store\", \"Search Nearby\")]\n"))
        #expect(script.contains("\nexpect picker == confirmed\n"))
    }
}
