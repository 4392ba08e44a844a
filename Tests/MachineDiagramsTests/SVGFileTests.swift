import Foundation
import MachineCore
import StatechartFixtures
import Testing

@testable import MachineDiagrams

/// The SVG file: its panels in columns within a README's width, its rows named by id, a track
/// per target in each margin, its legend's lines, and nothing drawn over anything else, in the
/// fixtures' drawings and in every SVG committed to the repository.
@Suite("The SVG file") struct SVGFileTests {
    static let tables: [(name: String, listing: TableListing)] = [
        ("lamp", Lamp.table.listing), ("player", Player.table.listing), ("link", Link.table.listing),
        ("mixer", Mixer.table.listing), ("watchdog", Watchdog.table.listing), ("blinker", Blinker.table.listing),
    ]

    static func listing(_ name: String) throws -> TableListing { try #require(tables.first { $0.name == name }).listing }

    static func svg(_ name: String) throws -> String {
        DiagramFormat.svg.render(try listing(name), name: name, generatedBy: "\(name) diagram")
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The SVGs committed to the repository, by path: the address picker's (its README's) and each example's.
    static let committed = [
        "StateCharts/address-picker.svg", "Examples/SignIn/StateCharts/sign-in.svg",
        "Examples/Connection/StateCharts/connection.svg", "Examples/Checkout/StateCharts/checkout.svg",
    ]

    /// A fixture's drawing, or a committed file.
    static func file(_ name: String) throws -> String {
        guard name.hasSuffix(".svg") else { return try svg(name) }
        return String(decoding: try Data(contentsOf: repository.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test("Nothing is drawn over text, and text reads at 10 px or more", arguments: tables.map(\.name) + committed)
    func nothingOverlaps(_ name: String) throws {
        let geometry = try SVGGeometry(try Self.file(name))
        #expect(geometry.width <= Double(SVGRenderer.maxWidth), "the file shows at its own size in a README")
        #expect(geometry.labels.count > 10)
        for label in geometry.labels {
            #expect(label.size >= 10, "\(label.text) at \(label.size) px")
            #expect(
                label.rect.minX >= 0 && label.rect.maxX <= geometry.width && label.rect.minY >= 0
                    && label.rect.maxY <= geometry.height, "\(label.text) is inside the drawing")
        }
        for (first, second) in geometry.overlappingLabels {
            Issue.record("\(first.text) (\(first.rect)) overlaps \(second.text) (\(second.rect))")
        }
        for (arrow, label) in geometry.arrowsOverLabels {
            Issue.record("the arrow of \(arrow.title) runs over \(label.text)")
        }
    }

    /// Transcripts, coverage and `mutate` name rows by id, so every row's label starts with its
    /// id, and its label and arrow have it as their tooltip.
    @Test("Every row is named by its id in its label and its tooltips", arguments: tables.map(\.name))
    func rowsByID(_ name: String) throws {
        let listing = try Self.listing(name)
        let svg = try Self.svg(name)
        let geometry = try SVGGeometry(svg)
        for (index, row) in listing.rows.enumerated() {
            let sources = row.sources?.count ?? 1
            let entries = geometry.entryTitles.filter { $0.row == String(index) }
            #expect(entries.count == sources, "\(row.id) is listed in each state it leaves")
            #expect(entries.allSatisfy { $0.title.hasPrefix("\(row.id): ") }, "\(row.id): \(entries.map(\.title))")
            let arrows = geometry.arrows.filter { $0.row == String(index) }
            #expect(arrows.count == (row.target == nil ? 0 : sources))
            #expect(arrows.allSatisfy { $0.title.hasPrefix("\(row.id): ") && $0.title.contains("→ ") }, "\(row.id)")
            #expect(svg.contains("<tspan class=\"id\">\(Escaping.html(row.id)):</tspan> "), "\(row.id) in its label")
        }
        let layout = MachineLayout(listing: listing, options: .document(lineCharacters: 46))
        for entry in ParallelStateRendererTests.panels(layout.panels).flatMap(\.entries) {
            #expect(entry.lines.first?.hasPrefix(listing.rows[entry.row].id + ": ") == true, "\(entry.lines)")
        }
    }

    @Test func theLegendsWrappedLinesStartWhereItsSentencesDo() throws {
        let sentences = [
            "A row is listed in each state it leaves, as id: event [guard] → target.", "Short.",
            "A averyveryverylongwordthatdoesnotfit at all",
        ]
        let wrapped = SVGRenderer.wrap(sentences, characters: 20)
        #expect(wrapped.count == 3)
        for (sentence, lines) in zip(sentences, wrapped) {
            #expect(lines.joined(separator: " ") == sentence)
            for line in lines {
                #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "), "\(line)")
                #expect(line.count <= 20 || !line.contains(" "), "\(line)")
            }
        }
        #expect(wrapped[0] == ["A row is listed in", "each state it", "leaves, as id: event", "[guard] → target."])
        #expect(wrapped[2] == ["A", "averyveryverylongwordthatdoesnotfit", "at all"], "a word longer than a line has its own")

        // In the file: every line at the legend's left edge, none starting with a space; a
        // sentence's later lines a line below, its first a little more.
        let svg = try Self.svg("mixer")
        let legend = try #require(svg.firstMatch(of: /<text class="legend"[^>]*>(.*?)<\/text>/)).1
        let lines = legend.matches(of: /<tspan x="(\d+)" dy="(\d+)">([^<]*)<\/tspan>/)
        let sentenceCount = MachineDrawing.legend(Mixer.table.listing, options: .document(lineCharacters: 46)).count
        #expect(lines.count > sentenceCount, "some sentences wrap")
        #expect(lines.allSatisfy { $0.1 == "\(MachineLayout.padding)" && !$0.3.hasPrefix(" ") })
        let starts = lines.map(\.2).filter { $0 == "\(MachineLayout.lineHeight + SVGRenderer.sentenceGap)" }
        #expect(starts.count == sentenceCount - 1, "a gap above each sentence but the first")
        #expect(lines.map(\.2).allSatisfy { ["0", "14", "17"].contains($0) })
    }

    @Test func anEntrysLaterLinesAreIndentedByTheirPlaceNotBySpaces() throws {
        var indented = 0
        for (_, listing) in Self.tables {
            // Short lines, so that rows wrap.
            let drawing = MachineDrawing(listing: listing, options: .document(lineCharacters: 20))
            let svg = drawing.layout.panels.map(drawing.content).joined()
            for entry in svg.matches(of: /<g class="row entry"[^>]*><text x="(\d+)"[^>]*>(.*?)<\/text>/) {
                let x = Int(entry.1) ?? 0
                for line in entry.2.matches(of: /<tspan x="(\d+)" dy="(\d+)">(.*?)<\/tspan>(?=<tspan x|$)/) {
                    #expect(!line.3.hasPrefix(" "), "\(line.3)")
                    #expect(Int(line.1) == (line.2 == "0" ? x : x + 2 * MachineLayout.characterWidth))
                    if line.2 != "0" { indented += 1 }
                }
            }
        }
        #expect(indented > 0, "some rows wrap")
    }

    /// The checks above find what they look for.
    @Test func theGeometryFindsOverlapsAndArrowsOverText() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><text class="legend" x="10" y="20">one</text>
            <g transform="translate(5 0)"><text class="name" x="10" y="24">two</text></g>
            <g class="row arrow" data-row="0" transform="translate(0 40)"><path class="edge" d="M0 10L100 10L100 50"/><title>r</title></g>
            <g transform="translate(90 0)"><text x="0" y="84">three</text></g></svg>
            """
        let geometry = try SVGGeometry(svg)
        #expect(geometry.labels.map(\.text) == ["one", "two", "three"])
        #expect(geometry.labels.map(\.size) == [11, 12, 11])
        #expect(geometry.overlappingLabels.map { [$0.0.text, $0.1.text] } == [["one", "two"]])
        #expect(geometry.arrowsOverLabels.map { [$0.0.row, $0.1.text] } == [["0", "three"]])
    }

    /// In the file's layout the arrows into one place (a box's header, a history marker) share a
    /// track, dashed or not, and only they do; a dot marks where one joins its track between
    /// the others. The pages' layout keeps a track per arrow.
    @Test("A track per target", arguments: tables.map(\.name))
    func aTrackPerTarget(_ name: String) throws {
        let listing = try Self.listing(name)
        let shared = MachineLayout(listing: listing, options: .document(lineCharacters: 46))
        let own = MachineLayout(listing: listing, options: .init(lineCharacters: 46, showsRowIDs: true))
        for (panel, alone) in zip(
            ParallelStateRendererTests.panels(shared.panels), ParallelStateRendererTests.panels(own.panels))
        {
            func span(_ arrow: MachineLayout.Arrow) -> ClosedRange<Int> {
                min(arrow.points[1].y, arrow.points[2].y)...max(arrow.points[1].y, arrow.points[2].y)
            }
            let tracks = Dictionary(grouping: panel.arrows) { $0.points[1].x }
            for arrows in tracks.values {
                for (index, first) in arrows.enumerated() {
                    for second in arrows[(index + 1)...] where span(first).overlaps(span(second)) {
                        #expect(first.points[3] == second.points[3], "\(first.row) and \(second.row) enter one place")
                        #expect(first.isInternal == second.isInternal)
                    }
                }
            }
            let places = Set(panel.arrows.map { "\($0.points[3].x) \($0.points[3].y) \($0.isInternal)" })
            #expect(tracks.count <= places.count)
            #expect(tracks.count <= Set(alone.arrows.map { $0.points[1].x }).count, "never more tracks than one per arrow")
            for arrow in panel.arrows {
                let line = panel.arrows.filter { $0.points[1].x == arrow.points[1].x && $0.points[3] == arrow.points[3] }
                    .map(span).reduce(span(arrow)) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }
                let inside = line.lowerBound < arrow.points[0].y && arrow.points[0].y < line.upperBound
                #expect((arrow.junction != nil) == inside, "\(arrow.row)'s junction")
                if let junction = arrow.junction { #expect(junction == arrow.points[1]) }
            }
        }
        for arrow in ParallelStateRendererTests.panels(own.panels).flatMap(\.arrows) { #expect(arrow.junction == nil) }
    }

    /// The report pages draw with the layout's defaults: no ids, a track per arrow, their
    /// bytes unchanged by the file's options.
    @Test func thePagesLayoutIsTheDefaultOne() {
        let layout = MachineLayout(listing: Player.table.listing)
        #expect(layout.options == MachineLayout.Options())
        #expect(!layout.options.showsRowIDs && !layout.options.sharesTracks && layout.options.lineCharacters == 46)
        let listing = Player.table.listing
        for entry in layout.panels.flatMap(\.entries) {
            #expect(
                entry.lines.first?.hasPrefix(listing.rows[entry.row].trigger.label(event: listing.rows[entry.row].event)) == true)
        }
        let panel = MachineDrawing(listing: listing).svg(panel: 0, label: "player")
        #expect(!panel.contains("class=\"id\"") && !panel.contains("class=\"join\""))
    }

    /// The panels at the top fill as many columns as make the file shortest within a README's
    /// width: down the first column in table order, then the next, none over another.
    @Test("Panels in columns, in table order", arguments: tables.map(\.name))
    func panelsInColumns(_ name: String) throws {
        let listing = try Self.listing(name)
        let sheet = SVGRenderer.Sheet(listing)
        #expect(sheet.width <= SVGRenderer.maxWidth)
        let order = sheet.columns.flatMap { $0.drawing.layout.panels.map(\.region) }
        #expect(order == listing.regions.indices.filter { listing.regions[$0].parent == nil }, "table order")
        var areas: [CGRect] = []
        for column in sheet.columns {
            let panels = column.drawing.layout.panels
            #expect(Set(column.origins.map(\.x)).count == 1, "one column")
            #expect(column.origins.map(\.y) == column.origins.map(\.y).sorted(), "top down")
            for (panel, origin) in zip(panels, column.origins) {
                areas.append(CGRect(x: origin.x, y: origin.y, width: panel.width, height: panel.height))
            }
        }
        #expect(areas.allSatisfy { $0.maxX <= CGFloat(sheet.width) && $0.maxY <= CGFloat(sheet.height) })
        for (index, area) in areas.enumerated() {
            for other in areas[(index + 1)...] { #expect(!area.intersects(other), "panels apart") }
        }
        let svg = try Self.svg(name)
        #expect(svg.contains("viewBox=\"0 0 \(sheet.width) \(sheet.height)\""))
        #expect(svg.matches(of: /<g class="region" transform="translate\((\d+) (\d+)\)">/).count == areas.count)
    }

    @Test func twoSmallRegionsStandSideBySideAndAreShorterSo() throws {
        let sheet = SVGRenderer.Sheet(Lamp.table.listing)
        #expect(sheet.columns.count == 2)
        let oneColumn = SVGRenderer.Sheet.splits([0, 1], into: 1)
        #expect(oneColumn == [[[0, 1]]])
        let stacked = MachineLayout(listing: Lamp.table.listing, options: .document(lineCharacters: 46))
        #expect(sheet.height < stacked.panels.reduce(0) { $0 + $1.height })
    }

    @Test func splitsAreEveryWayToCutARunInOrder() {
        #expect(
            SVGRenderer.Sheet.splits([0, 1, 2, 3], into: 2) == [[[0], [1, 2, 3]], [[0, 1], [2, 3]], [[0, 1, 2], [3]]])
        #expect(SVGRenderer.Sheet.splits([0, 1, 2, 3], into: 3).count == 3)
        #expect(SVGRenderer.Sheet.splits([0, 1, 2, 3], into: 4) == [[[0], [1], [2], [3]]])
        #expect(SVGRenderer.Sheet.splits([0, 1], into: 3).isEmpty)
    }
}
