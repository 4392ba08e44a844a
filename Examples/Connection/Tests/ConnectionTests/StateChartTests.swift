import Connection
import Foundation
import MachineDiagrams
import Testing

/// The diagrams in StateCharts/ are what `connection diagram` draws from the table today.
@Suite("State charts") struct StateChartTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("StateCharts")

    @Test("Each diagram is up to date", arguments: [DiagramFormat.dot, .mermaid, .scxml, .svg])
    func upToDate(_ format: DiagramFormat) throws {
        let name = "connection.\(format.fileExtension)"
        let committed = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
        #expect(
            committed == format.render(Connection.table.listing, name: "connection", generatedBy: "connection diagram"),
            "StateCharts/\(name) is stale: run connection diagram --format \(format.rawValue) --output StateCharts/\(name)")
    }
}
