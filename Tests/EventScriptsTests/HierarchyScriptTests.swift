import EventScripts
import ScriptFiles
import ScriptTestSupport
import Testing

/// Scripts of the nested lamp, checked and replayed.
let lamp = ScriptHarness(LampVocabulary())

@Suite("expect REGION in STATE on a nested machine") struct HierarchyScriptTests {
    @Test func inHoldsForTheLeafAndEachOfItsAncestors() {
        let (outcome, transcript) = lamp.replay(
            """
            machine lamp
            expect light in off
            send toggle
            send brighten
            expect light == warm
            expect light in warm
            expect light in bright
            expect light in on
            send soften
            expect light in on
            expect light == dim

            """)
        #expect(outcome == .passed(expectations: 7), "\(transcript)")
    }

    @Test func aFailingInNamesTheLeafAndItsAncestors() {
        let (outcome, transcript) = lamp.replay(
            """
            send toggle
            send brighten
            send tint
            expect light in dim
            send toggle
            expect light in on

            """)
        #expect(outcome == .failed(failures: 2, expectations: 2))
        #expect(
            transcript.contains(
                """
                FAILED 4:1 expect light in dim
                  expected: dim or a state inside it
                  actual:   cool (in bright, on)
                """), "\(transcript)")
        #expect(
            transcript.contains(
                """
                FAILED 6:1 expect light in on
                  expected: on or a state inside it
                  actual:   off (in no compound state)
                """), "\(transcript)")
    }

    @Test func inParsesWithAnyLayout() throws {
        let program = try lamp.program("expect   light\tin   bright # a comment\n")
        guard case .expectIn(let region, let state)? = program.instructions().first?.kind else {
            Issue.record("expected an 'in' expectation, got \(program.instructions())")
            return
        }
        #expect(region == 0)
        #expect(LampVocabulary().table.regions[region].states[state] == "bright")
    }

    @Test func inNeedsARegionAndOneOfItsStates() {
        if let problem = lamp.mismatch("expect flips in on", at: 1, 8, "'flips' is not a region; expected one of light") {
            Issue.record(Comment(rawValue: problem))
        }
        if let problem = lamp.mismatch("expect light.count in on", at: 1, 8, "is not a region") {
            Issue.record(Comment(rawValue: problem))
        }
        if let problem = lamp.mismatch(
            "expect light in dark", at: 1, 17,
            "unknown state 'dark' of light; expected one of off, on, dim, bright, warm, cool")
        {
            Issue.record(Comment(rawValue: problem))
        }
        if let problem = lamp.mismatch("expect light in", at: 1, 16, "expected a state's name after 'in'") {
            Issue.record(Comment(rawValue: problem))
        }
        if let problem = lamp.mismatch("expect light in on off", at: 1, 20, "expected the end of the statement") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func anEqualityWithACompoundStateIsRejectedForIn() {
        if let problem = lamp.mismatch(
            "send toggle\nexpect light == on", at: 2, 17,
            "'on' is a compound state: light is always in one of its leaves; write 'expect light in on'")
        {
            Issue.record(Comment(rawValue: problem))
        }
        if let problem = lamp.mismatch("expect light != bright", at: 1, 17, "'bright' is a compound state") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func updateLeavesAFailingInAsWrittenAndRewritesALeafEquality() throws {
        let source = """
            send toggle
            expect light in bright
            expect light == cool

            """
        let update = try ScriptUpdater(vocabulary: LampVocabulary()).update(Array(source.utf8), file: "test.events")
        #expect(
            String(decoding: update.updated, as: UTF8.self) == """
                send toggle
                expect light in bright
                expect light == dim

                """)
        #expect(update.rewrites == 1)
        #expect(update.outcome == .failed(failures: 1, expectations: 2))
    }

    @Test func aBareExpectIsFilledWithTheLeaf() throws {
        let source = "send toggle\nexpect\n"
        let update = try ScriptUpdater(vocabulary: LampVocabulary()).update(Array(source.utf8), file: "test.events")
        #expect(
            String(decoding: update.updated, as: UTF8.self) == """
                send toggle
                expect light == dim
                expect flips == 1
                expect commands []

                """)
        #expect(update.outcome == .passed(expectations: 3))
    }
}
