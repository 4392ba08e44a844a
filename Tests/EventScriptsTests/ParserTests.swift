import EventScripts
import ScriptTestSupport
import Testing

@Suite("Script syntax") struct ParserTests {
    func statements(_ source: String) throws -> [Statement] {
        try ScriptSource.parse(Array(source.utf8), file: "t.events")
    }

    @Test func blankLinesAndCommentsAreIgnored() throws {
        let parsed = try statements("\n# a comment\n   \n\tsend closed # trailing comment\n")
        #expect(parsed.count == 1)
        #expect(parsed[0].location == EventScripts.ScriptLocation(line: 4, column: 2))
    }

    @Test func lineBreaksAreLFCRLFOrALoneCR() throws {
        let parsed = try statements("send typed(\"a\")\rsend picked(0)\r\n\r\nsend closed\nsend closed")
        #expect(parsed.map(\.location.line) == [1, 2, 4, 5])
        expectInvalid("send closed\r\rsend teleport\r", at: 3, 6, "unknown event 'teleport'")
    }

    @Test func aScriptWithNoStatementIsInvalid() {
        expectInvalid("", at: 1, 1, "holds no statement")
        expectInvalid("# only a comment\r\n\n  \t\n", at: 1, 1, "holds no statement")
        #expect(harness.error("machine search-box\n") == nil)
        #expect(harness.error("given query \"x\"\n") == nil)
    }

    @Test func aHashInsideAStringIsNotAComment() throws {
        let checked = try harness.program("send typed(\"#1 # not a comment\")\nexpect query == \"#1 # not a comment\"")
        #expect(checked.instructions().count == 2)
        #expect(
            harness.replay("send typed(\"#1 # not a comment\")\nexpect query == \"#1 # not a comment\"").outcome
                == .passed(expectations: 1))
    }

    @Test func stringEscapes() {
        let (outcome, _) = harness.replay(
            #"""
            send typed("a \"quoted\" \\ back\nslash\ttab \u{1F600} é")
            expect query == "a \"quoted\" \\ back\nslash\ttab 😀 é"
            """#)
        #expect(outcome == .passed(expectations: 1))
    }

    @Test func numbersAndDurations() throws {
        let checked = try harness.program(
            """
            given limit 25
            given pause 1.5s
            given view area(point(-2.5, 100), size(3, 0.25))
            advance 300ms
            advance 0.5ms
            """)
        #expect(checked.initialState.context.limit == 25)
        #expect(checked.initialState.context.pause == .milliseconds(1500))
        #expect(
            checked.initialState.context.view
                == SearchBox.Area(corner: .init(x: -2.5, y: 100), size: .init(width: 3, height: 0.25)))
        #expect(try harness.program("given pause 2min").initialState.context.pause == .seconds(120))
        guard case .input(.advance(let half)) = checked.instructions()[1].kind else {
            Issue.record("expected an advance")
            return
        }
        #expect(half == .microseconds(500))
    }

    @Test(
        "Every number is written without an exponent and reads back as itself",
        arguments: [
            1e-7, -2.5e-10, 1e16, 1.2345e21, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 123.456, -74.0, 40.7128,
        ])
    func numbersReadBackAsWritten(_ number: Double) throws {
        let text = Value.number(number).description
        #expect(!text.contains("e"), "\(text)")
        let statements = try ScriptSource.parse(Array("given x \(text)".utf8), file: "n.events")
        guard case .given(_, _, let value) = statements.first?.kind, case .number(let read, _) = value.form else {
            Issue.record("'\(text)' did not read as a number")
            return
        }
        #expect(read == number, "\(text)")
    }

    @Test func machineNamesMayHaveDashes() throws {
        _ = try harness.program("machine search-box\nsend closed")
    }

    @Test func labelsAreOptionalButMustNameTheirPosition() {
        let (outcome, _) = harness.replay(
            """
            given view area(corner: point(x: 1.0, y: 2.0), size: size(0.1, height: 0.1))
            expect view == area(point(1, 2), size(0.1, 0.1))
            send moved(area: area(point(1, 3), size(1, 1)), byUser: true)
            expect view.corner.y == 3
            """)
        #expect(outcome == .passed(expectations: 2))
        expectInvalid("send moved(byUser: true)", at: 1, 12, "argument 1 of 'moved' is 'area:'")
    }

    @Test func aDefaultedArgumentMayBeLeftOut() {
        let (outcome, _) = harness.replay(
            """
            send moved(area(point(1, 3), size(1, 1)))
            expect view.corner.y == 3
            send moved(area(point(5, 5), size(1, 1)), byUser: false)
            expect view.corner.y == 3
            """)
        #expect(outcome == .passed(expectations: 2))
    }

    @Test func labelledRecordsComeInAnyOrderAndAParameterMayTakeAnotherType() {
        let (outcome, _) = harness.replay(
            """
            given hits [hit("A", point(1, 1), tag(colour: "red", name: "big")), hit("B", point(2, 2), "small")]
            expect hits[0].tag == tag(name: "big", colour: "red")
            expect hits[1].tag.name == "small"
            expect hits[1].tag.colour == nil
            expect hits[0].tag.label == "big, red"
            """)
        #expect(outcome == .passed(expectations: 4))
    }

    @Test func respondWithEitherAnswerTypeAndANumber() {
        let (outcome, _) = harness.replay(
            """
            send typed("x")
            advance 300ms
            send typed("y")
            advance 300ms
            respond hits#1(area(point(1, 1), size(1, 1)), [hit("Old", point(1, 1), "a")])
            expect dropped hits#1
            respond hits(area: area(point(2, 2), size(3, 3)), hits: [hit("New", point(2, 2), "b")])
            expect view == area(point(2, 2), size(3, 3))
            expect hits[0].title == "New"
            """)
        #expect(outcome == .passed(expectations: 3))
    }

    @Test func everyComparison() {
        let (outcome, _) = harness.replay(
            """
            expect query == ""
            expect query != "x"
            expect view.corner ~= point(0.00005, -0.00005)
            expect hits.count < 1
            expect hits.count <= 0
            expect view.size.width > 9.9
            expect view.size.width >= 10
            expect view == area(point(0, 0), size(10, 10))
            expect chosen == nil
            """)
        #expect(outcome == .passed(expectations: 9))
    }
}

@Suite("Script errors name their line and column") struct ScriptErrorTests {
    @Test func lexicalErrors() {
        expectInvalid("send typed(\"open", at: 1, 12, "unterminated string")
        expectInvalid("send typed(\"a\\qb\")", at: 1, 14, "unknown escape")
        expectInvalid("send typed(\"\\u{110000}\")", at: 1, 13, "hexadecimal digits")
        expectInvalid("advance 300hours", at: 1, 12, "unknown duration unit 'hours'")
        expectInvalid("send closed @", at: 1, 13, "unexpected character '@'")
        expectInvalid("expect query = \"x\"", at: 1, 14, "expected '=='")
        // A transcript of 1.0 wrote `given FIELD = VALUE`; a script writes `given FIELD VALUE`.
        expectInvalid("given limit = 2", at: 1, 13, "'given' takes the field and its value without '=': given limit VALUE")
        // Columns count characters, not bytes.
        expectInvalid("send typed(\"é\") $", at: 1, 17, "unexpected character")
        // A byte order mark is named, not printed (it is invisible).
        expectInvalid("\u{FEFF}send closed", at: 1, 1, "unexpected byte order mark (U+FEFF)")
        // An exponent is not a duration's unit.
        expectInvalid("expect view.size.width == 1e5", at: 1, 28, "without an exponent ('e')")
        expectInvalid("expect view.size.width == 2E-3", at: 1, 28, "without an exponent ('E')")
        expectInvalid("advance 1e5ms", at: 1, 10, "without an exponent ('e')")
    }

    /// A whole number too large for `Int` is quoted as the value it was read as, not as 0.
    @Test func aHugeWholeNumberIsQuotedAsWritten() {
        expectInvalid(
            "expect hits[99999999999999999999] == nil", at: 1, 13,
            "expected a whole-number index inside [ ], found the number 1e+20")
    }

    @Test func syntaxErrors() {
        expectInvalid("\n\nteleport home", at: 3, 1, "unknown statement 'teleport'")
        expectInvalid("send", at: 1, 5, "expected a value, found the end of the line")
        expectInvalid("send typed(\"a\" \"b\")", at: 1, 16, "expected ',' or ')'")
        expectInvalid(
            "given hits [hit(\"a\", point(1, 1), \"b\") hit(\"c\", point(2, 2), \"d\")]", at: 1, 40, "expected ',' or ']'")
        expectInvalid("send closed extra", at: 1, 13, "expected the end of the statement")
        expectInvalid("expect query", at: 1, 13, "expected a comparison")
        expectInvalid("expect hits[x] == nil", at: 1, 13, "whole-number index")
        expectInvalid("respond", at: 1, 8, "expected a request kind")
        expectInvalid("fail hits 42", at: 1, 11, "expected a message string")
    }

    @Test func requestReferences() {
        expectInvalid("respond hits#0 []", at: 1, 9, "positive whole number")
        expectInvalid("respond hits#-2 []", at: 1, 9, "positive whole number")
        expectInvalid("respond hits#1.5 []", at: 1, 9, "positive whole number")
        expectInvalid("respond coffee#1 []", at: 1, 9, "unknown request kind 'coffee'")
        expectInvalid("expect dropped hits", at: 1, 16, "with its number")
        // `#x` after a kind is a comment, which leaves the statement without its value.
        expectInvalid("respond hits#x []", at: 1, 13, "expected a value")
    }

    @Test func hostileInput() {
        expectInvalid("send closed\nsend \u{0}", at: 2, 6, "NUL byte")
        let invalidUTF8: [UInt8] = Array("send typed(\"".utf8) + [0xC3, 0x28] + Array("\")".utf8)
        do {
            _ = try ScriptChecker(vocabulary: SearchBoxVocabulary()).check(invalidUTF8, file: "bad.events")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.location == EventScripts.ScriptLocation(line: 1, column: 13))
            #expect(error.message.contains("invalid UTF-8"))
            #expect(error.file == "bad.events")
        }
        let deep = "given hits " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        expectInvalid(deep, at: 1, 12 + parserMaximumDepth, "nest more than")
        let long = "send typed(\"" + String(repeating: "x", count: 10_000_000) + "\")"
        expectInvalid(long, at: 1, ScriptSource.maximumLineLength, "longer than")
    }

    @Test func vocabularyErrors() {
        expectInvalid("machine vending-machine", at: 1, 1, "unknown machine 'vending-machine'; expected search-box")
        expectInvalid("send closed\nmachine search-box", at: 2, 1, "'machine' must be the first statement")
        expectInvalid("send closed\ngiven query \"x\"", at: 2, 1, "'given' must come before")
        expectInvalid("given mood \"happy\"", at: 1, 7, "unknown field 'mood'")
        expectInvalid("given pending [hits]", at: 1, 7, "kept by the runtime")
        expectInvalid("given search showing", at: 1, 7, "is a region")
        expectInvalid("send teleport", at: 1, 6, "unknown event 'teleport'")
        expectInvalid("send paused", at: 1, 6, "fired by a timer")
        expectInvalid("send hits([])", at: 1, 6, "answers a request")
        expectInvalid("send typed(3)", at: 1, 12, "expected a string, found a number")
        expectInvalid("send picked(1.5)", at: 1, 13, "whole number")
        expectInvalid("send typed(\"a\", \"b\")", at: 1, 17, "too many arguments")
        expectInvalid("send moved(area(point(1, 2)))", at: 1, 12, "missing argument 'size:'")
        expectInvalid("given chosen hit(\"a\", point(1, 1), tag(shape: \"X\"))", at: 1, 40, "'tag' has no parameter 'shape'")
        expectInvalid("given chosen hit(\"a\", point(1, 1), tag(\"X\"))", at: 1, 40, "every argument of 'tag' is labelled")
        expectInvalid("given chosen hit(\"a\", point(1, 1), tag(name: \"X\", name: \"Y\"))", at: 1, 51, "given twice")
        expectInvalid("expect search == denied", at: 1, 18, "unknown search state 'denied'")
        expectInvalid("expect timers == [pouse]", at: 1, 19, "unknown timer 'pouse'")
        expectInvalid("expect query == 3", at: 1, 17, "expected a string")
        expectInvalid("expect query < \"b\"", at: 1, 1, "compares numbers")
        expectInvalid("expect chosen.shape == nil", at: 1, 15, "has no part 'shape'")
        expectInvalid("expect query[0] == nil", at: 1, 13, "is not a list")
        expectInvalid("expect command cancel(hits)", at: 1, 1, "needs an earlier send")
        expectInvalid("send closed\nexpect command teleport", at: 2, 16, "unknown 'teleport'")
        expectInvalid("send closed\nexpect command find(1, 2, 3)", at: 2, 27, "too many arguments")
        expectInvalid("send closed\nexpect command choose(1)", at: 2, 23, "expected hit(title:, spot:, tag:)")
        expectInvalid("advance -5ms", at: 1, 9, "not negative")
        expectInvalid("advance 5", at: 1, 9, "expected a duration")
        expectInvalid("respond hits 3", at: 1, 14, "expected a list of hit(…) or hits(area:, hits:)")
    }

    /// A word one or two edits from a known one (by its length) is named; another lists them all.
    @Test func aMistypedWordGetsItsNearestKnownOne() {
        expectInvalid("send typd(\"a\")", at: 1, 6, "unknown event 'typd'; did you mean 'typed'?")
        expectInvalid("send closed\nexpect qeury == \"\"", at: 2, 8, "unknown field 'qeury'; did you mean 'query'?")
        expectInvalid("given queyr \"x\"", at: 1, 7, "unknown field 'queyr'; did you mean 'query'?")
        expectInvalid("expect timers == [pauses]", at: 1, 19, "unknown timer 'pauses'; did you mean 'pause'?")
        expectInvalid(
            "send closed\nexpect search in waitng", at: 2, 18, "unknown state 'waitng' of search; did you mean 'waiting'?")
        expectInvalid("respond hit []", at: 1, 9, "unknown request kind 'hit'; did you mean 'hits'?")
        expectInvalid("send closed\nexpect command chose(1)", at: 2, 16, "unknown 'chose'; did you mean 'choose'?")
        expectInvalid("send teleport", at: 1, 6, "unknown event 'teleport'; expected one of ")
        // A machine with no word of the kind (a chart without events) lists no empty choice.
        #expect(Suggestion.unknown("event", "e", among: []) == "unknown event 'e'; there are none to choose from")
    }

    @Test func validatedValuesOutOfRangeMakeTheScriptInvalid() {
        expectInvalid("send moved(area(point(1001, 0), size(1, 1)))", at: 1, 17, "x 1001.0 is outside")
        expectInvalid("respond hits [hit(\"a\", point(0, -1000.5), \"b\")]", at: 1, 24, "y -1000.5 is outside")
        expectInvalid("given view area(point(-1000.01, 0), size(1, 1))", at: 1, 17, "x")
        // Expectation values are not range-checked.
        #expect(harness.error("expect view.corner != point(1001, 0)") == nil)
    }

    @Test func errorsNameTheFileAndShowTheLine() {
        let error = harness.error("send closed\nsend typed(3)")
        #expect(
            error?.description == """
                test.events:2:12: error: expected a string, found a number
                    send typed(3)
                               ^
                """)
    }

    /// The caret lines up in a terminal: tabs are kept, a combining mark takes no cell and a wide
    /// character two (columns count Unicode scalars).
    @Test func theCaretLinesUpUnderTabsMarksAndWideCharacters() {
        let tabbed = harness.error("\tsend\ttyped(3)")
        #expect(
            tabbed?.description
                == "test.events:1:13: error: expected a string, found a number\n    \tsend\ttyped(3)\n    \t    \t      ^")
        let marked = harness.error("send typed(\"e\u{301}\") 3")
        // 17 scalars before the 3, one of them the accent: 16 cells, after the 4 of the indent.
        #expect(marked?.description.hasSuffix("\n" + String(repeating: " ", count: 4 + 16) + "^") == true)
        let wide = harness.error("send typed(\"東京\") 3")
        // 17 scalars before the 3, two of them wide: 19 cells.
        #expect(wide?.description.hasSuffix("\n" + String(repeating: " ", count: 4 + 19) + "^") == true)
    }
}

/// The parser's nesting limit, as the column arithmetic of the tests needs it.
let parserMaximumDepth = 64
