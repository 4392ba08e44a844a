import AddressPicker
import MachineCore
import MachineTesting
import Testing

/// The README's "Exhaustive assertions" example and its failure message, verbatim: the one test
/// of the store with the address picker.
@Suite struct ReadmeStoreExampleTests {
    @Test func theReadmeExamplePassesAndItsFailureReadsAsShown() {
        let store = MachineTestStore(table: AddressPicker.table, state: AddressPicker.initialState())
        store.send(.searchActivated) {
            $0[AddressPicker.search] = .editing
            $0.context.searchOrigin = $0.context.region
        }
        store.send(.queryChanged("Apple"), emits: [.startTimer(.searchDebounce, .milliseconds(300))]) {
            $0[AddressPicker.search] = .debouncing
            $0.context.query = "Apple"
            $0.work.timers.append(.searchDebounce)
        }
        store.advance(by: .milliseconds(300)) {
            $0[AddressPicker.search] = .loadingCompletions
            $0.work.timers.remove(.searchDebounce)
            $0.work.pending.append(.completions)
        }
        store.assertCommands([.request(.requestCompletions(query: "Apple"))])
        store.fail(.completions, with: .completionsFailed("offline")) {
            $0[AddressPicker.search] = .showingCompletions
            $0.context.error = .completionsFailed
            $0.work.pending.remove(.completions)
        }
        store.finish()  // requests in flight or timers running would fail the test here

        let failing = MachineTestStore(table: AddressPicker.table, state: AddressPicker.initialState())
        let issues = capturingTestIssues {
            failing.send(.searchActivated) {
                $0[AddressPicker.search] = .debouncing
                $0.context.searchOrigin = $0.context.region
            }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -1,7 +1,7 @@
                 picker: picking
                 location: idle
                 map: idle
                -search: debouncing (in active)
                +search: editing (in active)
                 poi: off
                 context:
                   region:

                """
            ])
        failing.finish()
    }
}
