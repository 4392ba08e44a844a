import AddressPicker
import AddressPickerScripting
import MachineAnalysis
import MachineCore
import MachineRuntime
import MachineTesting
import Testing

@testable import Geocoders

/// `verify` holds the picker to each service's rules: the real table keeps them, and a table
/// with a planted violation is caught, with the shortest counterexample.
@Suite struct UsageRulesVerificationTests {
    typealias A = AddressPicker

    /// The picker as Nominatim's rules configure it.
    static let nominatim = A.initialState(A.Context(configuration: UsageRules.nominatim.configuration()))
    static let nominatimInvariants = UsageRules.nominatim.invariants(service: "Nominatim")

    /// The map appearing (a lookup), the search box, and the answers to every request.
    struct Samples: InputSamples {
        typealias Machine = A
        let all = AddressPickerSamples()

        var events: [A.Event] {
            [.appeared, .searchActivated, .queryChanged("Apple"), .queryChanged("Pear"), .searchSubmitted]
        }

        func answers(to request: A.Request) -> [A.Event] { all.answers(to: request) }
    }

    /// The picker's table with one row replaced.
    static func table(replacing row: Row<A>) -> TransitionTable<A> {
        TransitionTable(
            regions: [A.picker, A.location, A.map, A.search, A.poi], rows: A.table.rows.map { $0.id == row.id ? row : $0 })
    }

    @Test func theRealTableKeepsNominatimsRules() {
        let found = counterexample(
            in: A.table, from: Self.nominatim, samples: Samples(), invariants: A.invariants + Self.nominatimInvariants, depth: 6)
        #expect(found == nil, "\(String(describing: found))")
    }

    /// Planted: submitting searches at once, not waiting for the cooldown (R4).
    @Test func aSearchThatDoesNotWaitIsCaught() throws {
        let submit = Row<A>(
            "C2.submit", in: A.search, from: [.active], on: .searchSubmitted,
            when: Guard("hasQuery") { state, _ in !state.context.query.isEmpty }, to: .searching, internal: true
        ) { context, _, out in
            out.cancelTimer(.searchDebounce)
            out.cancel(.places)
            out.request(.searchPlaces(.text(context.query, region: context.region)))
        }
        let found = try #require(
            counterexample(
                in: Self.table(replacing: submit), from: Self.nominatim, samples: Samples(),
                invariants: Self.nominatimInvariants, depth: 5))
        #expect(found.invariant == "no two Nominatim requests less than 1 s apart")
        #expect(found.message == "places#1 went to Nominatim 0 ms after address#1")
        #expect(
            found.inputs == [.send(.appeared), .send(.searchActivated), .send(.queryChanged("Apple")), .send(.searchSubmitted)])
    }

    /// Planted: a query asks for completions however long it is (R1 ignored).
    @Test func completionsFromAServiceThatForbidsThemAreCaught() throws {
        let type = Row<A>(
            "R1.shortQuery", in: A.search, from: [.active], on: .queryChanged,
            when: Guard("editsShortQuery") { state, event in
                guard case .queryChanged(let query) = event else { return false }
                return !query.isEmpty && query != state.context.query
            }, to: .debouncing, internal: true
        ) { context, event, out in
            guard case .queryChanged(let query) = event else { return }
            context.query = query
            out.startTimer(.searchDebounce, after: context.configuration.searchDebounce)
        }
        let found = try #require(
            counterexample(
                in: Self.table(replacing: type), from: Self.nominatim, samples: Samples(),
                invariants: Self.nominatimInvariants, depth: 5))
        #expect(found.invariant == "no completions request to Nominatim, whose rules forbid autocomplete")
        #expect(found.message == #"completions were requested for "Apple" from Nominatim"#)
    }

    /// Planted: typing leaves the last search's results on screen.
    @Test func resultsOfAnotherQueryAreCaught() throws {
        let type = Row<A>(
            "S4.type", in: A.search, from: [.active], on: .queryChanged,
            when: Guard("editsQuery") { state, event in
                guard case .queryChanged(let query) = event else { return false }
                return !query.isEmpty && query != state.context.query
            }, to: .debouncing, internal: true
        ) { context, event, out in
            guard case .queryChanged(let query) = event else { return }
            out.cancel(.completions)
            out.cancel(.places)
            context.query = query
            out.startTimer(.searchDebounce, after: context.configuration.searchDebounce)
        }
        let found = try #require(
            counterexample(
                in: Self.table(replacing: type), from: A.initialState(), samples: Samples(), invariants: A.invariants, depth: 6))
        #expect(found.invariant == "completions and results on screen answer the current query")
        #expect(found.message.hasPrefix(#"the results of "Apple" are shown for the query "Pear""#))
    }

    @Test func thePlantedTablesAreTheOnlyDifference() {
        // The real table, from the same start, with the same samples, breaks nothing the planted ones break.
        let found = counterexample(in: A.table, from: A.initialState(), samples: Samples(), invariants: A.invariants, depth: 6)
        #expect(found == nil, "\(String(describing: found))")
    }
}
