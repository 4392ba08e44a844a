import AddressPicker
import AddressPickerScripting
import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime
import ScriptTestSupport
import Testing

@Suite("Exploring the address picker") struct AddressPickerExplorationTests {
    /// The rows that need a request policy on (R1–R4), by id.
    static let policyRows = Set(AddressPicker.table.rows.map(\.id).filter { $0.hasPrefix("R") })

    /// 100,000 moves with `DEEP_TESTS`, 20,000 without.
    static let moves = TestDepth.count(deep: 100_000, quick: 20_000)

    @Test func randomMovesKeepEveryInvariant() {
        let report = AddressPicker.explorer().explore(seed: 2026, moves: Self.moves)
        #expect(report.violation == nil, "\(report.violation.map { "\($0.invariant): \($0.message)" } ?? "")")
        #expect(report.moves == Self.moves)
        let fired = Set(report.rowHits.indices.filter { report.rowHits[$0] > 0 }.map { AddressPicker.table.rows[$0].id })
        #expect(Self.policyRows.count == 7)
        #expect(
            fired == Set(AddressPicker.table.rows.map(\.id)).subtracting(Self.policyRows),
            "every row fires but those of the request policies, which are off")
        #expect(report.drops > 100 && report.timersFired > 100 && report.requests > 1_000)
    }

    @Test func withTheRequestPoliciesOnRandomMovesKeepEveryInvariantAndFireEveryRow() {
        let report = AddressPicker.explorer(configuration: .samplePolicies).explore(seed: 2026, moves: Self.moves)
        #expect(report.violation == nil, "\(report.violation.map { "\($0.invariant): \($0.message)" } ?? "")")
        #expect(report.moves == Self.moves)
        let silent = report.rowHits.indices.filter { report.rowHits[$0] == 0 }.map { AddressPicker.table.rows[$0].id }
        #expect(silent.isEmpty, "every row fires: \(silent)")
        #expect(report.drops > 100 && report.timersFired > 100 && report.requests > 1_000)
    }

    @Test func everyRequestKindAndTimerIsTiedToTheStateThatWaitsForIt() {
        let names = AddressPicker.invariants.map(\.name)
        for kind in AddressPicker.Request.Kind.allCases {
            #expect(names.contains { $0.hasPrefix("\(kind.name) in flight exactly when ") }, "\(kind.name)")
        }
        for timer in AddressPicker.Timer.allCases {
            #expect(names.contains { $0.hasPrefix("\(timer.name) runs exactly ") }, "\(timer.name)")
        }
    }

    /// An invariant the machine does break (search does show results) stands in for a bug: the
    /// shrunk script is short, replays, passes, and ends in the state that breaks it.
    @Test func aViolationBecomesAShortScriptThatReplays() throws {
        let neverShowsResults = Invariant<AddressPicker>("search never shows results") { observation in
            observation.after.state[AddressPicker.search] == .showingResults ? "search is showingResults" : nil
        }
        var explorer = AddressPicker.explorer()
        explorer = Explorer(
            table: explorer.table, initial: explorer.initial, samples: explorer.samples,
            invariants: AddressPicker.invariants + [neverShowsResults])
        let violation = try #require(explorer.explore(seed: 5, moves: 20_000).violation)
        #expect(violation.invariant == "search never shows results")
        let shrunk = explorer.shrink(violation)
        #expect(shrunk.inputs.count <= 4, "searchActivated, queryChanged, searchSubmitted, respond places: \(shrunk.inputs)")
        #expect(shrunk.inputs.count < violation.inputs.count || violation.inputs.count <= 4)

        let vocabulary = AddressPickerVocabulary()
        let script = ExplorationScript.render(shrunk, vocabulary: vocabulary, initial: explorer.initial, header: ["A test."])
        #expect(
            script.hasPrefix(
                "# A test.\n# Invariant broken: search never shows results\n#   search is showingResults\nmachine address-picker\n"
            ))
        #expect(script.contains("expect search == showingResults\n"))
        let program = try ScriptChecker(vocabulary: vocabulary).check(Array(script.utf8), file: "shrunk.events")
        let replay = try Player(vocabulary: vocabulary).transcript(of: program)
        #expect(replay.outcome.exitCode == 0, "\(replay.text)")
    }

    @Test func aLateAnswerInAScriptNamesItsRequest() throws {
        let violation = Violation<AddressPicker>(
            invariant: "x", message: "y",
            inputs: [
                .send(.searchActivated), .send(.queryChanged("Apple")), .advance(.milliseconds(300)),
                .send(.queryChanged("")), .respond(.completions, ordinal: 1, .completions([])),
            ])
        let script = ExplorationScript.render(
            violation, vocabulary: AddressPickerVocabulary(),
            initial: AddressPicker.initialState(), header: [])
        #expect(script.contains("advance 300ms\nsend queryChanged(\"\")\nrespond completions#1 []\n"))
        #expect(script.hasSuffix("expect pending == []\nexpect timers == []\n"))
    }
}

/// Machines that break a request policy, built from the address picker's regions with rows of
/// their own: each policy invariant catches its bug (so none of them holds vacuously).
@Suite("The request-policy invariants catch a machine that breaks them") struct RequestPolicyInvariantTests {
    typealias A = AddressPicker

    /// The violation that exploring `rows` from the sample policies (changed by `configure`)
    /// finds, checking only the invariant named `name`.
    static func violation(
        _ name: String, rows: [Row<A>], _ configure: (inout A.Context) -> Void = { _ in }
    ) throws -> Violation<A>? {
        let table = TransitionTable<A>(regions: [A.picker, A.location, A.map, A.search, A.poi], rows: rows)
        var context = A.Context(configuration: .samplePolicies)
        configure(&context)
        let invariants = A.invariants.filter { $0.name == name }
        try #require(invariants.count == 1, "\(name) is one of the address picker's invariants")
        let explorer = Explorer(
            table: table, initial: table.initialState(context: context), samples: AddressPickerSamples(),
            invariants: invariants)
        return explorer.explore(seed: 1, moves: 20_000).violation
    }

    /// A map that looks up on every `appeared`, ignoring the interval.
    static let eagerGeocoder: [Row<A>] = [
        Row("lookUpAlways", in: A.map, from: .any, on: .appeared, to: .geocoding) { context, _, out in
            out.request(.reverseGeocode(center: context.region.center))
        },
        Row("resolved", in: A.map, from: [.geocoding], on: .address, to: .idle),
    ]

    /// A search that asks for completions of every query at once, and caches every answer
    /// without a limit.
    static let eagerSearch: [Row<A>] = [
        Row("askAlways", in: A.search, from: .any, on: .queryChanged, to: .loadingCompletions) { context, event, out in
            guard case .queryChanged(let query) = event else { return }
            context.query = query
            out.request(.requestCompletions(query: query))
        },
        Row("cacheAlways", in: A.search, from: [.loadingCompletions], on: .completions, to: .showingCompletions) {
            context, event, _ in
            guard case .completions(let completions) = event else { return }
            context.cachedCompletions.insert(A.CachedCompletions(query: context.query, completions: completions), at: 0)
        },
    ]

    @Test func lookupsTooCloseTogether() throws {
        let violation = try #require(
            try Self.violation(
                "reverseGeocode requests are at least geocodeInterval apart",
                rows: Self.eagerGeocoder))
        #expect(violation.message.contains("after the previous reverseGeocode, geocodeInterval 800ms"), "\(violation.message)")
    }

    @Test func aLookupWithoutItsCooldown() throws {
        let violation = try #require(
            try Self.violation(
                "geocodeCooldown runs exactly while the last reverseGeocode is younger than geocodeInterval",
                rows: Self.eagerGeocoder))
        #expect(violation.message.hasPrefix("geocodeCooldown is not running"), "\(violation.message)")
    }

    @Test func throttledWithoutACooldown() throws {
        let rows = [Row<A>("holdAlways", in: A.map, from: .any, on: .appeared, to: .throttled)]
        let violation = try #require(
            try Self.violation(
                "map is throttled only while geocodeCooldown runs, holding back the reference centre", rows: rows))
        #expect(violation.message == "map is throttled but geocodeCooldown is not running")
    }

    @Test func completionsOfAShortQuery() throws {
        let violation = try #require(
            try Self.violation(
                "completions are requested only for a query of at least minimumQueryLength characters that is not cached",
                rows: Self.eagerSearch))
        #expect(violation.message == "completions were requested for \"Ap\", shorter than minimumQueryLength 3")
    }

    @Test func completionsOfACachedQuery() throws {
        let violation = try #require(
            try Self.violation(
                "completions are requested only for a query of at least minimumQueryLength characters that is not cached",
                rows: Self.eagerSearch
            ) { $0.configuration.minimumQueryLength = 1 })
        #expect(violation.message.hasSuffix(", which the cache holds"), "\(violation.message)")
    }

    @Test func aShortQueryWaitingForCompletions() throws {
        let violation = try #require(
            try Self.violation(
                "search is debouncing or loadingCompletions only for a query of at least minimumQueryLength characters",
                rows: Self.eagerSearch))
        #expect(violation.message == "search is loadingCompletions for \"Ap\", shorter than minimumQueryLength 3")
    }

    @Test func aCacheOverItsCapacity() throws {
        let violation = try #require(
            try Self.violation(
                "the completion cache holds at most completionCache distinct queries", rows: Self.eagerSearch
            ) {
                $0.configuration.minimumQueryLength = 1
                $0.configuration.completionCache = 2
            })
        #expect(violation.message.hasPrefix("the cache holds "), "\(violation.message)")
    }
}
