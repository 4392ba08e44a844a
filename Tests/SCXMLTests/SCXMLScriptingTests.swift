import EventScripts
import ScriptTestSupport
import Testing

@testable import SCXML
@testable import SCXMLScripting

/// Event scripts on an imported chart: its events by their names, dots and all, its regions and
/// state ids in expectations, its `<log>` lines as commands.
@Suite struct SCXMLScriptingTests {
    let harness: ScriptHarness<SCXMLVocabulary>

    init() throws {
        let chart = try SCXMLChart(
            reading: Array(
                """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="door" initial="closed">
                  <state id="closed">
                    <transition event="user.open" target="open"/>
                    <transition event="error" target="jammed"/>
                  </state>
                  <state id="open">
                    <onentry><log label="door" expr="'opened'"/><send event="auto.close" delay="30s"/></onentry>
                    <transition event="auto.close" target="closed"/>
                  </state>
                  <state id="jammed"/>
                </scxml>
                """.utf8))
        harness = ScriptHarness(SCXMLVocabulary(chart))
    }

    @Test func aScriptSendsDottedEventsAndExpectsStatesAndLogs() {
        let (outcome, transcript) = harness.replay(
            """
            machine door
            send user.open
            expect door == open
            expect command log("opened")
            advance 30s
            expect door == closed
            send error
            expect door == jammed
            """)
        #expect(outcome == .passed(expectations: 4), "\(transcript)")
        #expect(transcript.contains("@0ms send user.open"))
        #expect(transcript.contains("@30000ms sent auto.close"))
    }

    @Test func anEventTheChartLacksIsAnErrorWithASuggestion() throws {
        let error = try #require(harness.error("machine door\nsend user.opne\n"))
        #expect(error.message.contains("user.open"), "\(error)")
    }
}
