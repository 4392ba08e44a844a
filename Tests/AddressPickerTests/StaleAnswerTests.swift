import AddressPicker
import MachineCore
import MachineRuntime
import Testing

/// Late answers never overwrite newer ones: every kind of request, cancelled in every way the
/// machine cancels it, has its answer dropped, recorded, and the state left as it was.
@Suite("Stale answers") struct StaleAnswerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let kind: AddressPicker.Request.Kind
        var ordinal = 1
        let setUp: @Sendable (inout Harness) throws -> Void
        let lateAnswer: @Sendable () throws -> AddressPicker.Event
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "completions after another keystroke", kind: .completions,
            setUp: { picker in
                try picker.send(.searchActivated)
                try picker.send(.queryChanged("Ap"))
                try picker.advance(300)
                try picker.send(.queryChanged("App"))
            }, lateAnswer: { .completions([appleStore]) }),
        Case(
            name: "completions after the query was cleared", kind: .completions,
            setUp: { picker in
                try picker.send(.searchActivated)
                try picker.send(.queryChanged("Ap"))
                try picker.advance(300)
                try picker.send(.queryChanged(""))
            }, lateAnswer: { .completionsFailed("late") }),
        Case(
            name: "completions after a completion was picked", kind: .completions, ordinal: 2,
            setUp: { picker in
                picker = try Harness.showingCompletions()
                try picker.send(.queryChanged("Apple F"))
                try picker.advance(300)
                try picker.send(.completionSelected(0))
            }, lateAnswer: { .completions([]) }),
        Case(
            name: "places after a second search", kind: .places,
            setUp: { picker in
                try picker.send(.searchActivated)
                try picker.send(.queryChanged("bakery"))
                try picker.send(.searchSubmitted)
                try picker.send(.searchSubmitted)
            }, lateAnswer: { .places(PlaceSearchAnswer(places: [try place("Old", 1, 1)])) }),
        Case(
            name: "places after the search was cancelled", kind: .places,
            setUp: { picker in
                try picker.send(.searchActivated)
                try picker.send(.queryChanged("bakery"))
                try picker.send(.searchSubmitted)
                try picker.send(.searchCancelled)
            }, lateAnswer: { .placesFailed(nil) }),
        Case(
            name: "address after the map moved", kind: .address,
            setUp: { picker in
                try picker.send(.appeared)
                try picker.send(.regionChanged(try region(41, -74), byUser: true))
            }, lateAnswer: { .address(brooklyn) }),
        Case(
            name: "address after a picked result", kind: .address,
            setUp: { picker in
                picker = try Harness.showingResults()
                try picker.send(.appeared)
                try picker.send(.resultSelected(0))
            }, lateAnswer: { .address(brooklyn) }),
        Case(
            name: "authorization after confirmation", kind: .authorization,
            setUp: { picker in
                picker = try Harness.resolved()
                try picker.send(.locateMeTapped)
                try picker.send(.confirmTapped)
            }, lateAnswer: { .authorization(.authorizedAlways) }),
        Case(
            name: "location after permission was lost", kind: .location,
            setUp: { picker in
                picker = Harness { $0.authorization = .authorizedWhenInUse }
                try picker.send(.locateMeTapped)
                try picker.send(.authorizationChanged(.denied))
            }, lateAnswer: { .location(try at(1, 1)) }),
        Case(
            name: "points of interest after another category", kind: .pointsOfInterest,
            setUp: { picker in
                try picker.send(.categoryTapped("cafe"))
                try picker.send(.categoryTapped("park"))
            }, lateAnswer: { .pointsOfInterest([try place("Cafe", 1, 1)]) }),
        Case(
            name: "points of interest after the category was turned off", kind: .pointsOfInterest,
            setUp: { picker in
                try picker.send(.categoryTapped("cafe"))
                try picker.send(.categoryTapped("cafe"))
            }, lateAnswer: { .pointsOfInterestFailed(nil) }),
    ]

    @Test("A late answer is dropped, recorded and changes nothing", arguments: cases)
    func lateAnswerIsDropped(_ stale: Case) throws {
        var picker = Harness()
        try stale.setUp(&picker)
        let before = picker.runtime.state
        try picker.respond(stale.kind, stale.ordinal, try stale.lateAnswer())
        #expect(picker.dropped == ["\(stale.kind.name)#\(stale.ordinal)"])
        #expect(picker.ignored)
        #expect(picker.commands.isEmpty)
        #expect(picker.runtime.state == before)
        #expect(picker.booksAgree)
        // A second answer to the same request is refused.
        #expect(throws: RuntimeError.alreadyAnswered("\(stale.kind.name)#\(stale.ordinal)")) {
            try picker.respond(stale.kind, stale.ordinal, try stale.lateAnswer())
        }
    }

    @Test("A superseded request records which one replaced it")
    func supersededBy() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.categoryTapped("park"))
        let first = try #require(picker.runtime.requests.first)
        #expect(first.cancellation?.supersededBy == 2)
    }
}
