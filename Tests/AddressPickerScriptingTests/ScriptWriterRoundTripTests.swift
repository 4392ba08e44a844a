import AddressPicker
import AddressPickerScripting
import EventScripts
import MachineRuntime
import Testing

@testable import MachineAnalysis

/// Every input the explorer can produce, written by the one script writer, parses and checks
/// back to the same input: what covering paths, exploration scripts and recordings write replays.
@Suite("Script writer round trip") struct ScriptWriterRoundTripTests {
    @Test(arguments: [AddressPicker.Configuration(), .samplePolicies])
    func everyExplorerInputReadsBackAsItself(_ configuration: AddressPicker.Configuration) throws {
        let explorer = AddressPicker.explorer(configuration: configuration)
        let vocabulary = AddressPickerVocabulary()
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
        let vocabulary = AddressPickerVocabulary()
        let context = AddressPicker.Context(configuration: .samplePolicies)
        let givens = ScriptWriter(vocabulary: vocabulary).givens(for: context)
        #expect(
            givens == [
                "given minimumQueryLength 3", "given completionCache 1", "given geocodeInterval 800ms",
                "given requestInterval 800ms",
            ])
        let program = try ScriptChecker(vocabulary: vocabulary).check(
            Array(givens.joined(separator: "\n").utf8), file: "g.events")
        #expect(program.initialState.context == context)
        #expect(ScriptWriter(vocabulary: vocabulary).givens(for: vocabulary.initialContext).isEmpty)
    }
}
