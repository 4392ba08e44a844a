import AddressPicker
import AddressPickerScripting
import EventScripts
import MachineCore
@testable import MachineTesting
import Testing

typealias Store = MachineTestStore<AddressPickerVocabulary>

@Suite("MachineTestStore") struct MachineTestStoreTests {
    func store(_ exhaustivity: Exhaustivity = .on) -> Store {
        Store(vocabulary: AddressPickerVocabulary(), exhaustivity: exhaustivity)
    }

    func comment(of issue: Issue) -> String {
        issue.comments.map(\.rawValue).joined(separator: "\n")
    }

    @Test func anExhaustiveStoryPasses() {
        let store = store()
        store.send(.searchActivated) {
            $0[AddressPicker.search] = .editing
            $0.context.searchOrigin = $0.context.region
        }
        store.send(.queryChanged("Apple"), emits: [.startTimer(.searchDebounce, .milliseconds(300))]) {
            $0[AddressPicker.search] = .debouncing
            $0.context.query = "Apple"
        }
        store.advance(by: .milliseconds(300)) {
            $0[AddressPicker.search] = .loadingCompletions
        }
        store.assertCommands([.request(.requestCompletions(query: "Apple"))])
        store.respond(.completions, with: .completions([Completion(title: "Apple Store", subtitle: "Search Nearby")])) {
            $0[AddressPicker.search] = .showingCompletions
            $0.context.completions = [Completion(title: "Apple Store", subtitle: "Search Nearby")]
            $0.context.completionsQuery = "Apple"
        }
        store.finish()
    }

    @Test func aWrongStateAssertionFailsWithADiff() {
        let store = store()
        withKnownIssue {
            store.send(.searchActivated) {
                $0[AddressPicker.search] = .debouncing
                $0.context.searchOrigin = $0.context.region
            }
        } matching: { issue in
            let text = comment(of: issue)
            return text.contains("The state changed differently than asserted")
                && text.contains("-search: debouncing") && text.contains("+search: editing")
        }
        store.finish()
    }

    @Test func anUnassertedStateChangeFails() {
        let store = store()
        withKnownIssue {
            store.send(.searchActivated)
        } matching: { issue in
            comment(of: issue).contains("The state was not expected to change, but it did")
        }
        store.finish()
    }

    @Test func unassertedCommandsFailAtTheNextInputOrAtTheEnd() {
        let store = store()
        store.send(.searchActivated) {
            $0[AddressPicker.search] = .editing
            $0.context.searchOrigin = $0.context.region
        }
        store.send(.queryChanged("A")) {
            $0[AddressPicker.search] = .debouncing
            $0.context.query = "A"
        }
        withKnownIssue {
            store.send(.queryChanged("")) {
                $0[AddressPicker.search] = .editing
                $0.context.query = ""
            }
        } matching: { issue in
            comment(of: issue).contains("The step emitted commands the test did not assert:\nstartTimer(searchDebounce, 300ms)")
        }
        withKnownIssue {
            store.finish()
        } matching: { issue in
            comment(of: issue).contains("cancelTimer(searchDebounce)")
        }
    }

    @Test func skippedCommandsDoNotFail() {
        let store = store()
        store.send(.appeared) {
            $0[AddressPicker.map] = .geocoding
            $0.context.referenceCenter = $0.context.region.center
            $0.context.lookupSource = .mapCenter
        }
        store.skipCommands()
        store.finish(allowingPendingRequests: true)
    }

    @Test func wrongCommandsFailWithADiff() {
        let store = store()
        withKnownIssue {
            store.send(.locateMeTapped, emits: [.request(.requestLocation)]) {
                $0[AddressPicker.location] = .awaitingAuthorization
            }
        } matching: { issue in
            let text = comment(of: issue)
            return text.contains("-requestLocation") && text.contains("+requestAuthorization")
        }
        store.finish(allowingPendingRequests: true)
    }

    @Test func workLeftRunningFailsTheTest() throws {
        let store = store()
        let moved = MapRegion(center: try Coordinate(latitude: 41, longitude: -74), span: Span(latitudeDelta: 1, longitudeDelta: 1))
        store.send(.regionChanged(moved, byUser: true), emits: [.startTimer(.regionDebounce, .milliseconds(500))]) {
            $0[AddressPicker.map] = .settling
            $0.context.region = moved
        }
        store.send(.categoryTapped("cafe")) {
            $0[AddressPicker.poi] = .loading
            $0.context.category = "cafe"
        }
        store.skipCommands()
        withKnownIssue {
            store.finish()
        } matching: { issue in
            let text = comment(of: issue)
            return text.contains("request pointsOfInterest#1") && text.contains("timer regionDebounce is still running (due at 500ms)")
        }
    }

    @Test func theRuntimeRefusingAnInputFails() {
        let store = store()
        withKnownIssue {
            store.respond(.address, with: .address(Address(city: "X")))
        } matching: { issue in
            comment(of: issue).contains("no address request is in flight")
        }
        store.finish()
    }

    @Test func aLateAnswerIsDroppedAndChangesNothing() {
        let store = store()
        store.send(.appeared) {
            $0[AddressPicker.map] = .geocoding
            $0.context.referenceCenter = $0.context.region.center
            $0.context.lookupSource = .mapCenter
        }
        store.skipCommands()
        store.send(.appeared)
        store.skipCommands()
        let steps = store.respond(.address, 1, with: .address(Address(city: "Late")))
        #expect(steps.count == 1)
        store.fail(.address, message: "offline") {
            $0[AddressPicker.map] = .idle
            $0.context.referenceCenter = nil
            $0.context.lookupSource = nil
            $0.context.error = .geocodingFailed
        }
        store.finish()
    }

    @Test func nonExhaustiveChecksOnlyWhatIsAsserted() {
        let store = store(.off(showSkipped: false))
        store.send(.searchActivated)
        store.send(.queryChanged("Apple")) { $0.context.query = "Apple" }
        store.advance(by: .milliseconds(300)) { $0[AddressPicker.search] = .loadingCompletions }
        withKnownIssue {
            store.send(.queryChanged("Pear")) { $0.context.query = "Peach" }
        } matching: { issue in
            comment(of: issue).contains("The state differs from what the test asserted")
        }
        store.finish()
    }

    @Test func nonExhaustiveShowsWhatItSkipped() {
        let store = store(.off(showSkipped: true))
        var skipped: [String] = []
        store.reportSkipped = { message, _ in skipped.append(message) }
        store.send(.searchActivated)
        store.send(.queryChanged("Apple")) {
            $0[AddressPicker.search] = .debouncing
            $0.context.query = "Apple"
            $0.context.searchOrigin = $0.context.region
        }
        store.finish()
        #expect(skipped.count == 3)
        #expect(skipped[0].hasPrefix("Skipped assertions of the state") && skipped[0].contains("+search: editing"))
        #expect(skipped[1].hasPrefix("Skipped: The step emitted commands") && skipped[1].contains("startTimer(searchDebounce, 300ms)"))
        #expect(skipped[2].hasPrefix("Skipped: The test ended with work still running") && skipped[2].contains("timer searchDebounce"))
    }
}

/// The README's "Exhaustive assertions" example, verbatim.
@Suite struct ReadmeStoreExampleTests {
    @Test func theReadmeExamplePasses() {
        let store = MachineTestStore(vocabulary: AddressPickerVocabulary())
        store.send(.searchActivated) {
            $0[AddressPicker.search] = .editing
            $0.context.searchOrigin = $0.context.region
        }
        store.send(.queryChanged("Apple"), emits: [.startTimer(.searchDebounce, .milliseconds(300))]) {
            $0[AddressPicker.search] = .debouncing
            $0.context.query = "Apple"
        }
        store.advance(by: .milliseconds(300)) { $0[AddressPicker.search] = .loadingCompletions }
        store.assertCommands([.request(.requestCompletions(query: "Apple"))])
        store.fail(.completions) {
            $0[AddressPicker.search] = .showingCompletions
            $0.context.error = .completionsFailed
        }
        store.finish()
    }

    @Test func theReadmeFailureMessage() {
        let store = MachineTestStore(vocabulary: AddressPickerVocabulary())
        withKnownIssue {
            store.send(.searchActivated) {
                $0[AddressPicker.search] = .debouncing
                $0.context.searchOrigin = $0.context.region
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                The state changed differently than asserted (− expected, + actual):
                @@ -1,7 +1,7 @@
                 picker: picking
                 location: idle
                 map: idle
                -search: debouncing
                +search: editing
                 poi: off
                 region: region(center(40.7, -74.0), span(0.075, 0.075))
                 query: ""

                """]
        }
        store.finish()
    }
}
