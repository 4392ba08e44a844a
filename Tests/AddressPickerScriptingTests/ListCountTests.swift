import AddressPicker
import AddressPickerScripting
import MachineAnalysis
import MachineRuntime
import Testing

@testable import EventScripts

/// An expectation on a list field's `count` (`expect results.count == 1`) counts the list where
/// the state keeps it (`StateFields.counters`), without making the list's value: each count must
/// be that of the list the field reads.
@Suite struct ListCountTests {
    let vocabulary = AddressPickerVocabulary()

    @Test func aListFieldsCountIsItsValuesCount() throws {
        let fields = StateFields<AddressPicker>(vocabulary)
        // One counter (or none) per field, by the same position: a field added to one list and not
        // the other would shift every counter after it.
        #expect(fields.counters.count == fields.all.count)
        let counted = fields.all.indices.filter { fields.counters[$0] != nil }
        // Every context field of a list's shape is counted so; the others are read.
        #expect(Set(counted.map { fields.all[$0].name }) == ["completions", "results", "pointsOfInterest"])
        var checked = 0
        var counts = Set<Int>()
        for configuration in [AddressPicker.Configuration(), .samplePolicies] {
            let explorer = AddressPicker.explorer(configuration: configuration)
            var random = SplitMix64(seed: 13)
            var runtime = Runtime(table: explorer.table, state: explorer.initial)
            for move in 0..<1_500 {
                if move % 60 == 0 { runtime = Runtime(table: explorer.table, state: explorer.initial) }
                for step in try runtime.apply(explorer.nextMove(in: runtime, using: &random)) {
                    for index in counted {
                        guard case .list(let elements) = fields.all[index].read(step.after) else {
                            Issue.record("\(fields.all[index].name) is not read as a list")
                            return
                        }
                        #expect(fields.counters[index]?(step.after) == elements.count, "\(fields.all[index].name)")
                        counts.insert(elements.count)
                        checked += 1
                    }
                }
            }
        }
        // Empty lists and lists of elements (the explorer's answers carry one each; the script
        // below has two).
        #expect(counts.contains(0) && counts.contains(1), "\(counts.sorted())")
        #expect(checked > 1_000)
    }

    /// A path's count reads as the list's: what an expectation compares.
    @Test func aPathsCountIsTheListsCount() throws {
        let player = Player(vocabulary: vocabulary)
        let script = """
            machine address-picker
            send searchActivated
            send queryChanged("Apple")
            advance 300ms
            respond completions [completion("Apple Store", "Search Nearby"), completion("Apple Park", "Cupertino")]
            expect completions.count == 2
            expect completions.count != 1
            expect completions.count > 1
            expect results.count == 0
            send completionSelected(1)
            respond places [place("Apple Park", center(37.3349, -122.009), "1 Apple Park Way")]
            expect results.count == 1
            expect results.count == 2
            """
        let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "count.events")
        let (outcome, text) = try player.transcript(of: program)
        guard case .failed(let failures, let expectations) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(failures == 1 && expectations == 6)
        #expect(text.contains("expect results.count == 2\n  expected: 2\n  actual:   1\n"), "\(text)")
    }
}
