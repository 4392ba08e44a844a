import AddressPicker
import AddressPickerScripting
import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

/// A transcript's changes come from code of the vocabulary's own: the picker's context is compared
/// once a step (`changedFields(from:to:into:)`), where a transcript would otherwise ask each
/// field's `differs`, and the changed values are written by their shapes' `render`, without their
/// `Value`. Each must say what the fields' `differs` and `read` say.
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

    /// Random exploration of the picker, with the request policies off and on: `body` gets the
    /// steps of each move (a fresh runtime every 60 moves).
    func exploreMoves(seed: UInt64, moves: Int, _ body: ([RuntimeStep<AddressPicker>]) throws -> Void) throws {
        for configuration in [AddressPicker.Configuration(), .samplePolicies] {
            let explorer = AddressPicker.explorer(configuration: configuration)
            var random = SplitMix64(seed: seed)
            var runtime = Runtime(table: explorer.table, state: explorer.initial)
            for move in 0..<moves {
                if move % 60 == 0 { runtime = Runtime(table: explorer.table, state: explorer.initial) }
                try body(try runtime.apply(explorer.nextMove(in: runtime, using: &random)))
            }
        }
    }

    /// Contexts the picker reaches over random exploration.
    func exploredContexts() throws -> [AddressPicker.Context] {
        var contexts: [AddressPicker.Context] = []
        try exploreMoves(seed: 7, moves: 3_000) { steps in contexts += steps.map(\.after.context) }
        return contexts
    }

    /// "café" with a precomposed "é" and with "e" and a combining accent: equal for Swift's `==`,
    /// different values for scripts, so a transcript must show the change from one to the other.
    @Test func canonicallyEquivalentStringsAreAChange() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        func place(_ name: String) -> Place {
            Place(name: name, center: Coordinate(clampingLatitude: 1, longitude: 2), address: Address(city: name))
        }
        let settings: [(String, (inout AddressPicker.Context, String) -> Void)] = [
            ("query", { $0.query = $1 }),
            ("category", { $0.category = $1 }),
            ("completionsQuery", { $0.completionsQuery = $1 }),
            ("completions", { $0.completions = [Completion(title: $1, subtitle: "")] }),
            ("results", { $0.results = [place($1)] }),
            ("pointsOfInterest", { $0.pointsOfInterest = [place($1)] }),
            ("address", { $0.address = Address(street: $1) }),
            ("cachedQueries", { $0.cachedCompletions = [.init(query: $1, completions: [])] }),
        ]
        for (name, set) in settings {
            var before = AddressPicker.Context()
            set(&before, composed)
            var after = before
            set(&after, decomposed)
            let position = try #require(vocabulary.fields.firstIndex { $0.name == name })
            #expect(differing(before, after) == [position], "\(name): the field's differs")
            #expect(changed(before, after) == [position], "\(name): changedFields")
            #expect(differing(before, before).isEmpty && changed(before, before).isEmpty, "\(name): no change")
        }
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

    /// A field that did not change holds the same storage before and after a step, and is the
    /// same without a look at its contents; the same value in storage of its own is the same
    /// too, by its contents.
    @Test func aValueIsTheSameInItsOwnStorageOrInAnother() {
        // Built at run time, so that each is storage of its own.
        func text(_ parts: [String]) -> String { parts.joined(separator: " ") }
        let street = text(["103", "Prince", "Street,", "New", "York"])
        var before = AddressPicker.Context()
        before.query = text(["a", "query", "longer", "than", "fifteen", "bytes"])
        before.address = Address(street: street, city: text(["New", "York"]))
        var shared = before
        shared.resultsMovedMap.toggle()
        var rebuilt = before
        rebuilt.query = text(["a", "query", "longer", "than", "fifteen", "bytes"])
        rebuilt.address = Address(street: text(["103", "Prince", "Street,", "New", "York"]), city: text(["New", "York"]))
        var other = rebuilt
        other.address = Address(street: street, city: text(["New", "York,", "NY"]))
        other.query = text(["a", "query", "longer", "than", "fifteen", "byteS"])
        let position = { (name: String) in self.vocabulary.fields.firstIndex { $0.name == name } ?? -1 }
        for (after, expected) in [
            (shared, [position("resultsMovedMap")]), (rebuilt, []), (other, [position("query"), position("address")]),
        ] {
            #expect(changed(before, after) == expected)
            #expect(differing(before, after) == expected)
        }
    }

    @Test func eachFieldIsFoundAtItsOwnPosition() throws {
        let contexts = try exploredContexts()
        let initial = vocabulary.initialContext
        var settings = AddressPicker.Context()
        settings.configuration = .samplePolicies
        settings.configuration.searchDebounce = .milliseconds(123)
        settings.configuration.regionDebounce = .milliseconds(456)
        settings.configuration.duplicateDistance = 42
        settings.configuration.locationSpan = try Span(latitudeDelta: 0.5, longitudeDelta: 0.25)
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

    /// Keeps the steps a transcript receives.
    struct Steps: TranscriptSink {
        var steps: [TranscriptStep] = []
        mutating func write(_ entry: TranscriptEntry) {
            if case .step(let step) = entry { steps.append(step) }
        }
    }

    @Test func eachChangedValueIsWrittenAsItsValueDescribesItself() throws {
        let player = Player(vocabulary: vocabulary)
        var checked = 0
        var names = Set<String>()
        try exploreMoves(seed: 11, moves: 2_000) { steps in
            var sink = Steps()
            player.transcribe(steps, into: &sink)
            for (step, written) in zip(steps, sink.steps) {
                for change in written.stateChanges + written.fieldChanges {
                    guard let field = player.fields[change.name] else {
                        Issue.record("no field \(change.name)")
                        return
                    }
                    let old = field.read(step.before).description
                    let new = field.read(step.after).description
                    // By bytes: transcripts are compared byte for byte, and `!=` on
                    // strings takes canonically equivalent text as equal.
                    if !change.old.utf8.elementsEqual(old.utf8) || !change.new.utf8.elementsEqual(new.utf8) {
                        Issue.record("\(change.name): written \(change.old) → \(change.new), values \(old) → \(new)")
                        return
                    }
                    names.insert(change.name)
                    checked += 1
                }
            }
        }
        #expect(checked > 2_000)
        // Every kind of value the picker holds: regions, places, addresses, centres, lists, names.
        #expect(
            names.isSuperset(of: [
                "search", "region", "query", "completions", "pointsOfInterest", "address", "referenceCenter", "pending", "timers",
            ]), "\(names.sorted())")
    }
}
