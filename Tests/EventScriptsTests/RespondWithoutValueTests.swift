import EventScripts
import MachineCore
import ScriptTestSupport
import Testing

/// `respond KIND` for an answer that carries nothing, read and written the same way: the kettle's
/// `heat` is answered by `heated` (no value), its `measure` by `measured(degrees)` (one value).
@Suite("respond without a value") struct RespondWithoutValueTests {
    let vocabulary = KettleVocabulary()

    let harness = ScriptHarness(KettleVocabulary())

    @Test func theParserReadsNoValueAndWhereTheStatementEnds() throws {
        let statements = try ScriptSource.parse(
            Array("respond heat\nrespond heat#2   # later\nrespond measure 97".utf8), file: "t.events")
        guard case .respond(let request, nil, let end) = statements[0].kind else {
            Issue.record("expected respond without a value, got \(statements[0].kind)")
            return
        }
        #expect(request.kind == "heat" && request.ordinal == nil)
        #expect(end == ScriptLocation(line: 1, column: 13))
        guard case .respond(let numbered, nil, let commentEnd) = statements[1].kind else {
            Issue.record("expected respond without a value, got \(statements[1].kind)")
            return
        }
        #expect(numbered.ordinal == 2)
        #expect(commentEnd == ScriptLocation(line: 2, column: 18))
        guard case .respond(_, let value?, _) = statements[2].kind, case .number(97, isWhole: true) = value.form else {
            Issue.record("expected respond with 97, got \(statements[2].kind)")
            return
        }
    }

    @Test func anAnswerWithoutValueReplaysAndIsWrittenAsItIsRead() throws {
        let checked = try harness.program("send switchedOn\nrespond heat\nexpect power == measuring\nexpect boils == 1")
        var sink = TextTranscript(output: "")
        let outcome = try Player(vocabulary: vocabulary).play(checked, into: &sink)
        #expect(outcome == .passed(expectations: 2))
        #expect(sink.output.contains("@0ms respond heat#1\n  fired   heated\n"), "\(sink.output)")
        #expect(ScriptWriter(vocabulary: vocabulary).answer("heat", .heated) == "respond heat")
    }

    @Test func aMissingValueIsAnErrorWhereTheStatementEnds() {
        let missing = harness.error("send switchedOn\nrespond heat\nrespond measure")
        #expect(missing?.message == "expected a value after 'respond measure': its answer carries a whole number")
        #expect(missing?.location == ScriptLocation(line: 3, column: 16))
        let beforeComment = harness.error("send switchedOn\nrespond heat\nrespond measure#1  # soon")
        #expect(beforeComment?.location == ScriptLocation(line: 3, column: 20))
    }

    @Test func aValueForAnAnswerThatCarriesNoneIsAnErrorAtTheValue() {
        let extra = harness.error("send switchedOn\nrespond heat 3")
        #expect(extra?.message == "the answer to heat carries no value; write 'respond heat'")
        #expect(extra?.location == ScriptLocation(line: 2, column: 14))
        #expect(harness.error("send switchedOn\nrespond heat()")?.location == ScriptLocation(line: 2, column: 9))
    }

    @Test func oneValueIsWrittenAfterTheKind() throws {
        let checked = try harness.program("send switchedOn\nrespond heat\nrespond measure 97")
        let writer = ScriptWriter(vocabulary: vocabulary)
        let last = checked.instructions().compactMap { instruction -> String? in
            if case .input(let input) = instruction.kind { writer.statement(input) } else { nil }
        }.last
        #expect(last == "respond measure 97")
        #expect(
            harness.error("send switchedOn\nrespond heat\nrespond measure \"hot\"")?.message
                == "expected a whole number, found the string \"hot\"")
        // Parentheses right after the kind hold the arguments of an answer of several values.
        let called = harness.error("send switchedOn\nrespond heat\nrespond measure(97)")
        #expect(called?.message == "expected a whole number, found 'measure(…)'")
        #expect(called?.location == ScriptLocation(line: 3, column: 9))
    }

    @Test func failuresTakeAnOptionalMessage() throws {
        let checked = try harness.program(
            "send switchedOn\nfail heat \"no water\"\nexpect note == \"no water\"\nsend switchedOn\nfail heat\nexpect note == nil"
        )
        #expect(try Player(vocabulary: vocabulary).transcript(of: checked).outcome == .passed(expectations: 2))
    }
}
