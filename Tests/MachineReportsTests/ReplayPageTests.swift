import EventScripts
import Foundation
import MachineReports
import ScriptFiles
import Testing

@Suite("The replay page") struct ReplayPageTests {
    static let story = """
        machine gate
        send badge("Ada")
        expect door == opening
        respond motor
        expect door == open
        expect command startTimer(hold, 5000ms)
        advance 1s
        advance 4s
        expect door == closed
        send forced
        expect alarm == quiet
        send silence

        """

    @Test func theTimelineFollowsTheStepsStatesAndExpectations() throws {
        let timeline = try gateTimeline(Self.story)
        #expect(
            timeline.moments.map(\.input) == [
                "send badge(\"Ada\")", "respond motor#1", "advance 1000ms", "timer hold", "send forced", "send silence",
            ])
        // door: closed 0, opening 1, open 2, broken 3; alarm: quiet 0, ringing 1.
        #expect(timeline.moments.map(\.states) == [[1, 0], [2, 0], [2, 0], [0, 0], [3, 1], [3, 1]])
        #expect(timeline.moments.map(\.firedRows) == [[0], [1], [], [3], [4, 5], []])
        #expect(timeline.moments[2].step == nil, "an advance with nothing due is a quiet moment")
        #expect(timeline.moments[1].held.map(\.line) == [5, 6])
        #expect(timeline.moments[1].held.map(\.statement) == ["expect door == open", "expect command startTimer(hold, 5000ms)"])
        #expect(timeline.moments[4].failures == [0])
        #expect(timeline.failures.map(\.statement) == ["expect alarm == quiet"])
        #expect(timeline.outcome == .failed(failures: 1, expectations: 5))
    }

    @Test func thePageHasAStepPerMomentAndListsTheFailuresAtTheTop() throws {
        let html = ReplayPage(timeline: try gateTimeline(Self.story)).html
        #expect(html.components(separatedBy: "<li id=step-").count - 1 == 6)
        #expect(
            html.contains("<li id=step-6><a href=#step-6>6</a><span class=t>@5000ms</span><code class=in>send silence</code>"))
        #expect(html.contains("<li id=step-5 class=ko>"), "the step a failure follows is marked")
        #expect(
            html.contains(
                "<div class=d>fired   D5.forced, A1.ring\nstate   door: closed → broken\nstate   alarm: quiet → ringing\n"))
        #expect(html.contains("\n<span class=ok>✓ line 5 expect door == open</span>\n"))
        #expect(
            html.contains("\n<span class=ko>✗ line 11 expect alarm == quiet — expected quiet, actual ringing</span></div></li>"))
        #expect(
            html.contains(
                "<li id=step-3><a href=#step-3>3</a><span class=t>@1000ms</span><code class=in>advance 1000ms</code><div class=d>nothing due</div></li>"
            ))
        let failures = try #require(html.range(of: "<section class=\"failures\" id=\"failures\">"))
        let timeline = try #require(html.range(of: "<ol class=\"timeline\""))
        #expect(failures.lowerBound < timeline.lowerBound)
        #expect(html.contains("<a href=\"#step-5\">line 11:1, after step 5</a>"))
        #expect(html.contains("\"steps\":[[[1,0],[0]],[[2,0],[1]],[[2,0],[]],[[0,0],[3]],[[3,1],[4,5]],[[3,1],[]]]"))
    }

    @Test func thePageIsSelfContained() throws {
        let html = ReplayPage(timeline: try gateTimeline(Self.story)).html
        for reference in ["https:", "src=", "href=\"http", "<link", "@import", "url("] {
            #expect(!html.contains(reference), "the page refers to something outside it: \(reference)")
        }
        #expect(html.components(separatedBy: "http:").count == 2, "the one http: is the SVG namespace")
        #expect(html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func aHostileStringInjectsNothing() throws {
        let hostile = #"</script><img src=x onerror=alert(1)><!--"' & \u{2028}"#
        let script =
            "machine gate\nsend badge(\"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))\")\nexpect visitor == \"x\"\n"
        let html = ReplayPage(timeline: try gateTimeline(script, file: "</script><b>file.events")).html
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>file"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 2, "only the page's own two scripts end")
        #expect(!html.contains("<!--"))
        #expect(
            html.contains(#"send badge("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!--\"' &amp;"#),
            "text keeps its quotes")
        #expect(html.contains("<title>&lt;/script&gt;&lt;b&gt;file.events — gate replay</title>"))
        #expect(html.contains(#""file":"\u003c/script\u003e\u003cb\u003efile.events""#))
    }

    @Test func aTimelinePastItsLimitKeepsNoMoreAndSaysSo() throws {
        let script = "machine gate\n" + String(repeating: "send silence\n", count: 5)
        let timeline = try gateTimeline(script, limit: 3)
        #expect(timeline.isOverLimit)
        #expect(timeline.momentCount == 5)
        #expect(timeline.moments.count == 3)
        #expect(try !gateTimeline(script, limit: 5).isOverLimit)
    }

    /// The page of one script, compared with the committed reference (record a new one with
    /// SNAPSHOT_RECORD=missing, or =all after an intended change, and review it in a browser).
    @Test func matchesItsReference() throws {
        let html = ReplayPage(timeline: try gateTimeline(Self.story, file: "gate.events")).html
        let environment = ProcessInfo.processInfo.environment
        let store = SnapshotStore(
            directory: referencePages, mode: try SnapshotRecordMode.resolve(nil, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment), fileExtension: "html")
        let outcome = try store.verify(html, named: "gate-replay")
        #expect(outcome == .matched, "\(outcome)")
    }
}
