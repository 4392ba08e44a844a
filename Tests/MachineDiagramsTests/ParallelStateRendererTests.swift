import Foundation
import MachineCore
import StatechartFixtures
import Testing

@testable import MachineDiagrams

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The mixer's parallel states in every format: `recording` holds the `tape` and the `meter`,
/// and the meter's `watching` holds the `level`, each region drawn inside its parallel state,
/// never beside the regions at the top.
@Suite("Diagram renderers, parallel states") struct ParallelStateRendererTests {
    let listing = Mixer.table.listing

    func render(_ format: DiagramFormat) -> String { format.render(listing, name: "mixer", generatedBy: "mixer diagram") }

    // MARK: SCXML

    @Test func scxmlWritesAParallelStateHoldingItsRegionsInTableOrder() throws {
        let document = try ParsedElement.parse(render(.scxml))
        let root = try #require(document.element(id: "mixer"))
        #expect(root.name == "parallel")
        #expect(root.children.map(\.id) == ["console", "lamp"], "only the regions at the top are in the root")

        let recording = try #require(document.element(id: "console.recording"))
        #expect(recording.name == "parallel")
        #expect(document.parent(of: "console.recording")?.id == "console.on")
        #expect(
            recording.children.map(\.name) == ["transition", "transition", "state", "state"],
            "its own rows first, then one state per region within it")
        #expect(recording.children.compactMap(\.id) == ["tape", "meter"])
        #expect(recording.children[1].attributes["event"] == "done.state.console.recording", "take is on its done event")
        #expect(recording.children[2].attributes["initial"] == "tape.rolling")
        #expect(recording.children[3].attributes["initial"] == "meter.watching")

        let watching = try #require(document.element(id: "meter.watching"))
        #expect(watching.name == "parallel")
        #expect(watching.children.map(\.name) == ["transition", "state"])
        #expect(watching.children.compactMap(\.id) == ["level"])
        #expect(document.element(id: "level")?.children.compactMap(\.id) == ["level.low", "level.high"])

        #expect(document.element(id: "tape.full")?.name == "final", "a nested region's final state ends its region")
        #expect(document.parent(of: "tape.full")?.id == "tape")
        #expect(document.parent(of: "meter.clipped")?.id == "meter")

        let ids = document.all.compactMap(\.id)
        #expect(Set(ids).count == ids.count, "ids are unique")
    }

    @Test func scxmlWritesDescriptorsAndOwnDelaysAsSCXMLHasThem() {
        let text = render(.scxml)
        #expect(text.contains("        <!-- count -->\n        <transition event=\"*\"/>\n"))
        #expect(
            text.contains(
                """
                            <state id="tape.rolling">
                              <onentry><send event="delay.runOut" delay="60000ms" id="tape.rolling.timer.delay.runOut"/></onentry>
                              <onexit><cancel sendid="tape.rolling.timer.delay.runOut"/></onexit>
                """))
        #expect(text.contains(#"<transition event="delay.runOut" target="tape.full"/>"#))
        #expect(
            text.contains(
                #"<transition event="delay.blink"><send event="delay.blink" delay="1s" id="lamp.lit.timer.delay.blink.again"/></transition>"#
            ))
    }

    @Test func scxmlWritesARowOnAnErrorDescriptor() throws {
        let text = DiagramFormat.scxml.render(Watchdog.table.listing, name: "watchdog", generatedBy: "watchdog diagram")
        let document = try ParsedElement.parse(text)
        let watching = try #require(document.element(id: "dog.watching"))
        #expect(watching.children.filter { $0.name == "transition" }.map { $0.attributes["event"] } == ["error"])
    }

    @Test func everyFormatEntersACompoundStateByItsInitialTransition() throws {
        let listing = Watchdog.table.listing
        func render(_ format: DiagramFormat) -> String { format.render(listing, name: "watchdog", generatedBy: "w diagram") }
        let document = try ParsedElement.parse(render(.scxml))
        let watching = try #require(document.element(id: "dog.watching"))
        let initial = try #require(watching.children.first { $0.name == "initial" })
        #expect(initial.children.first?.attributes["target"] == "dog.barking", "not the first child, sleeping")
        let history = try #require(watching.children.first { $0.name == "history" })
        #expect(history.children.first?.attributes["target"] == "dog.barking", "a history that remembers nothing")

        #expect(render(.dot).contains(#"    "dog.watching.__initial" -> "dog.barking";"#))
        #expect(render(.mermaid).contains("      [*] --> dog_barking\n"))
        let boxes = try #require(MachineLayout(listing: listing).panels.first).boxes
        #expect(boxes.filter(\.isInitial).map(\.name) == ["idle", "barking"])
    }

    // MARK: DOT

    @Test func dotNestsEachRegionAsADashedClusterInItsParallelStatesCluster() {
        let text = render(.dot)
        let clusters = DOTClusters(text)
        #expect(clusters.parent["cluster_console"] == "")
        #expect(clusters.parent["cluster_lamp"] == "", "a region at the top stays at the top")
        #expect(clusters.parent["cluster_console.recording"] == "cluster_console.on")
        #expect(clusters.parent["cluster_tape"] == "cluster_console.recording")
        #expect(clusters.parent["cluster_meter"] == "cluster_console.recording")
        #expect(clusters.parent["cluster_meter.watching"] == "cluster_meter")
        #expect(clusters.parent["cluster_level"] == "cluster_meter.watching")
        #expect(clusters.order.firstIndex(of: "cluster_tape")! < clusters.order.firstIndex(of: "cluster_meter")!)
        #expect(clusters.node["\"tape.rolling\""] == "cluster_tape")
        #expect(clusters.node["\"tape.__initial\""] == "cluster_tape")
        #expect(clusters.node["\"level.low\""] == "cluster_level")
        #expect(clusters.node["\"console.recording\""] == "cluster_console.recording", "its anchor, where its edges end")
        #expect(text.contains(##"      label="tape"; style="rounded,dashed"; color="#888888";"##))
        #expect(text.contains(##"  subgraph "cluster_lamp" {"## + "\n" + ##"    label="lamp"; style=rounded; color="#888888";"##))
        #expect(
            text.contains(
                #"  "console.idle" -> "console.recording" [label="record", tooltip="record", lhead="cluster_console.recording"];"#
            ))
        #expect(
            text.contains(
                #"  "console.recording" -> "console.idle" [label="done.state.recording", tooltip="take", ltail="cluster_console.recording"];"#
            ))
        #expect(text.contains(#"  "tape.rolling" -> "tape.full" [label="after 1min", tooltip="runOut"];"#))
    }

    @Test func graphvizLaysOutTheDOT() throws {
        guard let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile) else {
            print("dot is not installed (Debian: graphviz): the layout is skipped")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mixer.dot")
        try Data(render(.dot).utf8).write(to: file)
        let result = try SCXMLToolTests.run(dot, ["-Tsvg", "-o", "mixer.svg", file.path], in: folder)
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
    }

    // MARK: Mermaid

    @Test func mermaidSeparatesTheRegionsOfAParallelStateByConcurrencySeparators() throws {
        let composites = MermaidComposites(render(.mermaid))
        #expect(composites.parent["console"] == "" && composites.parent["lamp"] == "")
        #expect(composites.parent["tape"] == nil && composites.parent["meter"] == nil, "no composite per nested region")
        #expect(composites.parent["console_recording"] == "console_on")
        #expect(composites.parent["meter_watching"] == "console_recording")
        let recording = try #require(composites.parts["console_recording"])
        #expect(recording.count == 2, "tape -- meter")
        #expect(recording[0].contains("tape_rolling : rolling") && recording[0].contains("[*] --> tape_rolling"))
        #expect(recording[0].contains("tape_rolling --> tape_full : after 1min") && recording[0].contains("tape_full --> [*]"))
        #expect(!recording[0].contains { $0.hasPrefix("meter_") })
        #expect(recording[1].contains("[*] --> meter_watching"))
        #expect(recording[1].contains("meter_watching --> meter_clipped : peak [isLoud]"))
        #expect(!recording[1].contains { $0.hasPrefix("tape_") })
        let watching = try #require(composites.parts["meter_watching"])
        #expect(watching.count == 1, "one region, no separator")
        #expect(watching[0].contains("[*] --> level_low") && watching[0].contains("level_high --> level_low : quieter"))
        #expect(composites.parts["console"]?.first?.contains("console_recording --> console_idle : done.state.recording") == true)
    }

    @Test func mermaidWithoutParallelStatesHasNoSeparator() {
        let text = DiagramFormat.mermaid.render(Lamp.table.listing, name: "lamp", generatedBy: "lamp diagram")
        #expect(!text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "--" })
    }

    // MARK: SVG

    @Test func theLayoutPutsEachRegionsPanelInsideItsParallelStatesBox() throws {
        let layout = MachineLayout(listing: listing)
        #expect(layout.panels.map(\.name) == ["console", "lamp"])
        #expect(layout.panels.allSatisfy { $0.width == layout.width && $0.x == 0 && $0.y == 0 })
        let console = layout.panels[0]
        let recording = try #require(console.boxes.first { $0.name == "recording" })
        #expect(recording.isParallel && !recording.isCompound)
        #expect(console.panels.map(\.name) == ["tape", "meter"])
        for panel in console.panels {
            #expect(panel.x > recording.x && panel.x + panel.width < recording.x + recording.width)
            #expect(panel.y > recording.y + 21 && panel.y + panel.height < recording.y + recording.height)
        }
        #expect(console.panels[0].y + console.panels[0].height < console.panels[1].y, "stacked, tape first")
        #expect(console.panels[0].width == console.panels[1].width, "as wide as each other")
        let meter = console.panels[1]
        let watching = try #require(meter.boxes.first { $0.name == "watching" })
        #expect(meter.panels.map(\.name) == ["level"])
        let level = try #require(meter.panels.first)
        #expect(level.x > watching.x && level.x + level.width < watching.x + watching.width)
        #expect(level.y > watching.y && level.y + level.height < watching.y + watching.height)
        #expect(layout.panels[1].panels.isEmpty)
    }

    /// In every panel, nested or not: each row is listed in each state it leaves, with its arrow
    /// on a track in its own panel's margin, inside the panel.
    @Test func everyPanelListsItsRegionsRowsWithArrowsInItsOwnMargin() throws {
        let layout = MachineLayout(listing: listing)
        var regions: [Int] = []
        for panel in Self.panels(layout.panels) {
            regions.append(panel.region)
            for (index, row) in listing.rows.enumerated() {
                let listed = panel.entries.filter { $0.row == index }.map(\.source)
                let sources: [Int?] = row.region == panel.region ? row.sources.map { $0.map(Optional.some) } ?? [nil] : []
                #expect(listed == sources, "\(row.id) in \(panel.name)")
            }
            let right = panel.boxes.map { $0.x + $0.width }.max() ?? 0
            for arrow in panel.arrows {
                #expect(arrow.points[1].x > right && arrow.points[1].x < panel.width, "\(arrow.row) in the margin")
                let row = listing.rows[arrow.row]
                let target = try #require(panel.boxes.first { $0.state == row.target })
                if let history = row.history {
                    let marker = try #require(target.histories.first { $0.history == history })
                    #expect(arrow.points[3].x == marker.x + 8 && arrow.points[3].y == marker.y, "\(row.id) by its marker")
                } else {
                    #expect(arrow.points[3].x == target.x + target.width && arrow.points[3].y == target.y + 10, "\(row.id)")
                }
            }
        }
        #expect(regions.sorted() == Array(listing.regions.indices), "each region has one panel")
    }

    /// The text of the drawing: region names, box names and entries, in the top panel's
    /// coordinates. None overlaps another, and no panel inside a parallel state's box covers
    /// the text of the panel around it (the box's name and entries above it, say).
    @Test func labelsDoNotOverlap() {
        func check(_ panel: MachineLayout.Panel, x: Int, y: Int) {
            let own = Self.labels(panel, x: x, y: y)
            for nested in panel.panels {
                let area = CGRect(x: x + nested.x, y: y + nested.y, width: nested.width, height: nested.height)
                for label in own { #expect(!label.rect.intersects(area), "\(nested.name) covers \(label.text)") }
                check(nested, x: x + nested.x, y: y + nested.y)
            }
        }
        for panel in MachineLayout(listing: listing).panels {
            check(panel, x: 0, y: 0)
            let labels = Self.allLabels(panel, x: 0, y: 0)
            for (a, first) in labels.enumerated() {
                for second in labels[(a + 1)...] {
                    #expect(!first.rect.intersects(second.rect), "\(first.text) overlaps \(second.text)")
                }
            }
        }
    }

    @Test func theSVGDrawsTheNestedPanelsInsideTheirParallelStates() throws {
        let svg = render(.svg)
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "well-formed XML")
        #expect(svg.components(separatedBy: "<g class=\"region nested\" transform=").count == 4, "tape, meter, level")
        #expect(svg.components(separatedBy: "<g class=\"region\" transform=").count == 3, "console, lamp")
        #expect(
            svg.contains(
                #"<g class="state parallel" id="st-0-3" data-region="console" data-state="recording" data-parent="st-0-1">"#))
        #expect(svg.contains(#"id="st-1-0" data-region="tape" data-state="rolling">"#), "no parent in another region")
        #expect(svg.contains(#"id="st-3-0" data-region="level" data-state="low">"#))
        #expect(svg.contains(">console: recording, a parallel state</title>"))
        #expect(svg.contains(SVGRenderer.nestedStyle))
        let lamp = DiagramFormat.svg.render(Lamp.table.listing, name: "lamp", generatedBy: "lamp diagram")
        #expect(!lamp.contains(SVGRenderer.nestedStyle), "a table without parallel states keeps its style")
        let legend = MachineDrawing.legend(listing)
        #expect(legend.contains { $0.hasPrefix("A box around panels is a parallel state") })
        #expect(legend.contains { $0.hasPrefix("done.state.P marks a row taken when every region in parallel state P") })
        #expect(!legend.contains { $0.hasPrefix("done.state.S") }, "the mixer's only done row is a parallel state's")
    }

    /// `panels` and every panel inside them, depth first.
    static func panels(_ panels: [MachineLayout.Panel]) -> [MachineLayout.Panel] {
        panels.flatMap { [$0] + Self.panels($0.panels) }
    }

    /// The text of `panel` and of the panels inside it, each as the rectangle it takes, with
    /// `panel` at `x`, `y`.
    static func allLabels(_ panel: MachineLayout.Panel, x: Int, y: Int) -> [(text: String, rect: CGRect)] {
        labels(panel, x: x, y: y) + panel.panels.flatMap { allLabels($0, x: x + $0.x, y: y + $0.y) }
    }

    /// The text of `panel`, not of the panels inside it, each as the rectangle it takes, with
    /// `panel` at `x`, `y`: its name, its boxes' names and its entries' lines.
    static func labels(_ panel: MachineLayout.Panel, x: Int, y: Int) -> [(text: String, rect: CGRect)] {
        func rect(_ text: String, _ left: Int, _ baseline: Int, characterWidth: Int) -> (text: String, rect: CGRect) {
            (text, CGRect(x: x + left, y: y + baseline - 11, width: text.count * characterWidth, height: 13))
        }
        var labels = [rect(panel.name, 12, 20, characterWidth: 8)]
        for box in panel.boxes { labels.append(rect(box.name, box.x + 8, box.y + 15, characterWidth: 8)) }
        for entry in panel.entries {
            for (index, line) in entry.lines.enumerated() {
                labels.append(rect(line, entry.x, entry.y + index * MachineLayout.lineHeight, characterWidth: 7))
            }
        }
        return labels
    }
}

/// A watchdog `idle` or `watching`, which it enters `barking` (its second child) by its initial
/// transition, or by its shallow history; it yelps on any error (`error.disk`, say).
enum Watchdog: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case wake, resume, diskFailed
        var kind: Event { self }
        var name: String { self == .diskFailed ? "error.disk" : String(describing: self) }
    }
    enum Dog: Int, ControlState { case idle, watching, sleeping, barking }
    static let dog = Region<Dog>("dog", index: 0, initial: .idle, children: [.watching: [.sleeping, .barking]])

    static let table = TransitionTable<Watchdog>(
        regions: [dog],
        rows: [
            Row("wake", in: dog, from: [.idle], on: .wake, to: .watching),
            Row("resume", in: dog, from: [.idle], on: .resume, to: .watching, history: .shallow),
            Row("yelp", in: dog, from: [.watching], on: "error", to: .idle),
        ],
        initials: [Initial(in: dog, of: .watching, to: .barking)])
}

/// The clusters of a DOT text, read line by line: each cluster's enclosing cluster (`""` at
/// the top), the clusters in order, and the cluster each node is declared in.
struct DOTClusters {
    var parent: [String: String] = [:]
    var order: [String] = []
    var node: [String: String] = [:]

    init(_ text: String) {
        var stack: [String] = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let match = line.wholeMatch(of: /subgraph "([^"]+)" \{/) {
                let name = String(match.1)
                parent[name] = stack.last ?? ""
                order.append(name)
                stack.append(name)
            } else if line == "}" {
                _ = stack.popLast()
            } else if let match = line.wholeMatch(of: /("[^"]+") \[.*\];/), let cluster = stack.last {
                node[String(match.1)] = cluster
            }
        }
    }
}

/// The composite states of a Mermaid text, read line by line: each one's enclosing composite
/// (`""` at the top), and its own lines (not those of composites inside it) split at `--`.
struct MermaidComposites {
    var parent: [String: String] = [:]
    var parts: [String: [[String]]] = [:]

    init(_ text: String) {
        var stack: [String] = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let match = line.wholeMatch(of: /state (\w+) \{/) {
                let name = String(match.1)
                parent[name] = stack.last ?? ""
                parts[name] = [[]]
                stack.append(name)
            } else if line == "}" {
                _ = stack.popLast()
            } else if let current = stack.last {
                if line == "--" {
                    parts[current, default: [[]]].append([])
                } else {
                    parts[current, default: [[]]][parts[current, default: [[]]].count - 1].append(line)
                }
            }
        }
    }
}

/// An element of a parsed XML document: its name, its attributes, and its child elements in
/// order.
final class ParsedElement {
    let name: String
    let attributes: [String: String]
    var children: [ParsedElement] = []

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    var id: String? { attributes["id"] }

    /// The element and every element below it, in document order.
    var all: [ParsedElement] { [self] + children.flatMap(\.all) }

    /// The element with the id `id`, this one or below it.
    func element(id: String) -> ParsedElement? { all.first { $0.id == id } }

    /// The element whose child has the id `id`.
    func parent(of id: String) -> ParsedElement? { all.first { $0.children.contains { $0.id == id } } }

    /// The document `text` under an element of its own, `#document`.
    static func parse(_ text: String) throws -> ParsedElement {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        try #require(parser.parse(), "well-formed XML")
        return builder.stack[0]
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack = [ParsedElement(name: "#document", attributes: [:])]

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = ParsedElement(name: elementName, attributes: attributes)
            stack[stack.count - 1].children.append(element)
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
    }
}
