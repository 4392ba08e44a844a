import CheckoutScripting
import Foundation
import MachineTesting
import Testing

/// The scripts in Scripts/ replay and pass, match their transcripts in Snapshots/, and together
/// fire every row. Record new transcripts with `checkout replay --snapshot Snapshots --record
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
            ofScript: script, vocabulary: CheckoutVocabulary(),
            matchesSnapshotIn: Self.root.appendingPathComponent("Snapshots"))
    }

    @Test func theScriptsFireEveryRow() {
        #expect(Self.scripts.count == 6)
        assertRowCoverage(ofScripts: Self.scripts, vocabulary: CheckoutVocabulary(), minimum: 100)
    }

    @Test func everyTranscriptHasItsScript() throws {
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Snapshots").path)
        let expected = Set(Self.scripts.map { $0.deletingPathExtension().lastPathComponent + ".transcript" })
        #expect(Set(transcripts) == expected)
    }

    /// The transcripts show the machine's own steps: its start, each kind of microstep, the
    /// events it sends itself and the delays of its rows.
    @Test func theTranscriptsShowEveryKindOfMicrostep() throws {
        let folder = Self.root.appendingPathComponent("Snapshots")
        let transcripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { name in
            String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
        }
        for input in [
            "start", "eventless", "raised decline.timeout", "done payment.verifying", "done checkout.paying",
            "sent typeAddress(\"10 Nowhere Lane\")", "sent reservationEnds", "delay challengeExpired", "delay keepAlive",
        ] {
            #expect(transcripts.contains { $0.contains(" \(input)\n") }, "no transcript shows a step '\(input)'")
        }
    }
}
