import Foundation
import MachineDiagrams
import SignIn
import Testing

/// The diagrams in StateCharts/ are what `sign-in diagram` draws from the table today.
@Suite("State charts") struct StateChartTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("StateCharts")

    @Test("Each diagram is up to date", arguments: [DiagramFormat.dot, .mermaid, .svg])
    func upToDate(_ format: DiagramFormat) throws {
        let name = "sign-in.\(format.fileExtension)"
        let committed = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
        #expect(
            committed == format.render(SignIn.table.listing, name: "sign-in", generatedBy: "sign-in diagram"),
            "StateCharts/\(name) is stale: run sign-in diagram --format \(format.rawValue) --output StateCharts/\(name)")
    }
}
