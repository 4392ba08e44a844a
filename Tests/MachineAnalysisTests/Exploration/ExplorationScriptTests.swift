import EventScripts
import MachineAnalysis
import MachineRuntime
import Testing

/// A violation written as a script: it says what broke, replays, passes, and ends with the
/// state that breaks the invariant.
@Suite("Exploration scripts") struct ExplorationScriptTests {
    @Test func aShrunkViolationBecomesAShortScriptThatReplays() throws {
        let explorer = LeakyLookup.explorer(bugs: .leakOnCancel)
        let violation = try #require(explorer.explore(seed: 1, moves: 5_000).violation)
        let shrunk = explorer.shrink(violation)
        let vocabulary = LeakyLookupVocabulary(bugs: .leakOnCancel)
        let script = ExplorationScript.render(shrunk, vocabulary: vocabulary, initial: explorer.initial, header: ["A test."])
        #expect(
            script == """
                # A test.
                # Invariant broken: lookup in flight exactly when phase is loading
                #   a lookup request is in flight while phase is idle
                machine leaky-lookup

                send lookUp
                send cancel
                expect phase == idle
                expect pending == [lookup]
                expect timers == []

                """)
        let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "shrunk.events")
        let replay = try Player(vocabulary: vocabulary).transcript(of: program)
        #expect(replay.outcome == .passed(expectations: 3), "\(replay.text)")
    }

    @Test func theScriptStartsFromTheExplorersInitialContext() throws {
        let vocabulary = LeakyLookupVocabulary(bugs: [])
        let initial = vocabulary.table.initialState(context: LeakyLookup.Context(found: 2))
        let violation = Violation<LeakyLookup>(invariant: "x", message: "y", inputs: [.send(.lookUp)])
        let script = ExplorationScript.render(violation, vocabulary: vocabulary, initial: initial, header: [])
        #expect(script.hasPrefix("# Invariant broken: x\n#   y\nmachine leaky-lookup\ngiven found 2\n\nsend lookUp\n"))
        #expect(script.hasSuffix("expect phase == loading\nexpect pending == [lookup]\nexpect timers == [patience]\n"))
    }

    @Test func aLateAnswerInAScriptNamesItsRequest() throws {
        let vocabulary = LeakyLookupVocabulary(bugs: [])
        let violation = Violation<LeakyLookup>(
            invariant: "x", message: "y",
            inputs: [
                .send(.lookUp), .send(.cancel), .advance(.milliseconds(300)), .respond(.lookup, ordinal: 1, .found(1)),
            ])
        let script = ExplorationScript.render(
            violation, vocabulary: vocabulary, initial: vocabulary.table.initialState(context: .init()),
            header: [])
        #expect(script.contains("send lookUp\nsend cancel\nadvance 300ms\nrespond lookup#1 1\n"))
        #expect(script.hasSuffix("expect phase == idle\nexpect pending == []\nexpect timers == []\n"))
        let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "late.events")
        #expect(try Player(vocabulary: vocabulary).transcript(of: program).outcome == .passed(expectations: 3))
    }
}
