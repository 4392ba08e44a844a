import MachineCore
import MachineRuntime
import Testing

@testable import SCXML

/// Points of SCXML's algorithm (W3C SCXML 1.0, Appendix D, and the event descriptors of §3.12.1)
/// that charts reach only in particular shapes: each test states the rule, and its chart the
/// order in which `<log>`s must run.
@Suite struct SCXMLAlgorithmTests {
    /// A chart read from `body`, with a runtime started on it.
    struct Session {
        let chart: SCXMLChart
        var runtime: Runtime<SCXMLMachine>

        init(_ body: String) throws {
            chart = try SCXMLChart(reading: Array(document(body).utf8))
            runtime = Runtime(table: chart.table, state: chart.initialState)
        }

        /// The `<log>`s of the start.
        var startLogs: [String] { runtime.startSteps.outputs().map(\.description) }
        /// The active states, in document order.
        var configuration: [String] { chart.configuration(of: runtime.state) }

        /// Sends the chart's event `name`; returns the `<log>`s its macrostep ran.
        mutating func send(_ name: String) throws -> [String] {
            try runtime.send(try #require(chart.event(named: name))).outputs().map(\.description)
        }
    }

    /// `addAncestorStatesToEnter`: a history of a `<parallel>` whose default names a state of one
    /// child enters the other children by default, each with its `<onentry>`, after the parallel
    /// and its history's default content.
    @Test func aParallelsHistoryDefaultEntersTheChildrenItLeavesOutByDefault() throws {
        for type in ["shallow", "deep"] {
            let session = try Session(
                """
                <state id="o"><onentry><raise event="ph"/></onentry><transition event="ph" target="hp"/></state>
                <parallel id="P">
                  <onentry><log expr="'enter P'"/></onentry>
                  <history id="hp" type="\(type)"><transition target="B2"><log expr="'hp default'"/></transition></history>
                  <state id="A"><onentry><log expr="'enter A'"/></onentry>
                    <state id="A1"><onentry><log expr="'enter A1'"/></onentry></state>
                  </state>
                  <state id="B"><onentry><log expr="'enter B'"/></onentry>
                    <state id="B1"/><state id="B2"><onentry><log expr="'enter B2'"/></onentry></state>
                  </state>
                </parallel>
                """)
            #expect(
                session.startLogs == ["enter P", "hp default", "enter A", "enter A1", "enter B", "enter B2"], "\(type)")
            #expect(session.configuration == ["P", "A", "A1", "B", "B2"])
        }
    }

    /// `findLCCA` skips `<parallel>` states and a state is not its own proper ancestor: an
    /// external transition from a child of a parallel (or from below it) to that child exits and
    /// re-enters the whole parallel, so the other children start over.
    @Test func aTransitionToAParallelsChildFromWithinItExitsTheParallel() throws {
        var session = try Session(
            """
            <state id="W">
              <parallel id="P">
                <onentry><log expr="'enter P'"/></onentry><onexit><log expr="'exit P'"/></onexit>
                <state id="A"><transition event="self" target="A"/>
                  <state id="a1"><transition event="up" target="A"/><transition event="next" target="a2"/></state>
                  <state id="a2"/>
                </state>
                <state id="B"><state id="b1"><transition event="b2" target="b2"/></state><state id="b2"/></state>
              </parallel>
            </state>
            """)
        #expect(try session.send("b2") == [])
        #expect(try session.send("up") == ["exit P", "enter P"])
        #expect(session.configuration == ["W", "P", "A", "a1", "B", "b1"])
        _ = try session.send("b2")
        _ = try session.send("next")
        #expect(try session.send("self") == ["exit P", "enter P"])
        #expect(session.configuration == ["W", "P", "A", "a1", "B", "b1"])
    }

    /// `getTransitionDomain`: a history's targets are below the state it belongs to, so an
    /// internal transition to its source's own history neither exits nor re-enters the source,
    /// and the history keeps what it remembered; an external one exits the source.
    @Test func anInternalTransitionToItsSourcesHistoryKeepsTheSource() throws {
        let chart = """
            <state id="s">
              <onentry><log expr="'enter s'"/></onentry><onexit><log expr="'exit s'"/></onexit>
              <history id="hs"><transition target="s1"/></history>
              <transition event="ext" target="hs"/>
              <transition event="int" type="internal" target="hs"/>
              <state id="s1"><transition event="next" target="s2"/></state>
              <state id="s2"><transition event="prev" target="s1"/></state>
            </state>
            """
        var fresh = try Session(chart)
        _ = try fresh.send("next")
        #expect(try fresh.send("int") == [])
        #expect(fresh.configuration == ["s", "s1"], "nothing remembered yet: the default")

        var remembering = try Session(chart)
        _ = try remembering.send("next")
        #expect(try remembering.send("ext") == ["exit s", "enter s"])
        #expect(remembering.configuration == ["s", "s2"])
        _ = try remembering.send("prev")
        #expect(try remembering.send("int") == [])
        #expect(remembering.configuration == ["s", "s2"], "s2, remembered when s was last exited")
    }

    /// `getTransitionDomain` of `getEffectiveTargetStates`: a transition from inside a state to
    /// that state's own history takes its domain from what the history enters (what it
    /// remembers, else its default), so the state is neither exited nor entered, and what the
    /// history remembers is what it had before the transition.
    @Test func aTransitionToTheHistoryOfAStateHoldingItsSourceKeepsThatState() throws {
        let chart = """
            <state id="S">
              <onentry><log expr="'+S'"/></onentry><onexit><log expr="'-S'"/></onexit>
              <history id="H"><transition target="s1"><log expr="'H default'"/></transition></history>
              <transition event="out" target="o"/>
              <state id="s1"><transition event="next" target="s2"/><transition event="back" target="H"/></state>
              <state id="s2"><transition event="back" target="H"/></state>
            </state>
            <state id="o"><transition event="in" target="S"/></state>
            """
        var fresh = try Session(chart)
        _ = try fresh.send("next")
        #expect(try fresh.send("back") == [], "S kept: neither exited nor entered, no default content")
        #expect(fresh.configuration == ["S", "s1"], "nothing remembered: the default")

        var remembering = try Session(chart)
        _ = try remembering.send("next")
        _ = try remembering.send("out")
        _ = try remembering.send("in")
        #expect(remembering.configuration == ["S", "s1"])
        #expect(try remembering.send("back") == [])
        #expect(remembering.configuration == ["S", "s2"], "s2, remembered when S was exited")
    }

    /// `enterStates` reads the configuration as it is when a final state is entered: a region
    /// that left its final state in the same microstep (later in document order) is not done, so
    /// the parallel state is not done either; a region that re-enters its final state counts
    /// once it has.
    @Test func aParallelIsDoneOnlyWhenEveryRegionIsInAFinalStateAfterTheExits() throws {
        let chart = """
            <state id="W">
              <transition event="done.state.A"><log expr="'done A'"/></transition>
              <transition event="done.state.B"><log expr="'done B'"/></transition>
              <transition event="done.state.P"><log expr="'done P'"/></transition>
              <parallel id="P">
                <state id="A"><state id="a1"><transition event="go go2" target="af"/></state><final id="af"/></state>
                <state id="B" initial="bf">
                  <transition event="go" type="internal" target="b1"/><transition event="go2" type="internal" target="bf"/>
                  <state id="b1"/><final id="bf"/>
                </state>
              </parallel>
            </state>
            """
        var leaving = try Session(chart)
        #expect(try leaving.send("go") == ["done A"], "B left bf in the same microstep: P is not done")
        var returning = try Session(chart)
        #expect(try returning.send("go2") == ["done A", "done B", "done P"])
    }

    /// `getTransitionDomain`: `type="internal"` counts only from a compound state to states below
    /// it; from an atomic state, or to a state outside the source, the transition is external
    /// (the importer once refused these).
    @Test func anInternalTransitionThatCannotBeIsExternal() throws {
        var session = try Session(
            """
            <state id="s">
              <onentry><log expr="'enter s'"/></onentry><onexit><log expr="'exit s'"/></onexit>
              <state id="s1"><onexit><log expr="'exit s1'"/></onexit>
                <transition event="go" type="internal" target="s2"/></state>
              <state id="s2"><transition event="up" type="internal" target="s"/></state>
            </state>
            """)
        #expect(try session.send("go") == ["exit s1"])
        #expect(session.configuration == ["s", "s2"])
        #expect(try session.send("up") == ["exit s", "enter s"])
        #expect(session.configuration == ["s", "s1"])
    }

    /// `getTransitionDomain`: an internal transition from a compound state to states of the
    /// regions of a `<parallel>` below it keeps its source, exiting and entering only below it.
    @Test func anInternalTransitionIntoTheRegionsOfAParallelBelowKeepsItsSource() throws {
        var session = try Session(
            """
            <state id="s">
              <onentry><log expr="'enter s'"/></onentry><onexit><log expr="'exit s'"/></onexit>
              <transition event="i" type="internal" target="B2"/>
              <transition event="both" type="internal" target="A2 B1"/>
              <state id="x"/>
              <parallel id="P">
                <onentry><log expr="'enter P'"/></onentry><onexit><log expr="'exit P'"/></onexit>
                <state id="A"><state id="A1"/><state id="A2"/></state>
                <state id="B"><state id="B1"/><state id="B2"/></state>
              </parallel>
            </state>
            """)
        #expect(try session.send("i") == ["enter P"])
        #expect(session.configuration == ["s", "P", "A", "A1", "B", "B2"])
        #expect(try session.send("both") == ["exit P", "enter P"])
        #expect(session.configuration == ["s", "P", "A", "A2", "B", "B1"])
    }

    /// §3.12.1: `foo`, `foo.` and `foo.*` are the same descriptor.
    @Test func aDescriptorEndingInADotMatchesAsWithoutIt() throws {
        let session = try Session(
            """
            <state id="s0">
              <onentry><raise event="foo.bar"/></onentry>
              <transition event="foo." target="pass"/>
              <transition event="*" target="fail"/>
            </state>
            <final id="pass"/>
            <final id="fail"/>
            """)
        #expect(session.configuration == ["pass"])
        #expect(EventDescriptor("error.").matches("error.execution"))
        #expect(!EventDescriptor("error.").matches("errors"))
    }

    /// Several targets, or initial states, must be able to be active at once (a legal state
    /// configuration): two states of one compound state are refused, naming both, where they
    /// are written.
    @Test func targetsThatCannotBeActiveTogetherAreRefused() throws {
        let parallel = """
            <parallel id="P">
              <state id="A"><state id="A1"/><state id="A2"/></state>
              <state id="B"><state id="B1"/></state>
            </parallel>
            """
        expectError(
            document("<state id=\"s0\"><transition event=\"go\" target=\"A1 A2\"/></state>\n" + parallel), .invalid,
            at: 2, 16, mentioning: ["'A1' and 'A2'", "'A', which is not a <parallel>"])
        expectError(
            document(parallel, attributes: " initial=\"A1 A2\""), .invalid, at: 1, 1,
            mentioning: ["the initial states of <scxml>", "'A1' and 'A2'"])
        expectError(
            document("<state id=\"s0\"><transition event=\"go\" target=\"A A1\"/></state>\n" + parallel), .invalid,
            at: 2, 16, mentioning: ["one is inside the other"])
        #expect(
            readingError(document("<state id=\"s0\"><transition event=\"go\" target=\"A2 B1\"/></state>\n" + parallel)) == nil)
    }
}
