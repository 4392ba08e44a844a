import AddressPicker
import AddressPickerScripting
import EventScripts
import Foundation
import Testing

/// The example scripts: the shared ones (from ../shared/examples when that folder exists, else
/// from their copies in Examples/) and the project's own, all replayed and passing.
@Suite("Example scripts") struct ExampleScriptTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let sharedExamples: [URL] = {
        let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/examples")
        let folder = FileManager.default.fileExists(atPath: shared.path) ? shared : packageRoot.appendingPathComponent("Examples")
        return scripts(in: folder).filter { ["current-location", "pan-and-geocode", "search-nearby"].contains($0.deletingPathExtension().lastPathComponent) }
    }()

    static let projectExamples = scripts(in: packageRoot.appendingPathComponent("Examples"))

    static func scripts(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func transcript(of url: URL) throws -> (Outcome, String) {
        let bytes = [UInt8](try Data(contentsOf: url))
        let checked = try ScriptChecker(vocabulary: AddressPickerVocabulary()).program(from: bytes, file: url.lastPathComponent)
        var sink = TextTranscript(output: "")
        let outcome = Player(vocabulary: AddressPickerVocabulary()).play(checked, into: &sink)
        return (outcome, sink.output)
    }

    @Test func theSharedExamplesAreThere() {
        #expect(Self.sharedExamples.count == 3)
        #expect(Self.projectExamples.count >= 9)
    }

    @Test("Every example replays and passes", arguments: sharedExamples + projectExamples)
    func replaysAndPasses(_ url: URL) throws {
        let (outcome, transcript) = try Self.transcript(of: url)
        guard case .passed(let expectations) = outcome else {
            Issue.record("\(url.lastPathComponent): \(outcome)\n\(transcript)")
            return
        }
        #expect(expectations > 0)
    }

    @Test("The copies in Examples/ match the shared examples", arguments: sharedExamples)
    func copiesMatch(_ url: URL) throws {
        let copy = Self.packageRoot.appendingPathComponent("Examples").appendingPathComponent(url.lastPathComponent)
        #expect(try Data(contentsOf: copy) == (try Data(contentsOf: url)))
    }

    @Test("A transcript is the same, byte for byte, on every replay", arguments: projectExamples)
    func deterministic(_ url: URL) throws {
        #expect(try Self.transcript(of: url).1 == (try Self.transcript(of: url).1))
    }
}
