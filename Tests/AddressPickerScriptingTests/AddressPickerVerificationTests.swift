import AddressPicker
import AddressPickerScripting
import MachineAnalysis
import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// Verification of the address picker with a planted race: search submitted (C2) without
/// cancelling the completions request in flight, whose answer may then come while the search
/// runs.
@Suite("Verifying the address picker") struct AddressPickerVerificationTests {
    typealias A = AddressPicker

    /// The picker's table with C2 cancelling the debounce and the places request, but not the
    /// completions request.
    static let racingTable: TransitionTable<A> = {
        let submit = Row<A>(
            "C2.submit", in: A.search, from: [.active], on: .searchSubmitted,
            when: Guard("hasQuery") { state, _ in !state.context.query.isEmpty }, to: .searching, internal: true
        ) { context, _, out in
            out.cancelTimer(.searchDebounce)
            out.cancel(.places)
            out.request(.searchPlaces(.text(context.query, region: context.region)))
        }
        let rows = A.table.rows.map { $0.id == "C2.submit" ? submit : $0 }
        return TransitionTable(regions: [A.picker, A.location, A.map, A.search, A.poi], rows: rows)
    }()

    /// The search box's inputs only (the samples bound the space, and a test must be quick):
    /// activate, type, submit, cancel, and the picker's answers to every request.
    struct SearchSamples: InputSamples {
        typealias Machine = A
        let all = AddressPickerSamples()

        var events: [A.Event] { [.searchActivated, .queryChanged("Apple"), .searchSubmitted, .searchCancelled] }

        func answers(to request: A.Request) -> [A.Event] { all.answers(to: request) }
    }

    /// The shortest counterexample: activate, type, wait out the debounce (completions are
    /// asked for), submit.
    @Test func theRaceIsFoundAsTheShortestCounterexample() throws {
        let initial = A.initialState()
        let found = try #require(
            counterexample(in: Self.racingTable, from: initial, samples: SearchSamples(), invariants: A.invariants, depth: 5))
        #expect(found.invariant == "completions in flight exactly when search is loadingCompletions and holds no request")
        #expect(
            found.inputs == [
                .send(.searchActivated), .send(.queryChanged("Apple")), .advance(.milliseconds(300)), .send(.searchSubmitted),
            ])
    }

    /// Random exploration finds the same race in a longer sequence, and shrinks it, here to the
    /// shortest (from seed 1 it takes 115 moves, shrunk to 5: shrinking gives no guarantee).
    @Test func exploringFindsTheRaceInALongerSequence() throws {
        let explorer = Explorer(
            table: Self.racingTable, initial: A.initialState(), samples: AddressPickerSamples(includingOutOfRangeIndexes: true),
            invariants: Invariant.standard + A.invariants)
        let explored = try #require(explorer.explore(seed: 10, moves: 20_000).violation)
        let shrunk = explorer.shrink(explored)
        #expect(shrunk.invariant == "completions in flight exactly when search is loadingCompletions and holds no request")
        #expect(explored.inputs.count == 22)
        #expect(shrunk.inputs.count == 4, "as short as breadth first's: \(shrunk.inputs)")
    }

    @Test func theRealTableVerifiesToTheSameDepth() {
        assertVerifies(AddressPickerVocabulary(), samples: SearchSamples(), invariants: A.invariants, depth: 5)
    }
}
