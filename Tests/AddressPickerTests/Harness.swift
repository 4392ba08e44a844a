import AddressPicker
import MachineCore
import MachineRuntime
import Testing

typealias Picker = AddressPicker

/// Drives the address picker through the runtime on the virtual clock and remembers the steps
/// the last input caused, so a test can assert state and commands after each input.
struct Harness {
    private(set) var runtime: Runtime<AddressPicker>
    private(set) var steps: [RuntimeStep<AddressPicker>] = []

    init(_ configure: (inout AddressPicker.Context) -> Void = { _ in }) {
        var context = AddressPicker.Context()
        configure(&context)
        runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState(context))
    }

    mutating func send(_ event: AddressPicker.Event) throws {
        steps = try runtime.send(event)
    }

    mutating func advance(_ milliseconds: Int) throws {
        steps = try runtime.advance(by: .milliseconds(milliseconds))
    }

    /// Answers the request of `kind` in flight.
    mutating func respond(_ kind: AddressPicker.Request.Kind, _ answer: AddressPicker.Event) throws {
        steps = try runtime.respond(kind, with: answer)
    }

    /// Answers the `ordinal`-th request of `kind`, even a cancelled one.
    mutating func respond(_ kind: AddressPicker.Request.Kind, _ ordinal: Int, _ answer: AddressPicker.Event) throws {
        steps = try runtime.respond(kind, ordinal, with: answer)
    }

    var context: AddressPicker.Context { runtime.state.context }
    var picker: AddressPicker.PickerState { runtime.state[AddressPicker.picker] }
    var location: AddressPicker.LocationState { runtime.state[AddressPicker.location] }
    var map: AddressPicker.MapState { runtime.state[AddressPicker.map] }
    var search: AddressPicker.SearchState { runtime.state[AddressPicker.search] }
    var poi: AddressPicker.PointsOfInterestState { runtime.state[AddressPicker.poi] }

    /// The commands of every step the last input caused, in order.
    var commands: [Command<AddressPicker>] { steps.flatMap(\.commands) }
    /// The ids of the rows that fired in those steps.
    var fired: [String] {
        steps.flatMap { $0.result?.firedRows ?? [] }.map { AddressPicker.table.rows[$0].id }
    }
    /// Whether no row fired in what the last input caused.
    var ignored: Bool { steps.allSatisfy(\.isIgnored) }
    /// Why the single step of the last input was ignored.
    var ignoreReason: IgnoreReason? { steps.count == 1 ? steps[0].result?.ignored : nil }
    /// The request kinds in flight, in request order.
    var pending: [AddressPicker.Request.Kind] { runtime.state.work.pending.elements }
    /// The running timers, in the order of their last start.
    var timers: [AddressPicker.Timer] { runtime.state.work.timers.elements }
    /// The requests whose late answers were dropped by the last input.
    var dropped: [String] {
        steps.compactMap { step in
            if case .drop(let reference, _, _) = step.cause { reference.description } else { nil }
        }
    }

    /// The runtime's own books agree with the machine's work ledger.
    var booksAgree: Bool {
        runtime.pendingRequests.map(\.reference.kind) == pending && runtime.timers.map(\.timer) == timers
    }
}

func at(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
    try Coordinate(latitude: latitude, longitude: longitude)
}

func region(_ latitude: Double, _ longitude: Double, span: Double = 0.05) throws -> MapRegion {
    MapRegion(center: try at(latitude, longitude), span: try Span(latitudeDelta: span, longitudeDelta: span))
}

func place(_ name: String, _ latitude: Double, _ longitude: Double, street: String? = nil) throws -> Place {
    Place(name: name, center: try at(latitude, longitude), address: Address(name: name, street: street, city: "New York"))
}

let brooklyn = Address(name: "Brooklyn Bridge", city: "New York", region: "NY", country: "United States", countryCode: "US")
let appleStore = Completion(title: "Apple Store", subtitle: "Search Nearby")
let appleFifth = Completion(title: "Apple Fifth Avenue", subtitle: "767 5th Ave, New York, NY")

extension Harness {
    /// A picker whose search shows completions for "Apple".
    static func showingCompletions(_ completions: [Completion] = [appleStore, appleFifth]) throws -> Harness {
        var harness = Harness()
        try harness.send(.searchActivated)
        try harness.send(.queryChanged("Apple"))
        try harness.advance(300)
        try harness.respond(.completions, .completions(completions))
        return harness
    }

    /// A picker whose search shows the places of the "Apple Store" completion.
    static func showingResults() throws -> Harness {
        var harness = try showingCompletions()
        try harness.send(.completionSelected(0))
        try harness.respond(
            .places,
            .places(
                PlaceSearchAnswer(
                    boundingRegion: try region(40.74, -73.99, span: 0.08),
                    places: [
                        try place("Apple Grand Central", 40.7527, -73.9772, street: "45 Grand Central Terminal"),
                        try place("Apple Fifth Avenue", 40.7638, -73.9730, street: "767 5th Ave"),
                    ])))
        return harness
    }

    /// A picker showing the address of its centre, looked up after `appeared`.
    static func resolved() throws -> Harness {
        var harness = Harness()
        try harness.send(.appeared)
        try harness.respond(.address, .address(brooklyn))
        return harness
    }
}
