import Testing

@testable import EventScripts

/// Script values compare strings by their Unicode scalars, with no normalisation: a transcript
/// must show a change from "é" precomposed to "e" with a combining accent, which Swift's `==`
/// takes as equal.
@Suite("Value equality") struct ValueEqualityTests {
    @Test func stringsAreEqualOnlyWhenTheirScalarsAre() {
        #expect("e\u{301}" == "\u{E9}")
        #expect(Value.string("e\u{301}") != Value.string("\u{E9}"))
        #expect(Value.string("Apple") == Value.string(String("Apple".reversed().reversed())))
        #expect(Value.list([.string("e\u{301}")]) != Value.list([.string("\u{E9}")]))
        #expect(ValueShape<String>.string.encode("e\u{301}") != ValueShape<String>.string.encode("\u{E9}"))
    }

    @Test func aValueIsWrittenAsItReadsBack() {
        #expect(Value.number(1e16).description == "10000000000000000.0")
        #expect(Value.number(1e-7).description == "0.0000001")
        #expect(Value.string("a\"b\\c\n").description == #""a\"b\\c\n""#)
        // Control characters as `\u{…}`; characters beyond ASCII as they are, whatever their bytes.
        #expect(Value.string("\t\u{1}\u{7F}é😀e\u{301}").description == #""\t\u{1}\u{7F}é😀e\#u{301}""#)
        #expect(Value.list([.string("é"), .integer(-3), .bool(false), .null]).description == #"["é", -3, false, nil]"#)
        #expect(Value.duration(.milliseconds(1500)).description == "1500ms")
        #expect(
            Value.constructed(
                "address", [.init("street", .string("Main St"), showsLabel: true), .init("city", .null, showsLabel: true)]
            )
            .description == #"address(street: "Main St")"#)
    }
}

/// A repeated line is checked once (the checker's memo); lines that differ only in how a
/// character is composed are different lines.
@Suite("Repeated lines") struct RepeatedLineTests {
    @Test func linesThatDifferOnlyInCompositionAreCheckedApart() {
        let precomposed = "send typed(\"\u{E9}\")\nexpect query == \"\u{E9}\"\n"
        let decomposed = "send typed(\"e\u{301}\")\nexpect query == \"e\u{301}\"\n"
        let (outcome, transcript) = harness.replay(precomposed + decomposed + precomposed)
        #expect(outcome == .passed(expectations: 3), "\(transcript)")
    }
}

@Suite("Duration text") struct DurationTextTests {
    @Test(arguments: [
        (Duration.seconds(30), "30s"), (.seconds(120), "2min"), (.seconds(90), "90s"), (.milliseconds(1500), "1500ms"),
        (.milliseconds(300), "300ms"), (.zero, "0ms"), (.microseconds(500), "0.5ms"), (.seconds(3_600), "60min"),
    ])
    func aDurationIsWrittenInTheLargestUnitThatHoldsItWhole(_ duration: Duration, _ text: String) throws {
        #expect(Value.duration(duration).description == text)
        let script = try harness.program("given pause \(text)\n")
        #expect(script.givens.first?.value == .duration(duration))
    }

    @Test func momentsOnTheClockAreInMilliseconds() {
        #expect(Value.milliseconds(.seconds(30)) == "30000ms")
        #expect(Value.milliseconds(.microseconds(1500)) == "1.5ms")
    }
}
