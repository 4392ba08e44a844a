import Testing

@testable import SCXML

@Suite("SCXML reading: every element and attribute into the model") struct SCXMLReadingTests {
    typealias Location = SCXML.SourceLocation

    /// A document with every element and attribute the importer reads; the line numbers of the
    /// assertions below are this text's.
    static let everything = """
        <?xml version="1.0" encoding="UTF-8"?>
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="everything" initial="main"
               datamodel="null" binding="late">
          <state id="main" initial="idle">
            <onentry><log label="hello" expr="'entered'"/></onentry>
            <onentry><raise event="second.block"/></onentry>
            <onexit><cancel sendid="timer"/></onexit>
            <transition event="go go.* error. *" cond="In('busy') &amp;&amp; !blocked" target="left right" type="internal">
              <send event="tick" id="timer" delay="1.5s" target="#_internal" type="scxml"/>
              <if cond="ready">
                <raise event="a"/>
                <elseif cond="not ready and In(&quot;idle&quot;)"/>
                <raise event="b"/>
                <log/>
                <else/>
                <send event="c"/>
              </if>
            </transition>
            <transition cond="true"/>
            <state id="idle"/>
            <state>
              <initial><transition target="inner"><raise event="started"/></transition></initial>
              <state id="inner"/>
              <history id="back" type="deep"><transition target="inner"/></history>
            </state>
            <parallel id="busy">
              <state id="left"/>
              <state id="right"/>
              <history id="shallow"><transition target="left right"/></history>
              <onexit/>
              <transition event="stop" target="done"/>
            </parallel>
          </state>
          <final id="done"><onentry/><onexit/></final>
        </scxml>
        """

    @Test func theDocumentAndItsStates() throws {
        let document = try readDocument(Self.everything)
        #expect(document.name == "everything")
        #expect(document.initial == ["main"])
        #expect(document.location == Location(line: 2, column: 1))
        #expect(document.states.map(\.id) == ["main", "done"])
        let main = document.states[0]
        #expect(main.kind == .state)
        #expect(main.initial == ["idle"])
        #expect(main.initialTransition == nil)
        #expect(main.location == Location(line: 4, column: 3))
        #expect(main.children.map(\.id) == ["idle", "_state.21.5", "busy"])
        #expect(main.children.map(\.kind) == [.state, .state, .parallel])
        let generated = main.children[1]
        #expect(generated.location == Location(line: 21, column: 5))
        #expect(generated.children.map(\.id) == ["inner", "back"])
        #expect(generated.children[1].kind == .history(deep: true))
        #expect(generated.children[1].transitions.map(\.targets) == [["inner"]])
        let initial = try #require(generated.initialTransition)
        #expect(initial.targets == ["inner"])
        #expect(initial.events.isEmpty)
        #expect(initial.condition == nil)
        #expect(initial.actions.map(\.summary) == ["raise started"])
        #expect(initial.location == Location(line: 22, column: 16))
        let busy = main.children[2]
        #expect(busy.children.map(\.id) == ["left", "right", "shallow"])
        #expect(busy.children[2].kind == .history(deep: false))
        #expect(busy.children[2].transitions.first?.targets == ["left", "right"])
        #expect(busy.onExit.count == 1)
        #expect(busy.onExit.first?.isEmpty == true)
        #expect(busy.transitions.map(\.events) == [["stop"]])
        let done = document.states[1]
        #expect(done.kind == .final)
        #expect(done.onEntry.count == 1)
        #expect(done.onExit.count == 1)
        #expect(done.location == Location(line: 34, column: 3))
    }

    @Test func blocksTransitionsAndActions() throws {
        let main = try readDocument(Self.everything).states[0]
        #expect(main.onEntry.map { $0.map(\.summary) } == [["log hello entered"], ["raise second.block"]])
        #expect(main.onExit.map { $0.map(\.summary) } == [["cancel timer"]])
        #expect(main.transitions.count == 2)
        let transition = main.transitions[0]
        #expect(transition.events == ["go", "go.*", "error.", "*"])
        #expect(transition.condition == .and(.inState("busy"), .not(.named("blocked"))))
        #expect(transition.targets == ["left", "right"])
        #expect(transition.isInternal)
        #expect(transition.location == Location(line: 8, column: 5))
        #expect(transition.actions.count == 2)
        guard case .send(let send) = transition.actions[0] else {
            Issue.record("expected a <send>, got \(transition.actions[0].summary)")
            return
        }
        #expect(send.event == "tick")
        #expect(send.id == "timer")
        #expect(send.delay == .milliseconds(1500))
        #expect(send.target == "#_internal")
        #expect(send.type == "scxml")
        #expect(send.location == Location(line: 9, column: 7))
        let branches = try #require(transition.actions[1].ifBranches)
        #expect(branches.map(\.condition) == [.named("ready"), .and(.not(.named("ready")), .inState("idle")), nil])
        #expect(
            branches.map { $0.actions.map(\.summary) } == [["raise a"], ["raise b", "log - -"], ["send c id - target - type -"]])
        let eventless = main.transitions[1]
        #expect(eventless.events.isEmpty)
        #expect(eventless.targets.isEmpty)
        #expect(eventless.condition == .constant(true))
        #expect(!eventless.isInternal)
    }

    @Test func aDocumentWithoutTheOptionalPartsReads() throws {
        let document = try readDocument("<scxml xmlns='\(scxmlNamespace)'><final/></scxml>")
        #expect(document.name == nil)
        #expect(document.initial.isEmpty)
        #expect(document.states.map(\.id) == ["_state.1.48"])
        // Without the namespace, as documents written by hand often are, it reads too.
        #expect(try readDocument("<scxml><state id='a'/></scxml>").states.map(\.id) == ["a"])
        // A prefix bound to SCXML's namespace reads as well.
        let prefixed = try readDocument("<s:scxml xmlns:s='\(scxmlNamespace)'><s:state id='a'/></s:scxml>")
        #expect(prefixed.states.map(\.id) == ["a"])
        #expect(try readDocument("<scxml binding='early'/>").states.isEmpty)
    }

    @Test func aGeneratedIDTakesNoIDTheDocumentWrites() throws {
        let document = try readDocument("<scxml>\n<state/><state id='_state.2.1'/><state id='_state.2.1.2'/></scxml>")
        #expect(document.states.map(\.id) == ["_state.2.1.3", "_state.2.1", "_state.2.1.2"])
    }

    @Test func logTextIsTheLiteralWithoutQuotes() throws {
        let document = try readDocument(
            document("<state id='a'><onentry><log expr=' \"it&apos;s\" '/><log label='l' expr=\"''\"/></onentry></state>"))
        #expect(document.states[0].onEntry[0].map(\.summary) == ["log - it's", "log l "])
    }

    @Test func delaysAreReadExactly() throws {
        let cases: [(String, Duration)] = [
            ("500ms", .milliseconds(500)), ("1.5s", .milliseconds(1500)), ("0.1s", .milliseconds(100)),
            (".5s", .milliseconds(500)), ("2min", .seconds(120)), ("1.5h", .seconds(5400)), ("0.25ms", .microseconds(250)),
            (" 3s ", .seconds(3)), ("0.000000000000000001s", Duration(secondsComponent: 0, attosecondsComponent: 1)),
            ("0.0000000000000000019s", Duration(secondsComponent: 0, attosecondsComponent: 1)),
            ("1234567.891ms", Duration(secondsComponent: 1234, attosecondsComponent: 567_891_000_000_000_000)),
            ("0.1h", .seconds(360)), ("0.001min", .milliseconds(60)), ("000000000000000000000000000001s", .seconds(1)),
            ("4611686018.427387904s", .nanoseconds(Int64(1) << 62)),  // the longest the runtime's clock runs
        ]
        for (text, expected) in cases {
            #expect(try SCXMLDelay.duration(text, at: Location(line: 1, column: 1)) == expected, "\(text)")
        }
        #expect(throws: SCXMLError.self) { try SCXMLDelay.duration("4611686018.427387905s", at: Location(line: 1, column: 1)) }
    }

    @Test func conditionsParseWithPrecedenceAndBothSpellings() throws {
        let location = Location(line: 1, column: 1)
        let cases: [(String, SCXMLCondition)] = [
            ("a", .named("a")),
            ("form.ready-now_2", .named("form.ready-now_2")),
            ("In('s1')", .inState("s1")),
            ("In ( \"s.1\" )", .inState("s.1")),
            ("a || b && c", .or(.named("a"), .and(.named("b"), .named("c")))),
            ("a or b and c", .or(.named("a"), .and(.named("b"), .named("c")))),
            ("(a || b) && c", .and(.or(.named("a"), .named("b")), .named("c"))),
            ("!a && b", .and(.not(.named("a")), .named("b"))),
            ("not a and not not b", .and(.not(.named("a")), .not(.not(.named("b"))))),
            ("!(a)", .not(.named("a"))),
            ("not(In('x'))", .not(.inState("x"))),
            ("a && b && c", .and(.and(.named("a"), .named("b")), .named("c"))),
            ("true || false", .or(.constant(true), .constant(false))),
            ("andy or nothing", .or(.named("andy"), .named("nothing"))),
            ("In", .named("In")),
            ("été", .named("été")),
        ]
        for (text, expected) in cases {
            #expect(try SCXMLCondition(parsing: text, at: location) == expected, "\(text)")
        }
    }

    @Test func eventNamesAndDescriptors() {
        for name in ["a", "a.b", "_x", "done.state.s1", "error.execution", "a-b.c_d", "v.1"] {
            #expect(SCXMLEventName.isName(name), "\(name)")
            #expect(SCXMLEventName.isDescriptor(name), "\(name)")
        }
        for descriptor in ["*", "a.*", "a.b.*", "a."] {
            #expect(SCXMLEventName.isDescriptor(descriptor), "\(descriptor)")
            #expect(!SCXMLEventName.isName(descriptor), "\(descriptor)")
        }
        for bad in ["", ".", ".*", "1a", "a..b", ".a", "a*", "a.**", "a b", "*.a", "a/b", "-a"] {
            #expect(!SCXMLEventName.isDescriptor(bad), "\(bad)")
        }
    }

    @Test func theErrorTellsWhereAndWhat() {
        let located = SCXMLError(.invalid, at: Location(line: 3, column: 7), "the target 'x' names no state")
        #expect(located.description == "3:7: the target 'x' names no state")
        let unlocated = SCXMLError(.malformed, at: nil, "too big")
        #expect(unlocated.description == "too big")
        #expect(SCXMLError.quoted(String(repeating: "x", count: 50)) == "'" + String(repeating: "x", count: 40) + "…'")
    }
}
