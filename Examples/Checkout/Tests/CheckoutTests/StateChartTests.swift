import Checkout
import Foundation
import MachineDiagrams
import Testing

/// The diagrams in StateCharts/ are what `checkout diagram` draws from the table today.
@Suite("State charts") struct StateChartTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("StateCharts")

    @Test("Each diagram is up to date", arguments: [DiagramFormat.dot, .mermaid, .scxml, .svg])
    func upToDate(_ format: DiagramFormat) throws {
        let name = "checkout.\(format.fileExtension)"
        let committed = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
        #expect(
            committed == format.render(Checkout.table.listing, name: "checkout", generatedBy: "checkout diagram"),
            "StateCharts/\(name) is stale: run checkout diagram --format \(format.rawValue) --output StateCharts/\(name)")
    }
}
