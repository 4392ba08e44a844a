import AddressPicker
import MachineRuntime

/// A live session of the picker for the benchmarks of live runtimes: on a ``SteppedClock``, with
/// providers that answer at once on the main actor, so every variant takes the same steps.
///
/// Each cycle pans the map and waits for its lookup, then searches "Apple", picks the "Search
/// Nearby" completion and one of its places (seven host events; the timers fire in the catch-up
/// of the host event that follows their deadline, and the session awaits every answer before the
/// next event).
@MainActor
enum PickerSession {
    /// Answers the session's requests at once.
    static func perform() throws -> LiveRuntime<AddressPicker, SteppedClock>.Provider {
        let store = Place(
            name: "Apple SoHo", center: try Coordinate(latitude: 40.725, longitude: -73.9987),
            address: Address(street: "103 Prince St", city: "New York"))
        return { @MainActor request in
            switch request {
            case .requestCompletions(let query): .completions([Completion(title: "\(query) Store", subtitle: "Search Nearby")])
            case .searchPlaces: .places(PlaceSearchAnswer(places: [store]))
            case .reverseGeocode: .address(Address(city: "New York"))
            default: ProviderSet.failure(of: request.kind, message: "not in this benchmark")
            }
        }
    }

    /// Runs `cycles` cycles: moves `clock`, then calls `send` with each event, and waits while
    /// `live` has requests in flight.
    static func run(
        cycles: Int, clock: SteppedClock, live: LiveRuntime<AddressPicker, SteppedClock>,
        send deliver: (AddressPicker.Event) throws -> Void
    ) async throws {
        let far = MapRegion(
            center: try Coordinate(latitude: 40.71, longitude: -74.0),
            span: Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05))
        func send(after milliseconds: Int, _ event: AddressPicker.Event) async throws {
            clock.advance(by: .milliseconds(milliseconds))
            try deliver(event)
            while !live.runtime.pendingRequests.isEmpty { await Task.yield() }
        }
        for _ in 0..<cycles {
            try await send(after: 20, .regionChanged(far, byUser: true))
            try await send(after: 500, .alertDismissed)  // no alert: ignored, after the lookup
            try await send(after: 20, .searchActivated)
            try await send(after: 20, .queryChanged("Apple"))
            try await send(after: 300, .alertDismissed)  // after the completions request
            try await send(after: 20, .completionSelected(0))
            try await send(after: 20, .resultSelected(0))
        }
    }
}
