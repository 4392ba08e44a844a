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

    @Test func theSVGListsEveryStateAndRowAndReadsTopDownInTableOrder() throws {
        let svg = try committed("address-picker.svg")
        let regions = svg.matches(
            of: /<g class="region" transform="translate\(0 (\d+)\)">\n<rect class="panel"[^\n]*>([a-z]+)<\/text>/)
        #expect(regions.map { String($0.2) } == listing.regions.map(\.name), "a panel per region, in table order")
        let tops = regions.map { Int($0.1) ?? 0 }
        #expect(tops == tops.sorted(), "top down")
        for (index, region) in listing.regions.enumerated() {
            for (state, name) in region.states.enumerated() {
                #expect(svg.contains("id=\"st-\(index)-\(state)\" data-region=\"\(region.name)\" data-state=\"\(name)\""))
            }
        }
        for (index, row) in listing.rows.enumerated() {
            #expect(svg.contains("<g class=\"row entry\" data-row=\"\(index)\""), "\(row.id) is listed")
            let hasArrow = ["row arrow", "row arrow internal"].contains {
                svg.contains("<g class=\"\($0)\" data-row=\"\(index)\"")
            }
            #expect(hasArrow == (row.target != nil), "\(row.id): an arrow exactly when it has a target")
        }
        // The picker's internal rows (search's active to its children) are marked as such.
        #expect(svg.contains("<g class=\"row arrow internal\""))
        #expect(svg.contains("A dashed arrow is an internal row"))
    }

    /// The README's diagram reads at the README's width: its panels at their own size, their text
    /// 11 px, the whole no wider than GitHub's column.
    @Test func theSVGIsNarrowEnoughForTheREADME() throws {
        let svg = try committed("address-picker.svg")
        let width = try #require(svg.firstMatch(of: /viewBox="0 0 (\d+) \d+"/).flatMap { Int($0.1) })
        #expect(width <= 880)
        #expect(svg.contains("svg.machine{font:11px"))
    }

    @Test func everySCXMLTargetNamesAState() throws {
        let scxml = try committed("address-picker.scxml")
        let ids = Set(scxml.matches(of: /id="([^"]+)"/).map { String($0.1) })
        let targets = scxml.matches(of: /target="([^"]+)"/).map { String($0.1) }
        #expect(!targets.isEmpty)
        for target in targets { #expect(ids.contains(target), "target \(target) names no state") }
    }
}
