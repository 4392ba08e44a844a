import EventScripts
import Foundation
import MachineAnalysis
import MachineReports
import ScriptFiles
import Testing

/// The reports of a machine with nested states: compound states drawn as groups around their
/// children, the active configuration marked through `data-parent`.
@Suite("Reports of nested states") struct NestedDrawingTests {
    static let story = """
        machine lift
        send call
        send climb
        send park
        send resume
        expect car == up
        send stop

        """

    func html(_ source: String) throws -> String { try page(source, file: "lift.events", vocabulary: LiftVocabulary()).html }

    typealias Box = (g: String, x: Int, y: Int, width: Int, height: Int)

    /// The opening tag of the `<g>` of state `state` of region 0 (without its `>`), and the
    /// position and size of its first `<rect>`; each state is on a line of its own.
    func box(_ html: String, _ state: Int) throws -> Box {
        let line = try #require(
            html.split(separator: "\n").first { $0.hasPrefix("<g class=\"state") && $0.contains(" id=\"st-0-\(state)\"") })
        let rect = try #require(line.range(of: "<rect "))
        func number(_ name: String) throws -> Int {
            let from = try #require(line[rect.upperBound...].range(of: "\(name)=\""))
            return try #require(Int(line[from.upperBound...].prefix { $0 != "\"" }))
        }
        return (String(line.prefix { $0 != ">" }), try number("x"), try number("y"), try number("width"), try number("height"))
    }

    func inside(_ inner: Box, _ outer: Box) -> Bool {
        inner.x > outer.x && inner.x + inner.width < outer.x + outer.width && inner.y > outer.y
            && inner.y + inner.height < outer.y + outer.height
    }

    @Test func aCompoundStateIsAGroupAroundItsChildren() throws {
        let html = try html(Self.story)
        // parked 0, service 1, waiting 2, moving 3, up 4, down 5.
        let service = try box(html, 1)
        let moving = try box(html, 3)
        #expect(service.g == "<g class=\"state compound\" id=\"st-0-1\" data-region=\"car\" data-state=\"service\"")
        #expect(
            moving.g
                == "<g class=\"state compound\" id=\"st-0-3\" data-region=\"car\" data-state=\"moving\" data-parent=\"st-0-1\"")
        #expect(try box(html, 4).g.hasSuffix("data-state=\"up\" data-parent=\"st-0-3\""))
        #expect(try box(html, 0).g.hasSuffix("data-state=\"parked\""), "a top state has no parent")
        for child in [2, 3] { #expect(inside(try box(html, child), service), "state \(child) is inside service") }
        for child in [4, 5] { #expect(inside(try box(html, child), moving), "state \(child) is inside moving") }
        #expect(!inside(try box(html, 0), service))
        let parked = try box(html, 0)
        #expect(parked.y + parked.height < service.y, "parked is above service")
        // The group's name at its top, above its own rows and its first child.
        #expect(html.contains("<text class=\"name\" x=\"\(service.x + 8)\" y=\"\(service.y + 15)\">service</text>"))
        #expect(html.contains("<title>car: service, a compound state</title>"))
        // Each group draws before the states it holds, so it lies under them.
        let order = try [1, 2, 3, 4, 5].map { try #require(html.range(of: "id=\"st-0-\($0)\"")).lowerBound }
        #expect(order == order.sorted())
        // The initial child of each group has its marker, as the region's initial state does.
        #expect(html.components(separatedBy: "<circle class=\"initial\"").count - 1 == 3)
    }

    @Test func theScriptMarksTheLeafAndItsAncestors() throws {
        let html = try html(Self.story)
        #expect(
            html.contains(
                "return box.hasAttribute(\"data-parent\") ? document.getElementById(box.getAttribute(\"data-parent\")) : null;"))
        #expect(html.contains("for (var box = leaf(region, state); box; box = parent(box)) box.classList.add(\"active\");"))
        #expect(html.contains(".state.compound.active>rect{"))
        // Steps give leaves only: up (4) after climb and after resume.
        let steps = html.matches(of: /<li id=step-\d+ data-s=(\d+) data-r=(\d+)>/).map { "\($0.1):\($0.2)" }
        #expect(steps == ["2:0", "4:1", "0:5", "4:6", "2:4"])
    }

    @Test func entryByHistoryIsMarkedAndTheRowsArrowEndsThere() throws {
        let html = try html(Self.story)
        let service = try box(html, 1)
        // service is entered by its deep history (resume): its marker, on its header's second line.
        let marker = "<g class=\"history\"><circle cx=\"\(service.x + service.width - 12)\" cy=\"\(service.y + 30)\" r=\"8\"/>"
        #expect(html.contains(marker + "<text x=\"\(service.x + service.width - 12)\" y=\"\(service.y + 33)\">H*</text></g>"))
        let resume = try #require(html.split(separator: "\n").first { $0.hasPrefix("<g class=\"row arrow\" data-row=\"6\"") })
        #expect(resume.contains("L\(service.x + service.width - 4) \(service.y + 30)\"/>"), "resume ends at the marker")
        #expect(html.contains(">resume → service (H*)</tspan>"))
        #expect(html.contains("<li>H and H* mark entry by a compound state&#39;s shallow or deep history.</li>"))
    }

    @Test func aFlatMachineIsDrawnWithoutGroups() throws {
        let html = try gatePage(ReplayPageTests.story).html
        #expect(!html.contains("class=\"state compound"))
        #expect(!html.contains(" data-parent=\""))
    }

    @Test func theCoveragePageCountsHistoryRestores() throws {
        let vocabulary = LiftVocabulary()
        var coverage = TransitionCoverage(table: vocabulary.table)
        try coverage.record(
            try ScriptChecker(vocabulary: vocabulary).check(Array(Self.story.utf8), file: "lift.events"),
            player: Player(vocabulary: vocabulary))
        let html = CoveragePage(report: coverage.report, machine: "lift", scripts: ["lift.events"]).html
        #expect(
            html.contains("<tr><th>history</th><td>1 of 1 (100.0%)</td><td>compound states restored by their history</td></tr>"))
        #expect(html.contains(">H*</text>"), "entry by history is marked in the drawing")
        #expect(html.contains("car: parked --resume--&gt; service (H*)"), "and in the table of rows")
        #expect(html.contains("<g class=\"state unentered\" id=\"st-0-5\""), "down is never entered")
        #expect(html.contains("<g class=\"state compound\" id=\"st-0-3\""), "moving is")
        #expect(!(try gateCoverage(CoveragePageTests.scripts).histories != nil))
    }

    @Test func matchesItsReference() throws {
        let html = try html(Self.story)
        let environment = ProcessInfo.processInfo.environment
        let store = SnapshotStore(
            directory: referencePages, mode: try SnapshotRecordMode.resolve(nil, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment), fileExtension: "html")
        let outcome = try store.verify(html, named: "lift-replay")
        #expect(outcome == .matched, "\(outcome)")
    }
}
