import AddressPicker
import AddressPickerScripting
import EventScripts
import MachineCore
import MachineExploration
import MachineRuntime
import Testing

/// The vocabulary compares the picker's context once a step, in code of its own
/// (`changedFields(from:to:into:)`), where a transcript would otherwise ask each field's
/// `differs`: the two must say the same, field for field and in order.
@Suite struct ChangedFieldsTests {
    let vocabulary = AddressPickerVocabulary()

    /// The fields that differ as their own closures say.
    func differing(_ before: AddressPicker.Context, _ after: AddressPicker.Context) -> [Int] {
        vocabulary.fields.indices.filter { vocabulary.fields[$0].differs(before, after) }
    }

    func changed(_ before: AddressPicker.Context, _ after: AddressPicker.Context) -> [Int] {
        var changed: [Int] = []
        vocabulary.changedFields(from: before, to: after, into: &changed)
        return changed
    }

    /// Contexts the picker reaches over random exploration, with the request policies off and on.
    func exploredContexts() throws -> [AddressPicker.Context] {
        var contexts: [AddressPicker.Context] = []
        for configuration in [AddressPicker.Configuration(), .samplePolicies] {
            let explorer = AddressPicker.explorer(configuration: configuration)
            var random = SplitMix64(seed: 7)
            var runtime = Runtime(table: explorer.table, state: explorer.initial)
            for move in 0..<3_000 {
                if move % 60 == 0 { runtime = Runtime(table: explorer.table, state: explorer.initial) }
                for step in try runtime.apply(explorer.nextMove(in: runtime, using: &random)) {
                    contexts.append(step.after.context)
                }
            }
        }
        return contexts
    }

    @Test func everyStepsChangesAreTheFieldsOwn() throws {
        let contexts = try exploredContexts()
        var seen = Set<Int>()
        var compared = 0
        // Each context against the next (a step) and against one further back.
        for index in contexts.indices.dropFirst(7) {
            for earlier in [contexts[index - 1], contexts[index - 7]] {
                let expected = differing(earlier, contexts[index])
                let actual = changed(earlier, contexts[index])
                if actual != expected {
                    Issue.record("context \(index): changedFields says \(actual), the fields say \(expected)")
                    return
                }
                seen.formUnion(actual)
                compared += 1
            }
        }
        // The exploration changes most fields (the settings stay as given).
        #expect(seen.count >= 15, "\(seen.sorted())")
        #expect(compared > 1_000)
    }

    @Test func eachFieldIsFoundAtItsOwnPosition() throws {
        let contexts = try exploredContexts()
        let initial = vocabulary.initialContext
        var settings = AddressPicker.Context()
        settings.configuration = .samplePolicies
        settings.configuration.searchDebounce = .milliseconds(123)
        settings.configuration.regionDebounce = .milliseconds(456)
        settings.configuration.duplicateDistance = 42
        settings.configuration.locationSpan = Span(latitudeDelta: 0.5, longitudeDelta: 0.25)
        var checked = 0
        for (position, field) in vocabulary.fields.enumerated() {
            // A value of this field other than the initial one, from a context that has one.
            guard let write = field.write,
                let other = (contexts + [settings]).first(where: { field.differs(initial, $0) })
            else { continue }
            var context = initial
            try write(&context, field.read(other))
            #expect(changed(initial, context) == [position], "\(field.name)")
            #expect(differing(initial, context) == [position], "\(field.name)")
            checked += 1
        }
        // Every field but the cache (which scripts cannot set) is settable.
        #expect(checked == vocabulary.fields.count - 1)
    }
}
