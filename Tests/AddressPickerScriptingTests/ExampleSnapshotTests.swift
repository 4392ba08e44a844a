import AddressPicker
import AddressPickerScripting
import Foundation
import Gazetteer
import MachineTesting
import Testing

/// Every example's transcript is kept under Tests/Snapshots/Examples, so that a change in the
/// machine's behaviour shows up in review as a transcript diff. Record new ones with
/// `SNAPSHOT_RECORD=missing swift test` (or `=all` after an intended change).
@Suite("Example transcripts") struct ExampleSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples: [URL] = {
        let folder = root.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test("Each example matches its snapshot", arguments: examples)
    func matchesItsSnapshot(_ script: URL) {
        assertTranscript(
            ofScript: script, vocabulary: AddressPickerVocabulary(),
            matchesSnapshotIn: Self.root.appendingPathComponent("Tests/Snapshots/Examples"))
    }

    @Test func everySnapshotHasItsExample() throws {
        let snapshots = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Tests/Snapshots/Examples").path)
        let names = Set(Self.examples.map { $0.deletingPathExtension().lastPathComponent + ".transcript" })
        #expect(Set(snapshots).subtracting(names).isEmpty, "snapshots without an example: \(Set(snapshots).subtracting(names))")
    }
}

/// The gazetteer example's transcript, replayed with the embedded gazetteer answering.
@Suite("Gazetteer example transcript") struct GazetteerExampleSnapshotTests {
    @Test func matchesItsSnapshot() throws {
        let script = ExampleSnapshotTests.root.appendingPathComponent("Examples/Gazetteer/springfield-offline.events")
        let provider = GazetteerProvider(gazetteer: try Gazetteer.bundled())
        assertTranscript(
            ofScript: [UInt8](try Data(contentsOf: script)), file: "springfield-offline.events",
            vocabulary: AddressPickerVocabulary(),
            matchesSnapshotIn: ExampleSnapshotTests.root.appendingPathComponent("Tests/Snapshots/Gazetteer"),
            named: "springfield-offline", provider: { provider.answer($0) })
    }
}
