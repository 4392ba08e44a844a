import MachineCore
import MachineRuntime
import Testing

@testable import MachineTesting

@Suite("MachineTestStore") struct MachineTestStoreTests {
    typealias Store = MachineTestStore<Lookup>

    let apple = Lookup.Match(title: "Apple Store", score: 3)

    func store(_ exhaustivity: Exhaustivity = .on) -> Store {
        Store(table: Lookup.table, context: Lookup.Context(), exhaustivity: exhaustivity)
    }

    /// Types `query` (asserted), leaving the debounce running.
    func type(_ query: String, into store: Store) {
        store.send(.typed(query), emits: [.startTimer(.debounce, .milliseconds(300))]) {
            $0[Lookup.search] = .debouncing
            $0.context.query = query
            $0.work.timers.append(.debounce)
        }
    }

    /// Types `query` and waits out the debounce (asserted): a find request is in flight.
    func search(_ query: String, in store: Store) {
        type(query, into: store)
        store.advance(by: .milliseconds(300), emits: [.request(.find(query: query))]) {
            $0[Lookup.search] = .loading
            $0.work.timers.remove(.debounce)
            $0.work.pending.append(.find)
        }
    }

    // MARK: Exhaustive testing

    /// The documentation's story, verbatim.
    @Test func theDocumentedStoryPasses() {
        let store = MachineTestStore(table: Lookup.table, context: Lookup.Context())
        let apple = Lookup.Match(title: "Apple Store", score: 3)
        store.send(.typed("Apple"), emits: [.startTimer(.debounce, .milliseconds(300))]) {
            $0[Lookup.search] = .debouncing
            $0.context.query = "Apple"
            $0.work.timers.append(.debounce)
        }
        store.advance(by: .milliseconds(300), emits: [.request(.find(query: "Apple"))]) {
            $0[Lookup.search] = .loading
            $0.work.timers.remove(.debounce)
            $0.work.pending.append(.find)
        }
        store.respond(.find, with: .found([apple])) {
            $0[Lookup.search] = .showing
            $0.context.matches = [apple]
            $0.work.pending.remove(.find)
        }
        store.finish()
    }

    /// The documentation's failure for a timer the test forgot, verbatim.
    @Test func forgettingTheWorkLedgerFailsWithTheDocumentedDiff() {
        let store = store()
        let issues = capturingTestIssues {
            store.send(.typed("Apple"), emits: [.startTimer(.debounce, .milliseconds(300))]) {
                $0[Lookup.search] = .debouncing
                $0.context.query = "Apple"
            }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -5,5 +5,5 @@
                   failure: nil
                   debounce: 300ms
                 work:
                -  timers: []
                +  timers: [debounce]
                   pending: []

                """
            ])
        store.finish(allowingRunningTimers: true)
    }

    @Test func aWrongControlStateFailsWithADiff() {
        let store = store()
        let issues = capturingTestIssues {
            store.send(.typed("Apple"), emits: [.startTimer(.debounce, .milliseconds(300))]) {
                $0[Lookup.search] = .loading
                $0.context.query = "Apple"
                $0.work.timers.append(.debounce)
            }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -1,4 +1,4 @@
                -search: loading
                +search: debouncing
                 context:
                   query: "Apple"
                   matches: []

                """
            ])
        store.finish(allowingRunningTimers: true)
    }

    /// A field of the context the test does not mention is compared all the same: no list of
    /// fields can forget one.
    @Test func aContextFieldTheTestForgetsFailsWithItsNestedFields() {
        let store = store()
        search("Apple", in: store)
        let issues = capturingTestIssues {
            store.respond(.find, with: .found([apple])) {
                $0[Lookup.search] = .showing
                $0.work.pending.remove(.find)
            }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -1,7 +1,10 @@
                 search: showing
                 context:
                   query: "Apple"
                -  matches: []
                +  matches:
                +    [0]:
                +      title: "Apple Store"
                +      score: 3
                   failure: nil
                   debounce: 300ms
                 work:

                """
            ])
        store.finish()
    }

    @Test func anUnassertedStateChangeFails() {
        let store = store()
        let issues = capturingTestIssues {
            store.send(.typed("Apple"))
        }
        #expect(issues.count == 1)
        #expect(
            issues.first?.hasPrefix("The state was not expected to change, but it did (− expected, + actual):\n@@") == true)
        store.skipCommands()
        store.finish(allowingRunningTimers: true)
    }

    @Test func statesUnequalButDumpedAlikeStillFail() {
        let store = MachineTestStore(table: Gauge.table, context: Gauge.Context())
        let issues = capturingTestIssues {
            store.send(.set(.nan)) { $0.context.level = .nan }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (the states are unequal but dump the same, as with a custom ==):
                dial: on
                context:
                  level: nan
                work:
                  timers: []
                  pending: []
                """
            ])
        store.finish()
    }

    // MARK: Commands

    @Test func unassertedCommandsFailAtTheNextInputOrAtTheEnd() {
        let store = store()
        store.send(.typed("Apple")) {
            $0[Lookup.search] = .debouncing
            $0.context.query = "Apple"
            $0.work.timers.append(.debounce)
        }
        let atTheNextInput = capturingTestIssues {
            store.send(.cleared) {
                $0[Lookup.search] = .idle
                $0.context.query = ""
                $0.work.timers.remove(.debounce)
            }
        }
        #expect(
            atTheNextInput == [
                """
                The step emitted commands the test did not assert:
                startTimer(debounce, 300ms)
                Assert them with emits: or assertCommands(_:), or skip them with skipCommands().
                """
            ])
        let atTheEnd = capturingTestIssues {
            store.finish()
        }
        #expect(atTheEnd.count == 1)
        #expect(atTheEnd.first?.hasPrefix("The step emitted commands the test did not assert:\ncancelTimer(debounce)\n") == true)
    }

    @Test func assertedAndSkippedCommandsDoNotFail() {
        let store = store()
        store.send(.typed("Apple")) {
            $0[Lookup.search] = .debouncing
            $0.context.query = "Apple"
            $0.work.timers.append(.debounce)
        }
        store.assertCommands([.startTimer(.debounce, .milliseconds(300))])
        store.advance(by: .milliseconds(300)) {
            $0[Lookup.search] = .loading
            $0.work.timers.remove(.debounce)
            $0.work.pending.append(.find)
        }
        store.skipCommands()
        store.finish(allowingPendingRequests: true)
    }

    @Test func wrongCommandsFailWithTheDocumentedDiff() {
        let store = store()
        type("Apples", into: store)
        let issues = capturingTestIssues {
            store.advance(by: .milliseconds(300), emits: [.request(.find(query: "Apple"))]) {
                $0[Lookup.search] = .loading
                $0.work.timers.remove(.debounce)
                $0.work.pending.append(.find)
            }
        }
        #expect(
            issues == [
                """
                The commands differ from the ones asserted (− expected, + actual):
                @@ -1 +1 @@
                -request(find(query: "Apple"))
                +request(find(query: "Apples"))

                """
            ])
        store.finish(allowingPendingRequests: true)
    }

    @Test func outputsShowTheirPayload() {
        let store = store()
        search("Apple", in: store)
        store.respond(.find, with: .found([apple])) {
            $0[Lookup.search] = .showing
            $0.context.matches = [apple]
            $0.work.pending.remove(.find)
        }
        let issues = capturingTestIssues {
            store.send(.picked(0), emits: [])
        }
        #expect(
            issues == [
                """
                The commands differ from the ones asserted (− expected, + actual):
                @@ -0,0 +1 @@
                +output(show(Match(title: "Apple Store", score: 3)))

                """
            ])
        store.finish()
    }

    // MARK: Work left running

    @Test func workLeftRunningFailsWithTheDocumentedList() {
        let store = store()
        search("Apple", in: store)
        type("Apples", into: store)
        let issues = capturingTestIssues {
            store.finish()
        }
        #expect(
            issues == [
                """
                The test ended with work still running:
                  • request find#1 find(query: "Apple") is still in flight
                  • timer debounce is still running (due at 600ms)
                Answer, cancel or advance past it, or finish(allowingPendingRequests:allowingRunningTimers:).
                """
            ])
    }

    @Test func finishAllowsWhatItIsTold() {
        let store = store()
        search("Apple", in: store)
        type("Apples", into: store)
        store.finish(allowingPendingRequests: true, allowingRunningTimers: true)
    }

    // MARK: Inputs

    @Test func theRuntimeRefusingAnInputFailsAndChangesNothing() {
        let store = store()
        let issues = capturingTestIssues {
            store.respond(.find, with: .found([]))
        }
        #expect(issues == ["The runtime refused the input: no find request is in flight"])
        #expect(store.state == Lookup.table.initialState(context: Lookup.Context()))
        store.finish()
    }

    @Test func aLateAnswerIsDroppedAndChangesNothing() {
        let store = store()
        search("Apple", in: store)
        type("Apples", into: store)
        store.advance(by: .milliseconds(300), emits: [.cancel(.find), .request(.find(query: "Apples"))]) {
            $0[Lookup.search] = .loading
            $0.work.timers.remove(.debounce)
        }
        let steps = store.respond(.find, 1, with: .found([apple]))
        #expect(steps.count == 1)
        #expect(steps.first?.result == nil)
        store.fail(.find, with: .failed(.server(code: 503))) {
            $0[Lookup.search] = .idle
            $0.context.failure = .server(code: 503)
            $0.work.pending.remove(.find)
        }
        store.finish()
    }

    @Test func failRefusesAnAnswerThatIsNotAFailure() {
        let store = store()
        search("Apple", in: store)
        let issues = capturingTestIssues {
            store.fail(.find, with: .found([]))
        }
        #expect(issues == ["found is not a failure (see isFailure); answer with respond(_:_:with:) instead"])
        #expect(store.runtime.pendingRequests.count == 1)
        store.finish(allowingPendingRequests: true)
    }

    @Test func everyInputGoesThroughPerform() {
        let store = store()
        store.perform(.send(.typed("Apple")), emits: [.startTimer(.debounce, .milliseconds(300))]) {
            $0[Lookup.search] = .debouncing
            $0.context.query = "Apple"
            $0.work.timers.append(.debounce)
        }
        store.perform(.advance(.milliseconds(300)), emits: [.request(.find(query: "Apple"))]) {
            $0[Lookup.search] = .loading
            $0.work.timers.remove(.debounce)
            $0.work.pending.append(.find)
        }
        store.perform(.respond(.find, ordinal: 1, .found([apple])), emits: []) {
            $0[Lookup.search] = .showing
            $0.context.matches = [apple]
            $0.work.pending.remove(.find)
        }
        store.finish()
    }

    @Test func theCoverageCountsTheRowsFired() {
        let store = store()
        search("Apple", in: store)
        store.fail(.find, with: .failed(.offline)) {
            $0[Lookup.search] = .idle
            $0.context.failure = .offline
            $0.work.pending.remove(.find)
        }
        store.finish()
        let fired = Lookup.table.rows.indices.filter { store.coverage.rowHits[$0] > 0 }.map { Lookup.table.rows[$0].id }
        #expect(fired == ["type", "find", "fail"])
        let issues = capturingTestIssues {
            assertRowCoverage(store.coverage)
        }
        #expect(issues.count == 1)
        #expect(issues.allSatisfy { $0.contains("• show") && $0.contains("• clear") })
    }

    // MARK: Non-exhaustive testing

    @Test func nonExhaustiveChecksOnlyWhatIsAsserted() {
        let store = store(.off(showSkipped: false))
        store.send(.typed("Apple"))
        store.advance(by: .milliseconds(300)) { $0[Lookup.search] = .loading }
        let issues = capturingTestIssues {
            store.send(.typed("Pear")) { $0.context.query = "Peach" }
        }
        #expect(
            issues == [
                """
                The state differs from what the test asserted (− expected, + actual):
                @@ -1,6 +1,6 @@
                 search: debouncing
                 context:
                -  query: "Peach"
                +  query: "Pear"
                   matches: []
                   failure: nil
                   debounce: 300ms

                """
            ])
        store.finish()
    }

    @Test func nonExhaustiveShowsWhatItSkipped() {
        let store = store(.off(showSkipped: true))
        let skipped = capturingTestIssues {
            store.send(.typed("Apple")) { $0[Lookup.search] = .debouncing }
            store.finish()
        }
        #expect(
            skipped == [
                """
                Skipped assertions of the state (− asserted, + actual):
                @@ -1,9 +1,9 @@
                 search: debouncing
                 context:
                -  query: ""
                +  query: "Apple"
                   matches: []
                   failure: nil
                   debounce: 300ms
                 work:
                -  timers: []
                +  timers: [debounce]
                   pending: []

                """,
                """
                Skipped: The step emitted commands the test did not assert:
                startTimer(debounce, 300ms)
                Assert them with emits: or assertCommands(_:), or skip them with skipCommands().
                """,
                """
                Skipped: The test ended with work still running:
                  • timer debounce is still running (due at 300ms)
                Answer, cancel or advance past it, or finish(allowingPendingRequests:allowingRunningTimers:).
                """,
            ])
    }
}

/// A one-state machine whose context holds a number, to show a state unequal to itself (NaN).
enum Gauge: MachineDefinition {
    struct Context: Equatable, Sendable { var level = 0.0 }

    enum Event: MachineEvent, Equatable {
        case set(Double)
        enum Kind: Int, IndexedCase { case set }
        var kind: Kind { .set }
    }

    enum Dial: Int, ControlState { case on }
    static let dial = Region<Dial>("dial", index: 0, initial: .on)

    static let table = TransitionTable<Gauge>(
        regions: [dial],
        rows: [
            Row("set", in: dial, from: [.on], on: .set) { context, event, _ in
                if case .set(let level) = event { context.level = level }
            }
        ])
}
