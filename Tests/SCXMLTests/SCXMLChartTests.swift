import MachineCore
import MachineRuntime
import Testing

@testable import SCXML

/// Importing documents as machines: what the table holds, and how the runtime runs it.
@Suite struct SCXMLChartTests {
    /// Runs `text` from its start until it ends or nothing is pending; returns the runtime.
    func run(_ text: String, conditions: [String: SCXMLChart.Condition] = [:]) throws -> (SCXMLChart, Runtime<SCXMLMachine>) {
        let chart = try SCXMLChart(reading: Array(document(text).utf8), conditions: conditions)
        var runtime = Runtime(table: chart.table, state: chart.initialState)
        while !runtime.isFinished, let deadline = runtime.nextDeadline {
            _ = try runtime.advance(by: deadline - runtime.now)
        }
        return (chart, runtime)
    }

    /// The `<log>` texts of every step, in order.
    func logs(_ steps: [RuntimeStep<SCXMLMachine>]) -> [String] {
        steps.outputs().map(\.description)
    }

    @Test func eachChildOfAParallelIsARegionAndTransitionsAreRowsNamedAfterTheirSource() throws {
        let chart = try SCXMLChart(
            reading: Array(
                document(
                    """
                    <parallel id="p">
                      <state id="a"><state id="a1"><transition event="go" target="a2"/></state><state id="a2"/></state>
                      <state id="b"/>
                    </parallel>
                    """
                ).utf8))
        #expect(chart.table.regions.map(\.name) == ["scxml", "a", "b"])
        #expect(chart.table.regions[1].states == ["a", "a1", "a2"])
        #expect(chart.table.rows.map(\.id) == ["a1.1"])
        #expect(chart.stateIDs == ["p", "a", "a1", "a2", "b"])
        #expect(chart.configuration(of: Runtime(table: chart.table, state: chart.initialState).state) == ["p", "a", "a1", "b"])
    }

    @Test func aTransitionAcrossAParallelsBorderExitsTheParallelAndEntersItsTarget() throws {
        let (chart, runtime) = try run(
            """
            <parallel id="p">
              <state id="a"><onentry><raise event="go"/></onentry><transition event="go" target="done"/></state>
              <state id="b"><onexit><log label="exit" expr="'b'"/></onexit></state>
            </parallel>
            <final id="done"/>
            """)
        #expect(chart.configuration(of: runtime.state) == ["done"])
        #expect(logs(runtime.startSteps) == ["exit: b"])
    }

    @Test func severalTargetsEnterEachOfThemAndAnInitialOfSeveralIDsToo() throws {
        let (chart, runtime) = try run(
            """
            <state id="s" initial="x2 y2">
              <parallel id="p">
                <state id="x"><state id="x1"/><state id="x2"/></state>
                <state id="y"><state id="y1"/><state id="y2"><transition event="back" target="x1 y1"/></state></state>
              </parallel>
            </state>
            """)
        #expect(chart.configuration(of: runtime.state) == ["s", "p", "x", "x2", "y", "y2"])
        var moved = runtime
        _ = try moved.send(try #require(chart.event(named: "back")))
        #expect(chart.configuration(of: moved.state) == ["s", "p", "x", "x1", "y", "y1"])
    }

    @Test func aParallelIsDoneWhenEveryChildIsInAFinalState() throws {
        let (chart, runtime) = try run(
            """
            <parallel id="p">
              <state id="a"><state id="a1"><transition target="af"/></state><final id="af"/></state>
              <state id="b"><state id="b1"><transition event="done.state.a" target="bf"/></state><final id="bf"/></state>
              <transition event="done.state.p" target="end"/>
            </parallel>
            <final id="end"/>
            """)
        #expect(chart.configuration(of: runtime.state) == ["end"])
    }

    @Test func aHistoryOfAParallelStateEntersItsDefaultThenWhatItRemembers() throws {
        let (chart, start) = try run(
            """
            <state id="out"><transition event="back" target="h"/></state>
            <parallel id="p">
              <history id="h" type="deep"><transition target="a2 b1"/></history>
              <state id="a"><state id="a1"/><state id="a2"/></state>
              <state id="b"><state id="b1"><transition event="next" target="b2"/></state><state id="b2"/></state>
              <transition event="leave" target="out"/>
            </parallel>
            """)
        var runtime = start
        func send(_ name: String) throws -> [String] {
            _ = try runtime.send(try #require(chart.event(named: name)))
            return chart.configuration(of: runtime.state)
        }
        #expect(try send("back") == ["p", "a", "a2", "b", "b1"], "the default, never exited")
        #expect(try send("next") == ["p", "a", "a2", "b", "b2"])
        #expect(try send("leave") == ["out"])
        #expect(try send("back") == ["p", "a", "a2", "b", "b2"], "what it remembers")
    }

    /// The machine's start is no event of the chart: a chart's own `start` is checked, covered
    /// and handled as any event.
    @Test func anEventNamedStartIsTheChartsOwn() throws {
        let (chart, runtime) = try run(
            """
            <state id="idle"><transition event="start" target="running"/></state>
            <final id="running"/>
            """)
        #expect(chart.eventNames == ["start"])
        #expect(chart.table.listing.startEvent != "start")
        #expect(chart.table.listing.findings.isEmpty, "\(chart.table.listing.findings)")
        var moved = runtime
        _ = try moved.send(try #require(chart.event(named: "start")))
        #expect(chart.configuration(of: moved.state) == ["running"])
    }

    @Test func namedConditionsAreBoundInSwiftAndUnboundOnesAreListed() throws {
        let text = """
            <state id="s"><transition cond="ready &amp;&amp; !blocked" target="go"/></state>
            <final id="go"/>
            """
        let (chart, runtime) = try run(text, conditions: ["ready": { _ in true }, "blocked": { $0.isIn("nowhere") }])
        #expect(chart.configuration(of: runtime.state) == ["go"])
        #expect(chart.table.rows[0].guard?.name == "ready && !blocked")
        let (_, waiting) = try run(text, conditions: ["ready": { _ in false }, "blocked": { _ in false }])
        #expect(!waiting.isFinished)
        let error = #expect(throws: SCXMLError.self) { try SCXMLChart(reading: Array(document(text).utf8)) }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.contains("ready, blocked") == true)
        #expect(error?.location == SCXML.SourceLocation(line: 2, column: 15), "where the first is")
    }

    @Test func aSendTheRuntimeCannotDeliverRaisesAnErrorEvent() throws {
        let (chart, runtime) = try run(
            """
            <state id="s">
              <onentry><send event="x" target="#_parent"/><send event="y" type="http://example.com/other"/><log expr="'skipped'"/></onentry>
              <transition event="error.communication" target="t"/>
            </state>
            <state id="t"><transition event="error.execution" target="end"/></state>
            <final id="end"/>
            """)
        #expect(chart.configuration(of: runtime.state) == ["end"])
        #expect(logs(runtime.startSteps).isEmpty, "error.execution stops the rest of its block")
    }

    @Test func aChartLargerThanTheRuntimeHoldsIsRefused() throws {
        let children = (1...8).map { "<state id=\"c\($0)\"/>" }.joined()
        let error = #expect(throws: SCXMLError.self) {
            try SCXMLChart(reading: Array(document("<parallel id=\"p\">\(children)</parallel>").utf8))
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.contains("9 regions") == true)
    }
}
