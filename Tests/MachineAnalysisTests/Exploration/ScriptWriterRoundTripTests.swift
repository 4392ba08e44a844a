import EventScripts
import MachineRuntime
import Testing

@testable import MachineAnalysis

/// Every input the explorer can produce, written by the one script writer, parses and checks
/// back to the same input: what covering paths, exploration scripts and recordings write replays.
@Suite("Script writer round trip") struct ScriptWriterRoundTripTests {
    @Test func everyExplorerInputReadsBackAsItself() throws {
        let explorer = LeakyLookup.explorer(bugs: [])
        let vocabulary = LeakyLookupVocabulary(bugs: [])
        let writer = ScriptWriter(vocabulary: vocabulary)
        let checker = ScriptChecker(vocabulary: vocabulary)
        var random = SplitMix64(seed: 11)
        var runtime = Runtime(table: explorer.table, state: explorer.initial)
        var kinds = Set<String>()
        for _ in 0..<20_000 {
            let input = explorer.nextMove(in: runtime, using: &random)
            let text = writer.statement(input)
            kinds.insert(String(text.prefix { $0 != " " }) + (text.contains("#") ? "#" : ""))
            let program = try checker.check(Array(text.utf8), file: "round-trip.events")
            guard program.instructions().count == 1, case .input(let read) = program.instructions()[0].kind else {
                Issue.record("'\(text)' did not read back as one input")
                return
            }
            #expect(read == input, "'\(text)' read back as \(read)")
            _ = try? runtime.apply(input)
            if runtime.requests.count > 500 { runtime = Runtime(table: explorer.table, state: explorer.initial) }
        }
        // Every form was written: send, advance, respond and fail, with and without a number.
        #expect(kinds == ["send", "advance", "respond", "respond#", "fail", "fail#"])
    }

    @Test func theGivensOfAContextSetItUp() throws {
        let vocabulary = LeakyLookupVocabulary(bugs: [])
        let context = LeakyLookup.Context(found: 3)
        let givens = ScriptWriter(vocabulary: vocabulary).givens(for: context)
        #expect(givens == ["given found 3"])
        let program = try ScriptChecker(vocabulary: vocabulary).check(
            Array(givens.joined(separator: "\n").utf8), file: "g.events")
        #expect(program.initialState.context == context)
        #expect(ScriptWriter(vocabulary: vocabulary).givens(for: vocabulary.initialContext).isEmpty)
    }

    @Test func statementsOfEachForm() {
        let writer = ScriptWriter(vocabulary: LeakyLookupVocabulary(bugs: []))
        #expect(writer.statement(.send(.lookUp)) == "send lookUp")
        #expect(writer.statement(.advance(.milliseconds(1500))) == "advance 1500ms")
        #expect(writer.statement(.respond(.lookup, ordinal: nil, .found(2))) == "respond lookup 2")
        #expect(writer.statement(.respond(.lookup, ordinal: 3, .found(2))) == "respond lookup#3 2")
        #expect(writer.statement(.respond(.lookup, ordinal: 2, .failed)) == "fail lookup#2")
    }
}
