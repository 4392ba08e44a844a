import Testing

@testable import SCXML

/// Executable content inside `<onentry>` of a state: `content` begins at line 2, column 24.
func inOnEntry(_ content: String) -> String {
    document("<state id='a'><onentry>\(content)</onentry></state>")
}

/// `content` inside `<state id='a'>`: it begins at line 2, column 15.
func inState(_ content: String) -> String {
    document("<state id='a'>\(content)</state><state id='b'/>")
}

@Suite("SCXML reading: what the null datamodel does not run is refused, named, where it is") struct SCXMLRefusalTests {
    @Test func refusedElementsSayWhy() {
        let cases: [(String, Int, Int, [String])] = [
            (document("<datamodel><data id='x'/></datamodel>"), 2, 1, ["<datamodel>", "null datamodel"]),
            (inState("\n<data id='x'/>"), 3, 1, ["<data>"]),
            (document("<script>x = 1</script>"), 2, 1, ["<script> runs code; the null datamodel runs none"]),
            (inOnEntry("<script/>"), 2, 24, ["<script> runs code"]),
            (inOnEntry("<assign location='x' expr='1'/>"), 2, 24, ["<assign>"]),
            (inOnEntry("<foreach array='a' item='i'/>"), 2, 24, ["<foreach>"]),
            (inState("<invoke type='scxml'/>"), 2, 15, ["<invoke>"]),
            (inState("<finalize/>"), 2, 15, ["<finalize>"]),
            (document("<final id='f'><donedata/></final>"), 2, 15, ["<donedata>"]),
            (inOnEntry("<send event='e'><param name='x' expr='1'/></send>"), 2, 40, ["<param>"]),
            (inOnEntry("<send event='e'><content>x</content></send>"), 2, 40, ["<content>"]),
        ]
        for (text, line, column, fragments) in cases {
            expectError(text, .unsupported, at: line, column, mentioning: fragments)
        }
    }

    @Test func refusedAttributesSayWhy() {
        for attribute in ["eventexpr", "targetexpr", "typeexpr", "delayexpr", "idlocation", "namelist"] {
            expectError(
                inOnEntry("<send event='e' \(attribute)='x'/>"), .unsupported, at: 2, 40, mentioning: ["<send \(attribute)>"])
        }
        expectError(inOnEntry("<cancel sendidexpr='x'/>"), .unsupported, at: 2, 32, mentioning: ["<cancel sendidexpr>"])
        expectError(
            "<scxml datamodel='ecmascript'/>", .unsupported, at: 1, 8,
            mentioning: ["the datamodel 'ecmascript' is not supported: only the null datamodel (SCXML §B.1)"])
        expectError("<scxml version='2.0'/>", .unsupported, at: 1, 8, mentioning: ["'2.0'"])
        expectError("<scxml exmode='lax'/>", .unsupported, at: 1, 8, mentioning: ["'exmode'", "<scxml>"])
        expectError(document("<state id='a' src='x.scxml'/>"), .unsupported, at: 2, 15, mentioning: ["'src'"])
        expectError(
            document("<state id='a' x:y='1' xmlns:x='urn:x'/>"), .unsupported, at: 2, 15, mentioning: ["'x:y'", "urn:x"])
        expectError(document("<state id='a' xml:lang='en'/>"), .unsupported, at: 2, 15, mentioning: ["'xml:lang'"])
    }

    @Test func unknownAndForeignElementsAreRefused() {
        expectError(inState("<foo/>"), .unsupported, at: 2, 15, mentioning: ["<foo>"])
        expectError(inOnEntry("<foo/>"), .unsupported, at: 2, 24, mentioning: ["<foo>"])
        expectError(inState("<x:foo xmlns:x='urn:x'/>"), .unsupported, at: 2, 15, mentioning: ["<x:foo>", "urn:x"])
        expectError(
            inState("<state xmlns='urn:other' id='c'/>"), .unsupported, at: 2, 15, mentioning: ["<state>", "urn:other"])
    }

    @Test func logExpressionsOtherThanALiteralAreRefused() {
        for expression in ["1 + 1", "x", "'a' + 'b'", "'unclosed", "'a'b'", "_event.name", "\"mixed'"] {
            expectError(
                inOnEntry("<log expr=\"\(escaped(expression))\"/>"), .unsupported, at: 2, 29,
                mentioning: ["<log>", SCXMLError.quoted(expression)])
        }
    }

    @Test func conditionsThatNeedADatamodelAreRefused() {
        let refused = [
            "x > 1", "_event.name == 'a'", "foo()", "a & b", "a | b", "a ||", "(a", "a)", "In(s1)", "In('a', 'b')",
            "In('')", "_event", "_x.y", "1", "a == b", "a != b", "a; b", "x = 1", "typeof x", "!", "a && && b",
            "'text'", "In('a' ", "-a", "a ? b : c", "(((((((((((((((((((((((((((((((((a)))))))))))))))))))))))))))))))))",
            String(repeating: "a && ", count: 600) + "a",
        ]
        for expression in refused {
            expectError(
                inState("<transition cond=\"\(escaped(expression))\"/>"), .unsupported, at: 2, 27,
                mentioning: ["the condition \(SCXMLError.quoted(expression))"])
        }
        expectError(inOnEntry("<if cond='x &gt; 1'/>"), .unsupported, at: 2, 28, mentioning: ["'x > 1'"])
        expectError(
            inOnEntry("<if cond='a'><elseif cond='f(a)'/></if>"), .unsupported, at: 2, 45, mentioning: ["'f(a)'", "call"])
    }
}

/// `text` with XML's special characters written as references, for an attribute value.
func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}
