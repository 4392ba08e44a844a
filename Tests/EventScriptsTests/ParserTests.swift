import AddressPicker
import AddressPickerScripting
import EventScripts
import Testing

@Suite("Script syntax") struct ParserTests {
    func statements(_ source: String) throws -> [Statement] {
        try ScriptSource.parse(Array(source.utf8), file: "t.events")
    }

    @Test func blankLinesAndCommentsAreIgnored() throws {
        let parsed = try statements("\n# a comment\n   \n\tsend appeared # trailing comment\n")
        #expect(parsed.count == 1)
        #expect(parsed[0].location == EventScripts.ScriptLocation(line: 4, column: 2))
    }

    @Test func lineBreaksAreLFCRLFOrALoneCR() throws {
        let parsed = try statements("send appeared\rsend searchActivated\r\n\r\nsend locateMeTapped\nsend alertDismissed")
        #expect(parsed.map(\.location.line) == [1, 2, 4, 5])
        expectInvalid("send appeared\r\rsend teleport\r", at: 3, 6, "unknown event 'teleport'")
    }

    @Test func aScriptWithNoStatementIsInvalid() {
        expectInvalid("", at: 1, 1, "holds no statement")
        expectInvalid("# only a comment\r\n\n  \t\n", at: 1, 1, "holds no statement")
        #expect(scriptError("machine address-picker\n") == nil)
        #expect(scriptError("given query \"x\"\n") == nil)
    }

    @Test func aHashInsideAStringIsNotAComment() throws {
        let checked = try program("send searchActivated\nsend queryChanged(\"#1 # not a comment\")\nexpect query == \"#1 # not a comment\"")
        #expect(checked.instructions.count == 3)
    }

    @Test func stringEscapes() {
        let (outcome, _) = replay(#"""
            send searchActivated
            send queryChanged("a \"quoted\" \\ back\nslash\ttab \u{1F600} é")
            expect query == "a \"quoted\" \\ back\nslash\ttab 😀 é"
            """#)
        #expect(outcome == .passed(expectations: 1))
    }

    @Test func numbersAndDurations() throws {
        let checked = try program("""
            given duplicateDistance 25
            given searchDebounce 1.5s
            given regionDebounce 2min
            advance 300ms
            advance 0.5ms
            """)
        #expect(checked.initialState.context.configuration.searchDebounce == .milliseconds(1500))
        #expect(checked.initialState.context.configuration.regionDebounce == .seconds(120))
        #expect(checked.initialState.context.configuration.duplicateDistance == 25)
        guard case .input(.advance(let half)) = checked.instructions[1].kind else {
            Issue.record("expected an advance")
            return
        }
        #expect(half == .microseconds(500))
    }

    @Test func machineNamesMayHaveDashes() throws {
        _ = try program("machine address-picker\nsend appeared")
    }

    @Test func labelsAreOptionalButMustNameTheirPosition() {
        let (outcome, _) = replay("""
            given region region(center: center(latitude: 1.0, longitude: 2.0), span: span(0.1, longitudeDelta: 0.1))
            expect region == region(center(1, 2), span(0.1, 0.1))
            send regionChanged(region: region(center(1, 3), span(1, 1)), byUser: false)
            expect region.center.longitude == 3
            """)
        #expect(outcome == .passed(expectations: 2))
        expectInvalid("send regionChanged(byUser: true)", at: 1, 20, "argument 1 of 'regionChanged' is 'region:'")
    }

    @Test func addressLabelsComeInAnyOrderAndPlacesTakeAStreet() {
        let (outcome, _) = replay("""
            given results [place("A", center(1, 1), address(country: "X", city: "Y")), place("B", center(2, 2), "Main St")]
            expect results[0].address == address(city: "Y", country: "X")
            expect results[1].address.street == "Main St"
            expect results[1].address.city == nil
            expect results[0].address.formatted == "Y, X"
            """)
        #expect(outcome == .passed(expectations: 4))
    }

    @Test func respondPlacesWithABoundingRegionAndANumber() {
        let (outcome, _) = replay("""
            send searchActivated
            send queryChanged("x")
            send searchSubmitted
            send searchSubmitted
            respond places#1(region(center(1, 1), span(1, 1)), [place("Old", center(1, 1), "a")])
            expect dropped places#1
            respond places(region: region(center(2, 2), span(3, 3)), places: [place("New", center(2, 2), "b")])
            expect region == region(center(2, 2), span(3, 3))
            """)
        #expect(outcome == .passed(expectations: 2))
    }

    @Test func everyComparison() {
        let (outcome, _) = replay("""
            expect query == ""
            expect query != "x"
            expect region.center ~= center(40.70005, -74.00005)
            expect completions.count < 1
            expect completions.count <= 0
            expect region.span.latitudeDelta > 0.07
            expect region.span.latitudeDelta >= 0.075
            expect region == region(center(40.7, -74.0), span(0.075, 0.075))
            expect address == nil
            """)
        #expect(outcome == .passed(expectations: 9))
    }
}

@Suite("Script errors name their line and column") struct ScriptErrorTests {
    @Test func lexicalErrors() {
        expectInvalid("send queryChanged(\"open", at: 1, 19, "unterminated string")
        expectInvalid("send queryChanged(\"a\\qb\")", at: 1, 21, "unknown escape")
        expectInvalid("send queryChanged(\"\\u{110000}\")", at: 1, 20, "hexadecimal digits")
        expectInvalid("advance 300hours", at: 1, 12, "unknown duration unit 'hours'")
        expectInvalid("send appeared @", at: 1, 15, "unexpected character '@'")
        expectInvalid("expect query = \"x\"", at: 1, 14, "expected '=='")
        expectInvalid("send queryChanged(\"é\") $", at: 1, 24, "unexpected character")
    }

    @Test func syntaxErrors() {
        expectInvalid("\n\nteleport home", at: 3, 1, "unknown statement 'teleport'")
        expectInvalid("send", at: 1, 5, "expected a value, found the end of the line")
        expectInvalid("send queryChanged(\"a\" \"b\")", at: 1, 23, "expected ',' or ')'")
        expectInvalid("given completions [completion(\"a\", \"b\") completion(\"c\", \"d\")]", at: 1, 41, "expected ',' or ']'")
        expectInvalid("send appeared extra", at: 1, 15, "expected the end of the statement")
        expectInvalid("expect query", at: 1, 13, "expected a comparison")
        expectInvalid("expect completions[x] == nil", at: 1, 20, "whole-number index")
        expectInvalid("respond", at: 1, 8, "expected a request kind")
        expectInvalid("fail address 42", at: 1, 14, "expected a message string")
    }

    @Test func requestReferences() {
        expectInvalid("respond completions#0 []", at: 1, 9, "positive whole number")
        expectInvalid("respond completions#-2 []", at: 1, 9, "positive whole number")
        expectInvalid("respond completions#1.5 []", at: 1, 9, "positive whole number")
        expectInvalid("respond coffee#1 []", at: 1, 9, "unknown request kind 'coffee'")
        expectInvalid("expect dropped completions", at: 1, 16, "with its number")
        // `#x` after a kind is a comment, which leaves the statement without its value.
        expectInvalid("respond completions#x []", at: 1, 20, "expected a value")
    }

    @Test func hostileInput() {
        expectInvalid("send appeared\nsend \u{0}", at: 2, 6, "NUL byte")
        let invalidUTF8: [UInt8] = Array("send queryChanged(\"".utf8) + [0xC3, 0x28] + Array("\")".utf8)
        do {
            _ = try ScriptChecker(vocabulary: AddressPickerVocabulary()).program(from: invalidUTF8, file: "bad.events")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.location == EventScripts.ScriptLocation(line: 1, column: 20))
            #expect(error.message.contains("invalid UTF-8"))
            #expect(error.file == "bad.events")
        }
        let deep = "given completions " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        expectInvalid(deep, at: 1, 19 + Parser_maximumDepth, "nest more than")
        let long = "send queryChanged(\"" + String(repeating: "x", count: 10_000_000) + "\")"
        expectInvalid(long, at: 1, ScriptSource.maximumLineLength, "longer than")
    }

    @Test func vocabularyErrors() {
        expectInvalid("machine vending-machine", at: 1, 1, "unknown machine 'vending-machine'; expected address-picker")
        expectInvalid("send appeared\nmachine address-picker", at: 2, 1, "'machine' must be the first statement")
        expectInvalid("send appeared\ngiven query \"x\"", at: 2, 1, "'given' must come before")
        expectInvalid("given mood \"happy\"", at: 1, 7, "unknown field 'mood'")
        expectInvalid("given pending [address]", at: 1, 7, "kept by the runtime")
        expectInvalid("given map settling", at: 1, 7, "is a region")
        expectInvalid("send teleport", at: 1, 6, "unknown event 'teleport'")
        expectInvalid("send regionDebounceElapsed", at: 1, 6, "fired by a timer")
        expectInvalid("send completions([])", at: 1, 6, "answers a request")
        expectInvalid("send queryChanged(3)", at: 1, 19, "expected a string, found a number")
        expectInvalid("send completionSelected(1.5)", at: 1, 25, "whole number")
        expectInvalid("send queryChanged(\"a\", \"b\")", at: 1, 24, "too many arguments")
        expectInvalid("send regionChanged(region(center(1, 2)))", at: 1, 20, "missing argument 'span:'")
        expectInvalid("given address address(town: \"X\")", at: 1, 23, "'address' has no parameter 'town'")
        expectInvalid("given address address(\"X\")", at: 1, 23, "every argument of 'address' is labelled")
        expectInvalid("given address address(city: \"X\", city: \"Y\")", at: 1, 34, "given twice")
        expectInvalid("expect search == denied", at: 1, 18, "unknown search state 'denied'")
        expectInvalid("expect query == 3", at: 1, 17, "expected a string")
        expectInvalid("expect query < \"b\"", at: 1, 1, "compares numbers")
        expectInvalid("expect address.town == nil", at: 1, 16, "has no part 'town'")
        expectInvalid("expect query[0] == nil", at: 1, 13, "is not a list")
        expectInvalid("expect command dismissSearch", at: 1, 1, "needs an earlier send")
        expectInvalid("send appeared\nexpect command teleport", at: 2, 16, "unknown 'teleport'")
        expectInvalid("send appeared\nexpect command searchPlaces(1, 2, 3)", at: 2, 35, "too many arguments")
        expectInvalid("send appeared\nexpect command searchPlaces(1)", at: 2, 29, "expected completion(title:, subtitle:)")
        expectInvalid("advance -5ms", at: 1, 9, "not negative")
        expectInvalid("advance 5", at: 1, 9, "expected a duration")
        expectInvalid("respond authorization maybe", at: 1, 23, "unknown authorization 'maybe'")
    }

    @Test func outOfRangeCoordinatesMakeTheScriptInvalid() {
        expectInvalid("send regionChanged(region(center(91, 0), span(1, 1)))", at: 1, 27, "latitude 91.0 is outside")
        expectInvalid("respond location center(0, -180.5)", at: 1, 18, "longitude -180.5 is outside")
        expectInvalid("given region region(center(-90.01, 0), span(1, 1))", at: 1, 21, "latitude")
        // Expectation values are not range-checked.
        #expect(scriptError("expect region.center != center(91, 0)") == nil)
    }

    @Test func errorsNameTheFileAndShowTheLine() {
        let error = scriptError("send appeared\nsend queryChanged(3)")
        #expect(error?.description == """
            test.events:2:19: error: expected a string, found a number
                send queryChanged(3)
                                  ^
            """)
    }
}

/// The parser's nesting limit, as the column arithmetic of the tests needs it.
let Parser_maximumDepth = 64
