import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import Testing

/// The example scripts in Examples/, all replayed and passing.
@Suite("Example scripts") struct ExampleScriptTests {
    static let examples: [URL] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    static func transcript(of url: URL) throws -> (Outcome, String) {
        let bytes = [UInt8](try Data(contentsOf: url))
        let checked = try ScriptChecker(vocabulary: AddressPickerVocabulary()).check(bytes, file: url.lastPathComponent)
        var sink = TextTranscript(output: "")
        let outcome = try Player(vocabulary: AddressPickerVocabulary()).play(checked, into: &sink)
        return (outcome, sink.output)
    }

    @Test func theExamplesAreThere() {
        let names = Set(Self.examples.map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.isSuperset(of: ["current-location", "pan-and-geocode", "search-nearby"]))
        #expect(Self.examples.count >= 9)
    }

    @Test("Every example replays and passes", arguments: examples)
    func replaysAndPasses(_ url: URL) throws {
        let (outcome, transcript) = try Self.transcript(of: url)
        guard case .passed(let expectations) = outcome else {
            Issue.record("\(url.lastPathComponent): \(outcome)\n\(transcript)")
            return
        }
        #expect(expectations > 0)
    }

    @Test("A transcript is the same, byte for byte, on every replay", arguments: examples)
    func deterministic(_ url: URL) throws {
        #expect(try Self.transcript(of: url).1 == (try Self.transcript(of: url).1))
    }
}
