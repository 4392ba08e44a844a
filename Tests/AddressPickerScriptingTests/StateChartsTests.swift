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

    @Test func theSVGListsEveryStateAndRowAndReadsInTableOrderDownEachColumn() throws {
        let svg = try committed("address-picker.svg")
        let regions = svg.matches(
            of: /<g class="region" transform="translate\((\d+) (\d+)\)">\n<rect class="panel"[^\n]*>([a-z]+)<\/text>/)
        #expect(regions.map { String($0.3) } == listing.regions.map(\.name), "a panel per region, in table order")
        let places = regions.map { (x: Int($0.1) ?? 0, y: Int($0.2) ?? 0) }
        #expect(places.map(\.x) == places.map(\.x).sorted(), "the columns left to right")
        for (above, below) in zip(places, places.dropFirst()) where above.x == below.x {
            #expect(above.y < below.y, "each column top down")
        }
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

    /// Transcripts, coverage and `mutate` name rows by id (`fired L1.locate`), so the diagram
    /// does too: each row's label starts with its id, and its label's and arrow's tooltip
    /// (`<title>`) is the row by id.
    @Test func theSVGNamesEveryRowByItsID() throws {
        let svg = try committed("address-picker.svg")
        for (index, row) in listing.rows.enumerated() {
            #expect(svg.contains("<tspan class=\"id\">\(row.id):</tspan> "), "\(row.id) in its label")
            let titles = svg.matches(of: /<g class="row [a-z ]+" data-row="(\d+)"[^\n]*<title>([^<]*)<\/title><\/g>/)
                .filter { $0.1 == "\(index)" }.map { String($0.2) }
            let expected = (row.sources?.count ?? 1) * (row.target == nil ? 1 : 2)
            #expect(titles.count == expected, "\(row.id): an entry per state it leaves, and an arrow from each")
            #expect(titles.allSatisfy { $0.hasPrefix("\(row.id): ") }, "\(row.id): \(titles)")
        }
    }

    /// The README shows the diagram at its own size in a column of 880 px: it uses that width,
    /// its panels side by side in two columns (it was one column 500 px wide and 2,329 px tall),
    /// its text 11 px, and each panel's margin has a few tracks of arrows, one per target, not
    /// one per row (up to 11 before).
    @Test func theSVGUsesTheREADMEsWidth() throws {
        let svg = try committed("address-picker.svg")
        let size = try #require(svg.firstMatch(of: /viewBox="0 0 (\d+) (\d+)"/))
        let (width, height) = (Int(size.1) ?? 0, Int(size.2) ?? 0)
        #expect(width <= 880 && width >= 800, "as wide as the README, no wider")
        #expect(Double(height) / Double(width) < 2, "\(width) × \(height)")
        #expect(svg.contains("svg.machine{font:11px"))
        let columns = Set(svg.matches(of: /<g class="region" transform="translate\((\d+) \d+\)">/).map { String($0.1) })
        #expect(columns.count == 2)
        for panel in svg.split(separator: "<g class=\"region\" transform=").dropFirst() {
            let name = panel.firstMatch(of: /class="region-name"[^>]*>([a-z]+)</).map { String($0.1) } ?? ""
            let tracks = Set(panel.matches(of: /<path class="edge" d="M\d+ \d+L(\d+) \d/).map { String($0.1) })
            #expect(tracks.count <= 6, "\(name) has \(tracks.count) tracks of arrows")
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
