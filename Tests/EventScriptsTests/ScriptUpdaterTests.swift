import EventScripts
import ScriptFiles
import ScriptTestSupport
import Testing

/// Updates `source` as a search-box script; returns the updated text and the update.
func update(_ source: String) throws -> (text: String, update: ScriptUpdate) {
    let update = try ScriptUpdater(vocabulary: SearchBoxVocabulary()).update(Array(source.utf8), file: "test.events")
    return (String(decoding: update.updated, as: UTF8.self), update)
}

@Suite("replay --update: filling and rewriting expectations") struct ScriptUpdaterTests {
    @Test func aBareExpectIsFilledWithWhatItsInputDid() throws {
        let (text, update) = try update(
            """
            send typed("Apple")
            expect
            advance 300ms
            expect
            respond hits [hit("Apple Store", point(1, 2), tag(colour: "red", name: "a"))]
            expect
            advance 10ms
            expect

            """)
        #expect(
            text == """
                send typed("Apple")
                expect search == waiting
                expect query == "Apple"
                expect timers == [pause]
                expect commands [startTimer(pause, 300ms)]
                advance 300ms
                expect search == loading
                expect searches == 1
                expect pending == [hits]
                expect timers == []
                expect commands [find("Apple", area(point(0.0, 0.0), size(10.0, 10.0)))]
                respond hits [hit("Apple Store", point(1, 2), tag(colour: "red", name: "a"))]
                expect search == showing
                expect hits == [hit("Apple Store", point(1.0, 2.0), tag(name: "a", colour: "red"))]
                expect pending == []
                expect commands []
                advance 10ms
                expect ignored

                """)
        #expect(update.rewrites == 4)
        #expect(update.outcome == .passed(expectations: 14))
    }

    @Test func aLateAnswerIsFilledAsDroppedAndIgnored() throws {
        let (text, _) = try update("send typed(\"A\")\nadvance 300ms\nsend typed(\"B\")\nrespond hits#1 []\nexpect\n")
        #expect(text.hasSuffix("respond hits#1 []\nexpect dropped hits#1\nexpect ignored\n"))
    }

    @Test func failingEqualitiesAndCommandListsAreRewrittenAndPassingOnesStay() throws {
        let (text, update) = try update(
            """
            machine search-box
            # a comment that stays
            send typed("Apple")   # so does this one
            expect  search ==   idle   # and this
            expect query == "Apple"
            expect commands [ ]
            expect searches ~= 3
            """)
        #expect(
            text == """
                machine search-box
                # a comment that stays
                send typed("Apple")   # so does this one
                expect  search ==   waiting   # and this
                expect query == "Apple"
                expect commands [startTimer(pause, 300ms)]
                expect searches ~= 0
                """)
        #expect(update.rewrites == 3)
        #expect(update.outcome == .passed(expectations: 4))
    }

    @Test func comparisonsThatNameNoValueStayAndStillFail() throws {
        let source = """
            send typed("Apple")
            expect query != "Apple"
            expect searches > 0
            expect command cancel(hits)
            expect ignored
            expect hits[0].title == "x"
            """
        let (text, update) = try update(source)
        #expect(text == source)
        #expect(!update.changesScript)
        #expect(update.diff(from: "a/test.events", to: "b/test.events") == nil)
        #expect(update.outcome == .failed(failures: 5, expectations: 5))
        #expect(update.failures.map(\.location.line) == [2, 3, 4, 5, 6])
    }

    @Test func crLfLineBreaksAndIndentationAreKept() throws {
        let (text, _) = try update("send typed(\"A\")\r\n  \texpect # fill me\r\nexpect search == idle\r\n")
        #expect(
            text
                == "send typed(\"A\")\r\n  \texpect search == waiting\r\n  \texpect query == \"A\"\r\n  \texpect timers == [pause]\r\n"
                + "  \texpect commands [startTimer(pause, 300ms)] # fill me\r\nexpect search == waiting\r\n")
    }

    @Test func aBareExpectLeavesOutWhatTheExpectationsBeforeItAssert() throws {
        let (text, update) = try update(
            "send typed(\"A\")\nexpect search == waiting\nexpect query ~= \"B\"\nexpect commands []\nexpect\n"
                + "advance 300ms\nexpect timers.count == 0\nexpect\n")
        #expect(
            text == """
                send typed("A")
                expect search == waiting
                expect query ~= "A"
                expect commands [startTimer(pause, 300ms)]
                expect timers == [pause]
                advance 300ms
                expect timers.count == 0
                expect search == loading
                expect searches == 1
                expect pending == [hits]
                expect timers == []
                expect commands [find("A", area(point(0.0, 0.0), size(10.0, 10.0)))]

                """)
        #expect(update.outcome == .passed(expectations: 10))
    }

    @Test func aLastLineWithoutALineBreakTakesTheFilesBreak() throws {
        let (text, _) = try update("send closed\r\nexpect")
        #expect(text == "send closed\r\nexpect panel == closed\r\nexpect commands []")
    }

    @Test func theDiffShowsEachChangeWithItsContext() throws {
        let (_, update) = try update("machine search-box\nsend typed(\"A\")\nexpect search == idle\nexpect query == \"A\"\n")
        #expect(
            update.diff(from: "a/x.events", to: "b/x.events") == """
                --- a/x.events
                +++ b/x.events
                @@ -1,4 +1,4 @@
                 machine search-box
                 send typed("A")
                -expect search == idle
                +expect search == waiting
                 expect query == "A"

                """)
    }

    @Test func withoutUpdateABareExpectFailsAndShowsWhatItWouldBe() {
        let (outcome, transcript) = harness.replay("send closed\nexpect\n")
        #expect(outcome == .failed(failures: 1, expectations: 1))
        #expect(
            transcript.contains(
                """
                FAILED 2:1 expect
                  expected: the expectations of line 1 (replay --update writes them)
                  actual:   expect panel == closed; expect commands []
                """))
    }

    @Test func aBareExpectBeforeAnyInputIsInvalid() {
        expectInvalid("machine search-box\nexpect\n", at: 2, 1, "'expect' needs an earlier send, advance, respond or fail")
    }

    @Test func anInvalidScriptHasNoUpdate() {
        #expect(throws: ScriptError.self) { try update("send typed(\"A\")\nexpect\nsend dance\n") }
        #expect(throws: ScriptError.self) { try update("send typed(\"A\")\nexpect\nrespond hits []\n") }
    }

    @Test func aSmallNumberIsWrittenWithoutAnExponent() throws {
        // Swift prints 0.00001 as 1e-05, which the lexer cannot read: the update writes decimals.
        let source = "given view area(point(0.00001, 0), size(1, 1))\nsend closed\nexpect view.corner.x == 1.0\nexpect\n"
        let (text, update) = try update(source)
        #expect(
            text
                == source.replacingOccurrences(
                    of: "== 1.0\nexpect\n", with: "== 0.00001\nexpect panel == closed\nexpect commands []\n"))
        #expect(update.outcome == .passed(expectations: 3))
    }
}

@Suite("Where statements end") struct StatementEndTests {
    @Test func aStatementEndsAtItsLastTokenBeforeAnyComment() throws {
        let statements = try ScriptSource.parse(
            Array("expect query == \"é\"  # note\n  expect\nrespond hits#2 []\n".utf8), file: "t")
        #expect(
            statements.map(\.end) == [
                ScriptLocation(line: 1, column: 20), ScriptLocation(line: 2, column: 9),
                ScriptLocation(line: 3, column: 18),
            ])
        guard case .expectPlaceholder = statements[1].kind else {
            Issue.record("a bare expect is a placeholder: \(statements[1].kind)")
            return
        }
        #expect(statements[1].location == ScriptLocation(line: 2, column: 3))
    }
}
