import EventScripts
import Foundation
import MachineAnalysis
import MachineReports
import StatechartFixtures
import Testing

/// The reports of the link, whose replays take microsteps and whose rows have every trigger.
@Suite("Reports of the statechart triggers") struct StatechartReportTests {
    static let story = """
        machine link
        send connect
        send greet
        expect link == online
        send queue
        expect link == sending
        send ack
        expect delivered == 1
        advance 30s
        expect pings == 1
        send queue
        advance 5s
        expect link == reconnecting

        """

    /// Each step's number, classes, the input step a microstep follows, and the rows it fired.
    static func steps(_ html: String) -> [String] {
        html.matches(of: /<li id=step-(\d+)(?: class=([a-z]+))?(?: data-of=(\d+))? data-s=[\d,]+(?: data-r=([\d,]+))?>/).map {
            "\($0.1) \($0.2 ?? "-") \($0.3 ?? "-") \($0.4 ?? "-")"
        }
    }

    @Test func microstepsAreStepsOfTheirOwnMarkedAsFollowingTheirInput() throws {
        let (summary, html) = try page(Self.story, file: "link.events", vocabulary: LinkVocabulary())
        #expect(summary.stepCount == 11)
        #expect(summary.microstepCount == 4)
        #expect(summary.outcome == .passed(expectations: 5))
        // Rows: handshakeDone 2, heartbeat 3, enqueue 4, drain 5, ack 6, tally 7, ackTimeout 8.
        #expect(
            Self.steps(html) == [
                "1 - - 0", "2 - - 1", "3 micro 2 2", "4 - - 4", "5 micro 4 5", "6 - - 6", "7 micro 6 7", "8 - - 3",
                "9 - - 4", "10 micro 9 5", "11 - - 8",
            ])
        #expect(
            html.contains(
                "<li id=step-3 class=micro data-of=2 data-s=4 data-r=2><a href=#step-3>3</a><span class=t>@0ms</span>"
                    + "<code class=in>done link.handshaking</code><div class=d>fired   handshakeDone\n"))
        #expect(html.contains("<code class=in>eventless</code><div class=d>fired   drain\nstate   link: online → sending\n"))
        #expect(html.contains("<code class=in>raised delivered</code><div class=d>fired   tally\n"))
        #expect(html.contains("machine <b>link</b> · 11 steps (4 microsteps) · "))
        #expect(html.contains("<h2>Timeline: 11 steps (4 microsteps)</h2>"))
        #expect(html.contains("<p class=\"keys\">A microstep, indented under the input before it,"))
    }

    @Test func aFailedExpectationAfterAMicrostepMarksIt() throws {
        let html = try page(
            "machine link\nsend connect\nsend greet\nexpect link == hello\n", file: "link.events",
            vocabulary: LinkVocabulary()
        ).html
        #expect(html.contains("<li id=step-3 class=\"micro ko\" data-of=2 data-s=4 data-r=2>"))
        #expect(html.contains("<a href=\"#step-3\">line 4:1, after step 3</a>"))
    }

    @Test func aPageWithoutMicrostepsSaysNothingOfThem() throws {
        let html = try gatePage("machine gate\nsend badge(\"Ada\")\n").html
        #expect(!html.contains("class=micro"))
        #expect(!html.contains("<p class=\"keys\">A microstep"))
        #expect(html.contains("machine <b>gate</b> · 1 step · "))
    }

    @Test func theCoveragePageShowsEachRowsTrigger() throws {
        let vocabulary = LinkVocabulary()
        var coverage = TransitionCoverage(table: vocabulary.table)
        try coverage.record(
            try ScriptChecker(vocabulary: vocabulary).check(Array(Self.story.utf8), file: "link.events"),
            player: Player(vocabulary: vocabulary))
        let html = CoveragePage(report: coverage.report, machine: "link", scripts: ["link.events"]).html
        #expect(html.contains("<td>link: sending --after 5s--&gt; reconnecting</td>"))
        #expect(html.contains("<td>link: online --every 30s--&gt; (stays)</td>"))
        #expect(
            html.contains("<td>link: online --always--&gt; sending</td><td class=\"guard\">[hasQueued] seen true and false</td>"))
        #expect(html.contains("<td>link: handshaking --done.state.handshaking--&gt; online</td>"))
        #expect(html.contains(">after 2s → handshaking ×0</tspan>"), "the drawing lists the retry, never fired")
        #expect(html.contains("<tr class=\"unfired\" data-row=\"9\"><td class=\"hits\">0</td><td><code>retry</code>"))
        #expect(html.contains("<tr><th>rows</th><td>9 of 10 (90.0%)</td>"))
    }
}
