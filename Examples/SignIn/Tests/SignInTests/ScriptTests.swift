import Foundation
import MachineTesting
import SignInScripting
import Testing

/// The scripts in Scripts/ replay and pass, match their transcripts in Snapshots/, and together
/// fire every row. Record new transcripts with `sign-in replay --snapshot Snapshots --record
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
            ofScript: script, vocabulary: SignInVocabulary(), matchesSnapshotIn: Self.root.appendingPathComponent("Snapshots"))
    }

    @Test func theScriptsFireEveryRow() {
        #expect(Self.scripts.count == 5)
        assertRowCoverage(ofScripts: Self.scripts, vocabulary: SignInVocabulary(), minimum: 100)
    }

    @Test func everyTranscriptHasItsScript() throws {
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Snapshots").path)
        let expected = Set(Self.scripts.map { $0.deletingPathExtension().lastPathComponent + ".transcript" })
        #expect(Set(transcripts) == expected)
    }
}
