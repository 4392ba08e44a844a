import AddressPicker
import Foundation
import MachineCore
import MachineDiagrams
import Testing

/// The committed diagrams in StateCharts/ are what `address-picker diagram` writes today.
@Suite("StateCharts") struct StateChartsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("StateCharts")
    let listing = AddressPicker.table.listing

    func committed(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test("Each committed diagram is up to date", arguments: DiagramFormat.allCases)
    func upToDate(_ format: DiagramFormat) throws {
        let name = "address-picker.\(format.fileExtension)"
        #expect(
            try committed(name) == format.render(listing, name: "address-picker", generatedBy: "address-picker diagram"),
            "StateCharts/\(name) is stale: run Scripts/update-statecharts (or address-picker diagram --format \(format.rawValue) --output StateCharts/\(name))"
        )
    }

    @Test func theSVGShowsEveryStateAndEveryEdgeOfTheDOT() throws {
        let svg = try committed("address-picker.svg")
        for region in listing.regions {
            #expect(
                svg.contains(">\(region.name)</text>"), "StateCharts/address-picker.svg is stale: run Scripts/update-statecharts")
            for (index, state) in region.states.enumerated() {
                // A compound state is drawn as a cluster around its children.
                let title = region.isCompound(index) ? "cluster_\(region.name).\(state)" : "\(region.name).\(state)"
                #expect(
                    svg.contains("<title>\(title)</title>"),
                    "the SVG lacks \(region.name).\(state): run Scripts/update-statecharts")
            }
        }
        for row in listing.rows {
            let label = row.guard.map { "\(row.event) [\($0)]" } ?? row.event
            #expect(svg.contains(">\(label)</text>"), "the SVG lacks the edge \(row.id): run Scripts/update-statecharts")
        }
    }

    @Test func everySCXMLTargetNamesAState() throws {
        let scxml = try committed("address-picker.scxml")
        let ids = Set(scxml.matches(of: /id="([^"]+)"/).map { String($0.1) })
        let targets = scxml.matches(of: /target="([^"]+)"/).map { String($0.1) }
        #expect(!targets.isEmpty)
        for target in targets { #expect(ids.contains(target), "target \(target) names no state") }
    }
}
