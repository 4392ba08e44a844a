import Connection
import ConnectionScripting
import Foundation
import MachineAnalysis
import MachineCommandLine
import MachineRuntime
import MachineTesting
import Testing

/// What the tools say of the table: `connection check` finds nothing, every state the samples
/// reach keeps the invariants, random exploration fires every row, and the scripts kill every
/// mutant that behaves differently.
@Suite("Analysis") struct AnalysisTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func checkFindsNothing() throws {
        let tool = MachineCommandLine(name: "connection", vocabulary: ConnectionVocabulary())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("connection-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("stdout").path
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(output >= 0)
        let status = tool.run(arguments: ["check"], environment: [:], streams: StandardStreams(output: output))
        close(output)
        #expect(status == .success)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "connection: no findings (2 regions, 13 states, 16 events, 18 rows)\n")
        // The same checks, read in Swift.
        #expect(Connection.table.listing.findings.isEmpty)
    }

    /// The scripts' coverage totals, read in Swift: every row and state, and each compound state
    /// entered by history restored.
    @Test func theScriptsCoverEveryRowAndState() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Scripts").path)
            .sorted().map { Self.root.appendingPathComponent("Scripts").appendingPathComponent($0) }
        let report = assertRowCoverage(ofScripts: scripts, vocabulary: ConnectionVocabulary()).report
        #expect(report.rows.percent == 100, "never fired: \(report.uncoveredRows)")
        #expect(report.states.covered == report.states.total)
        #expect(report.text.hasPrefix("rows        18 of 18 (100.0%)\n"))
    }

    /// The queue can grow without end, so the space is never exhausted; 24 inputs reach every
    /// row and every timer's deadline several times over.
    @Test func everyStateWithin24InputsKeepsTheInvariants() {
        assertVerifies(ConnectionVocabulary(), samples: ConnectionSamples(), invariants: Connection.invariants, depth: 24)
    }

    @Test func explorationFiresEveryRowAndBreaksNoInvariant() {
        let explorer = Explorer(
            table: Connection.table, initial: Connection.table.initialState(context: .init()), samples: ConnectionSamples(),
            invariants: Invariant.standard + Connection.invariants)
        let report = explorer.explore(seed: 1, moves: 10_000)
        #expect(report.violation == nil)
        #expect(report.rowHits.allSatisfy { $0 > 0 })
    }

    /// The four survivors change nothing anyone can see: `handshake` and `online` are entered by
    /// their initial children either way, and `online` remembers `sending` exactly when a
    /// message waits, which the drain would send anyway.
    @Test func theScriptsKillEveryMutantButTheEquivalentOnes() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Scripts").path)
            .sorted().map { Self.root.appendingPathComponent("Scripts").appendingPathComponent($0) }
        let report = try #require(assertMutationScore(ofScripts: scripts, vocabulary: ConnectionVocabulary(), minimum: 95))
        #expect(
            report.survivors.map(\.id) == [
                "connected/target=hello", "handshakeDone/target=idle", "handshakeDone/history=shallow",
                "handshakeDone/history=deep",
            ])
    }
}
