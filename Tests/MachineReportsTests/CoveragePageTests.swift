import EventScripts
import Foundation
import MachineReports
import ScriptFiles
import Testing

@Suite("The coverage page") struct CoveragePageTests {
    static let scripts = [
        "machine gate\nsend badge(\"Ada\")\nrespond motor\nadvance 5s\n",
        "machine gate\nsend badge(\"\")\n",
    ]

    @Test func marksUnfiredRowsGuardsSeenOneWayAndStatesNeverEntered() throws {
        let report = try gateCoverage(Self.scripts)
        let html = CoveragePage(report: report, machine: "gate", scripts: ["a.events", "b.events"]).html
        // D3.jammed (2), D5.forced, A1.ring, A2.silence and A3.rebadge never fired; D1.badge's guard was seen both ways.
        #expect(html.contains("<tr class=\"unfired\" data-row=\"2\"><td class=\"hits\">0</td><td><code>D3.jammed</code>"))
        #expect(html.contains("<g class=\"row arrow unfired\" data-row=\"2\" data-from=\"st-0-1\">"))
        #expect(html.contains("<g class=\"row entry unfired\" data-row=\"2\" data-from=\"st-0-1\">"))
        #expect(html.contains(">jammed → closed ×0</tspan>"), "each row's line ends with its hit count")
        #expect(html.contains("<tr data-row=\"0\"><td class=\"hits\">1</td><td><code>D1.badge</code></td>"))
        #expect(html.contains("[isKnown] seen true and false"))
        #expect(html.contains("[isKnown] never checked"), "A3.rebadge never met a badge while ringing")
        #expect(html.contains("×1"))
        #expect(html.contains("id=\"st-1-1\""), "the alarm's ringing state is drawn")
        #expect(html.contains("<g class=\"state unentered\" id=\"st-1-1\""), "ringing is never entered")
        #expect(html.contains("<g class=\"state final unentered\" id=\"st-0-3\""), "nor is broken")
        #expect(html.contains("<g class=\"state\" id=\"st-0-2\""), "open is")
        #expect(html.contains("<tr><th>rows</th><td>3 of 8 (37.5%)</td>"))
    }

    @Test func matchesItsReference() throws {
        let html = CoveragePage(report: try gateCoverage(Self.scripts), machine: "gate", scripts: ["a.events", "b.events"]).html
        let environment = ProcessInfo.processInfo.environment
        let store = SnapshotStore(
            directory: referencePages, mode: try SnapshotRecordMode.resolve(nil, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment), fileExtension: "html")
        let outcome = try store.verify(html, named: "gate-coverage")
        #expect(outcome == .matched, "\(outcome)")
    }
}
