import ConnectionScripting
import Foundation
import MachineTesting
import Testing

/// The scripts in Scripts/ replay and pass, match their transcripts in Snapshots/, and together
/// fire every row. Record new transcripts with `connection replay --snapshot Snapshots --record
/// Scripts/*.events`, or `SNAPSHOT_RECORD=missing swift test`.
@Suite("Example scripts") struct ScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts: [URL] = {
        let folder = root.appendingPathComponent("Scripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") }.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test("Each script matches its transcript", arguments: scripts)
    func matchesItsTranscript(_ script: URL) {
        assertTranscript(
            ofScript: script, vocabulary: ConnectionVocabulary(),
            matchesSnapshotIn: Self.root.appendingPathComponent("Snapshots"))
    }

    @Test func theScriptsFireEveryRow() {
        #expect(Self.scripts.count == 6)
        assertRowCoverage(ofScripts: Self.scripts, vocabulary: ConnectionVocabulary(), minimum: 100)
    }

    @Test func everyTranscriptHasItsScript() throws {
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Snapshots").path)
        let expected = Set(Self.scripts.map { $0.deletingPathExtension().lastPathComponent + ".transcript" })
        #expect(Set(transcripts) == expected)
    }

    /// The transcripts show the machine's own steps: each kind of microstep appears.
    @Test func theTranscriptsShowEveryKindOfMicrostep() throws {
        let folder = Self.root.appendingPathComponent("Snapshots")
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { name in
            String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
        }
        for input in ["eventless", "raised linkUp", "raised linkDown", "done link.handshake"] {
            #expect(transcripts.contains { $0.contains(" \(input)\n") }, "no transcript shows a step '\(input)'")
        }
    }
}
