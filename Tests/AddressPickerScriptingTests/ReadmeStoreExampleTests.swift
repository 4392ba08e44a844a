import AddressPicker
import Foundation
import MachineCore
import MachineTesting
import Testing

/// The store's example with the address picker, as README.md ("A test that asserts every
/// change"), the MachineTesting article "Testing a machine" and the AddressPicker article
/// "Getting started" show it, and its failure message as the testing article shows it: the
/// documents hold the strings below, and the same code runs here.
@Suite struct ReadmeStoreExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    static let example = """
        @Test func completionsFailOffline() {
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
        }
        """

    static let failure = """
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

    @Test(
        "The documents show the example",
        arguments: [
            "README.md", "Sources/MachineTesting/MachineTesting.docc/Testing.md",
            "Sources/AddressPicker/AddressPicker.docc/GettingStarted.md",
        ])
    func theDocumentShowsTheExample(_ path: String) throws {
        #expect(try Self.text(path).contains("import Testing\n\n\(Self.example)\n```"), "\(path) shows another store example")
    }

    @Test func theTestingArticleShowsTheFailure() throws {
        #expect(
            try Self.text("Sources/MachineTesting/MachineTesting.docc/Testing.md").contains("```\n\(Self.failure)```"),
            "the testing article shows another failure message")
    }

    @Test func theExamplePassesAndItsFailureReadsAsShown() {
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
        #expect(issues == [Self.failure])
        failing.finish()
    }
}
