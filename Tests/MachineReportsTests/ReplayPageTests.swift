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

    @Test func theSummaryCountsTheStepsAndFailuresAndKeepsTheOutcome() throws {
        let summary = try gatePage(Self.story).summary
        #expect(summary.stepCount == 6)
        #expect(summary.failureCount == 1)
        #expect(summary.outcome == .failed(failures: 1, expectations: 5))
        #expect(summary.initialStates == [0, 0])
        #expect(!summary.isOverLimit)
    }

    @Test func eachStepCarriesTheStatesAfterItAndTheRowsItFired() throws {
        let html = try gatePage(Self.story).html
        // door: closed 0, opening 1, open 2, broken 3; alarm: quiet 0, ringing 1. Rows by index.
        let steps = html.matches(of: /<li id=step-(\d+)(?: class=ko)? data-s=([\d,]+)(?: data-r=([\d,]+))?>/).map {
            "\($0.1): \($0.2) \($0.3 ?? "")"
        }
        #expect(steps == ["1: 1,0 0", "2: 2,0 1", "3: 2,0 ", "4: 0,0 3", "5: 3,1 4,5", "6: 3,1 "])
        #expect(html.contains("<ol class=\"timeline\" id=\"timeline\" data-s=\"0,0\">"), "the states before the first step")
    }

    @Test func thePageHasAStepPerMomentAndListsTheFailuresAtTheTop() throws {
        let html = try gatePage(Self.story).html
        #expect(html.components(separatedBy: "<li id=step-").count - 1 == 6)
        #expect(
            html.contains(
                "<li id=step-6 data-s=3,1><a href=#step-6>6</a><span class=t>@5000ms</span><code class=in>send silence</code>"))
        #expect(html.contains("<li id=step-5 class=ko data-s=3,1 data-r=4,5>"), "the step a failure follows is marked")
        #expect(
            html.contains(
                "<div class=d>fired   D5.forced, A1.ring\nstate   door: closed → broken\nstate   alarm: quiet → ringing\n"))
        #expect(html.contains("\n<span class=ok>✓ line 5 expect door == open</span>\n"))
        #expect(
            html.contains("\n<span class=ko>✗ line 11 expect alarm == quiet — expected quiet, actual ringing</span></div></li>"))
        #expect(
            html.contains(
                "<li id=step-3 data-s=2,0><a href=#step-3>3</a><span class=t>@1000ms</span><code class=in>advance 1s</code><div class=d>nothing due</div></li>"
            ))
        let failures = try #require(html.range(of: "<section class=\"failures\" id=\"failures\">"))
        let timeline = try #require(html.range(of: "<ol class=\"timeline\""))
        #expect(failures.lowerBound < timeline.lowerBound)
        #expect(html.contains("<a href=\"#step-5\">line 11:1, after step 5</a>"))
        #expect(html.contains("machine <b>gate</b> · 6 steps · "))
    }

    @Test func theDrawingIsAPanelPerRegionWithItsLegend() throws {
        let html = try gatePage(Self.story).html
        #expect(html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"machine\"").count - 1 == 2)
        #expect(html.contains("aria-label=\"The gate machine, region door: its states and rows\""))
        // A3.rebadge (index 7) has no target: listed, with no arrow.
        #expect(html.contains("<g class=\"row entry\" data-row=\"7\" data-from=\"st-1-1\">"))
        #expect(html.contains(">badge [isKnown] (stays)</tspan>"))
        #expect(!html.contains("<g class=\"row arrow\" data-row=\"7\""))
        #expect(html.contains("<li>(stays) marks a row without a target: it exits and enters nothing, and has no arrow.</li>"))
    }

    @Test func thePageIsWrittenAsTheReplayGoes() throws {
        let vocabulary = GateVocabulary()
        let program = try ScriptChecker(vocabulary: vocabulary).check(Array(Self.story.utf8), file: "gate.events")
        let listing = vocabulary.table.listing
        var summary = ReplaySummary(listing: listing, initialStates: [0, 0])
        try Player(vocabulary: vocabulary).play(program, into: &summary)
        // The page written so far, entry by entry: each step is there as soon as it comes.
        struct Watcher: TranscriptSink {
            var page: ReplayPage<String>
            var sizes: [Int] = []
            var wantsHeldExpectations: Bool { true }
            mutating func write(_ entry: TranscriptEntry) {
                page.write(entry)
                if case .step = entry { sizes.append(page.output.count) }
            }
        }
        var watcher = Watcher(page: ReplayPage(summary: summary, output: ""))
        try Player(vocabulary: vocabulary).play(program, into: &watcher)
        #expect(watcher.sizes.count == 5)
        #expect(watcher.sizes == watcher.sizes.sorted() && Set(watcher.sizes).count == 5, "each step adds to the page")
        #expect(watcher.page.output.hasSuffix("</html>\n"))
    }

    @Test func longValuesAreShortenedSoThePageGrowsWithItsStepsNotItsStrings() throws {
        let long = String(repeating: "x", count: 100_000)
        let script =
            "machine gate\n" + String(repeating: "send badge(\"\(long)\")\nsend silence\n", count: 5) + "expect visitor == \"\"\n"
        let html = try gatePage(script).html
        let short = try gatePage(Self.story).html
        // Five badges of 100,000 characters, each shown in its input, its field change and the failure.
        #expect(html.utf8.count < short.utf8.count + 30_000, "\(html.utf8.count) bytes")
        #expect(html.contains("<span class=cut>… [shortened: 100014 characters]</span>"), "the input says it was shortened")
        #expect(html.contains("<span class=cut>… [shortened: 100002 characters]</span>"), "so does the value")
        #expect(html.contains("send badge(\"" + String(repeating: "x", count: ReplaySummary.valueLimit - 12)))
    }

    @Test func aBareExpectSaysWhatReplayUpdateWrites() throws {
        let html = try gatePage("machine gate\nsend badge(\"Ada\")\nexpect\n").html
        #expect(
            html.contains(
                "<a href=\"#step-1\">line 3:1, after step 1</a>: a bare <code>expect</code>, which <code>replay --update</code> fills "
                    + "with what line 2 did:<span class=lines><code>expect door == opening</code><br><code>expect visitor == \"Ada\"</code>"
            ))
        #expect(html.contains("<span class=ko>✗ line 3 a bare expect; replay --update writes:\n    expect door == opening\n"))
        #expect(!html.contains("replay --update writes them"), "the player's own wording is not shown")
    }

    @Test func theTopListsTheFirstFailuresAndCountsTheRest() throws {
        let script =
            "machine gate\nsend silence\n" + String(repeating: "expect door == open\n", count: ReplaySummary.failureLimit + 3)
        let (summary, html) = try gatePage(script)
        #expect(summary.failureCount == ReplaySummary.failureLimit + 3)
        #expect(html.components(separatedBy: "<li class=\"failure\"").count - 1 == ReplaySummary.failureLimit)
        #expect(html.contains("<p>and 3 more, each marked ✗ in the timeline.</p>"))
        #expect(html.components(separatedBy: "<span class=ko>✗ line").count - 1 == ReplaySummary.failureLimit + 3)
    }

    @Test func thePageIsSelfContained() throws {
        let html = try gatePage(Self.story).html
        for reference in ["https:", "src=", "href=\"http", "<link", "@import", "url("] {
            #expect(!html.contains(reference), "the page refers to something outside it: \(reference)")
        }
        let drawings = html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\"").count - 1
        #expect(drawings == 2, "a drawing per region")
        #expect(html.components(separatedBy: "http:").count - 1 == drawings, "the only http: is the SVG namespace")
        #expect(html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func aHostileStringInjectsNothing() throws {
        let hostile = #"</script><img src=x onerror=alert(1)><!--"' & \u{2028}"#
        let script =
            "machine gate\nsend badge(\"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))\")\nexpect visitor == \"x\"\n"
        let html = try gatePage(script, file: "</script><b>file.events").html
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>file"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 1, "only the page's own script ends")
        #expect(!html.contains("<!--"))
        #expect(
            html.contains(#"send badge("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!--\"' &amp;"#),
            "text keeps its quotes")
        #expect(html.contains("<title>&lt;/script&gt;&lt;b&gt;file.events — gate replay</title>"))
    }

    @Test func aSummaryPastTheLimitSaysSo() throws {
        func summary(_ steps: Int) throws -> ReplaySummary {
            let vocabulary = GateVocabulary()
            let script = "machine gate\n" + String(repeating: "send silence\n", count: steps)
            let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "gate.events")
            var summary = ReplaySummary(listing: vocabulary.table.listing, initialStates: [0, 0])
            try Player(vocabulary: vocabulary).play(program, into: &summary)
            return summary
        }
        let over = try summary(ReplaySummary.stepLimit + 1)
        #expect(over.isOverLimit)
        #expect(over.stepCount == ReplaySummary.stepLimit + 1)
        #expect(try !summary(ReplaySummary.stepLimit).isOverLimit)
    }

    /// The page of one script, compared with the committed reference (record a new one with
    /// SNAPSHOT_RECORD=missing, or =all after an intended change, and review it in a browser).
    @Test func matchesItsReference() throws {
        let html = try gatePage(Self.story, file: "gate.events").html
        let environment = ProcessInfo.processInfo.environment
        let store = SnapshotStore(
            directory: referencePages, mode: try SnapshotRecordMode.resolve(nil, environment: environment),
            isContinuousIntegration: SnapshotRecordMode.isContinuousIntegration(environment), fileExtension: "html")
        let outcome = try store.verify(html, named: "gate-replay")
        #expect(outcome == .matched, "\(outcome)")
    }
}
