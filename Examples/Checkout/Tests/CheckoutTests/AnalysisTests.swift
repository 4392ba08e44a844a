import Checkout
import CheckoutScripting
import Foundation
import MachineAnalysis
import MachineCommandLine
import MachineRuntime
import MachineTesting
import Testing

/// What the tools say of the table: `checkout check` finds nothing, every state the samples
/// reach keeps the invariants, random exploration fires every row, and the scripts kill every
/// mutant.
@Suite("Analysis") struct AnalysisTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func checkFindsNothing() throws {
        let tool = MachineCommandLine(name: "checkout", vocabulary: CheckoutVocabulary())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-check-\(UUID().uuidString)")
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
                == "checkout: no findings (6 regions, 19 states, 17 events, 22 rows)\n")
    }

    /// The session's delays and the reservation's send restart with every input, so the space
    /// is never exhausted; 8 inputs reach every row, the last card declined included, from a new
    /// customer and from a returning one, whose saved address is sent as if typed.
    @Test func everyStateWithin8InputsKeepsTheInvariants() {
        assertVerifies(CheckoutVocabulary(), samples: CheckoutSamples(), invariants: Checkout.invariants, depth: 8)
        let returning = Checkout.table.initialState(context: Checkout.Context(total: 4250, savedAddress: "1 Main St"))
        assertVerifies(
            CheckoutVocabulary(), samples: CheckoutSamples(), from: returning, invariants: Checkout.invariants, depth: 8)
    }

    @Test func explorationFiresEveryRowAndBreaksNoInvariant() {
        let explorer = Explorer(
            table: Checkout.table, initial: Checkout.table.initialState(context: .init()), samples: CheckoutSamples(),
            invariants: Invariant.standard + Checkout.invariants)
        let report = explorer.explore(seed: 2, moves: 20_000)
        #expect(report.violation == nil)
        #expect(report.rowHits.allSatisfy { $0 > 0 })
    }

    /// Every mutant behaves differently from the machine in a way some script sees.
    @Test func theScriptsKillEveryMutant() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Scripts").path)
            .sorted().map { Self.root.appendingPathComponent("Scripts").appendingPathComponent($0) }
        let report = try #require(assertMutationScore(ofScripts: scripts, vocabulary: CheckoutVocabulary(), minimum: 100))
        #expect(report.survivors.isEmpty)
    }
}
