import Foundation
import MachineCore
import MachineDiagrams
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The package's own layout and its SVG: a panel per region, in table order (side by side in
/// the file where they fit), each state listing the rows that leave it, with arrows in the
/// margin.
@Suite("The package's own layout") struct LayoutTests {
    static let tables: [(name: String, listing: TableListing)] = [
        ("lamp", Lamp.table.listing), ("player", Player.table.listing),
    ]

    @Test(arguments: tables.map(\.name))
    func everyRowIsListedInEachStateItLeavesAndOnlyARowWithATargetHasAnArrow(_ name: String) throws {
        let listing = try #require(Self.tables.first { $0.name == name }).listing
        let layout = MachineLayout(listing: listing)
        for (index, row) in listing.rows.enumerated() {
            let panel = layout.panels[row.region]
            let listed = panel.entries.filter { $0.row == index }.map(\.source)
            let sources: [Int?] = row.sources.map { $0.map(Optional.some) } ?? [nil]
            #expect(listed == sources, "\(row.id) is listed in each of its sources")
            let arrows = panel.arrows.filter { $0.row == index }.map(\.source)
            #expect(arrows == (row.target == nil ? [] : listed), "\(row.id)'s arrows")
            let text = panel.entries.filter { $0.row == index }.map { $0.lines.joined(separator: " ") }
            for line in text {
                #expect(line.contains(row.target.map { "→ \(listing.regions[row.region].states[$0])" } ?? "(stays)"), "\(line)")
            }
        }
    }

    @Test(arguments: tables.map(\.name))
    func boxesHoldTheirTextAndTheirChildrenAndArrowsNeverShareATrackWhereTheyOverlap(_ name: String) throws {
        let listing = try #require(Self.tables.first { $0.name == name }).listing
        let layout = MachineLayout(listing: listing)
        for panel in layout.panels {
            func box(_ state: Int?) throws -> MachineLayout.Box { try #require(panel.boxes.first { $0.state == state }) }
            for entry in panel.entries {
                let source = try box(entry.source)
                let widest = (entry.lines.map(\.count).max() ?? 0) * 7
                #expect(entry.x > source.x && entry.x + widest <= source.x + source.width, "\(entry.lines) fits its box")
                #expect(entry.y > source.y && entry.y < source.y + source.height)
            }
            for child in panel.boxes {
                guard let parent = child.parent else { continue }
                let group = try box(parent)
                #expect(
                    child.x > group.x && child.x + child.width < group.x + group.width && child.y > group.y
                        && child.y + child.height < group.y + group.height, "\(child.name) is inside \(group.name)")
            }
            #expect(panel.boxes.allSatisfy { $0.x + $0.width <= layout.width })
            // Each arrow: out of its box, along its track, into its target's right edge.
            for arrow in panel.arrows {
                let row = listing.rows[arrow.row]
                let target = try box(row.target)
                let end = try #require(arrow.points.last)
                if let history = row.history {
                    let marker = try #require(target.histories.first { $0.history == history })
                    #expect(end.x == marker.x + 8 && end.y == marker.y, "\(row.id) enters by its history marker")
                } else {
                    #expect(end.x == target.x + target.width && end.y > target.y && end.y < target.y + 21)
                }
                #expect(arrow.points.count == 4 && arrow.points[1].x == arrow.points[2].x)
                #expect(arrow.points[1].x > panel.boxes.map { $0.x + $0.width }.max() ?? 0, "its track is in the margin")
            }
            for (a, first) in panel.arrows.enumerated() {
                for second in panel.arrows[(a + 1)...] where first.points[1].x == second.points[1].x {
                    let one = min(first.points[1].y, first.points[2].y)...max(first.points[1].y, first.points[2].y)
                    let other = min(second.points[1].y, second.points[2].y)...max(second.points[1].y, second.points[2].y)
                    #expect(!one.overlaps(other), "rows \(first.row) and \(second.row) share a track where they overlap")
                }
            }
        }
    }

    @Test func aSelfTransitionLoopsBackAndAnInternalRowIsMarked() throws {
        let listing = Player.table.listing
        let panel = MachineLayout(listing: listing).panels[0]
        // refresh: busy → busy, internal.
        let refresh = try #require(listing.rows.firstIndex { $0.id == "refresh" })
        let arrow = try #require(panel.arrows.first { $0.row == refresh })
        let busy = try #require(panel.boxes.first { $0.name == "busy" })
        #expect(arrow.isInternal)
        #expect(arrow.points[0].x <= busy.x + busy.width && arrow.points[3].x == busy.x + busy.width)
        let svg = DiagramFormat.svg.render(listing, name: "player", generatedBy: "player diagram")
        #expect(svg.contains("<g class=\"row arrow internal\" data-row=\"\(refresh)\""))
        #expect(svg.contains(">H*</text>"), "deep history is marked on its state")
    }

    @Test func theSVGIsOneDocumentWithARegionPerPanelTopDownInTableOrderAndItsLegend() throws {
        let svg = DiagramFormat.svg.render(Lamp.table.listing, name: "lamp", generatedBy: "lamp diagram")
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "well-formed XML")
        let offsets = svg.matches(
            of: /<g class="region" transform="translate\((\d+) (\d+)\)">\n<rect class="panel"[^\n]*>([a-z]+)<\/text>/
        )
        .map { (Int($0.1) ?? 0, Int($0.2) ?? 0, String($0.3)) }
        #expect(offsets.map(\.2) == ["power", "glow"])
        #expect(offsets[0].0 < offsets[1].0 && offsets[0].1 == offsets[1].1, "side by side, in table order")
        // The legend's sentences, their lines joined again.
        let legend = try #require(svg.firstMatch(of: /<text class="legend"[^>]*>(.*?)<\/text>/)).1
            .replacing(/<\/tspan><tspan[^>]*> */, with: " ").replacing(/<[^>]*>/, with: "")
        #expect(legend.contains("● marks an initial state, a double border a final state."))
        #expect(
            legend.contains("any state lists the rows that leave every state of its region."), "lamp has a row from any state")
        #expect(legend.contains("(stays) marks a row without a target"))
        #expect(!legend.contains("compound state"), "lamp has no compound state, so no legend line for one")
        #expect(svg == DiagramFormat.svg.render(Lamp.table.listing, name: "lamp", generatedBy: "lamp diagram"))
    }
}
