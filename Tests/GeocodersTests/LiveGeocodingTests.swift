import AddressPicker
import Foundation
import LoopbackServer
import MachineCore
import MachineRuntime
import Testing

@testable import Geocoders

/// The live runtime, on the real clock, drives the picker against Photon and Nominatim on a
/// server on 127.0.0.1: typing, completions, a search, picking, panning and reverse geocoding,
/// every request under the service's rules.
@MainActor @Suite struct LiveGeocodingTests {
    typealias A = AddressPicker

    /// Location and points of interest are not the geocoder's: these fail at once.
    struct NoDevice: LocationProvider, PointsOfInterestProvider {
        struct Unavailable: Error {}
        func requestAuthorization() async throws -> A.Authorization { throw Unavailable() }
        func currentLocation() async throws -> Coordinate { throw Unavailable() }
        func pointsOfInterest(category: String, in region: MapRegion) async throws -> [Place] { throw Unavailable() }
    }

    static let berlin = MapRegion(
        center: try! Coordinate(latitude: 52.52, longitude: 13.405), span: try! Span(latitudeDelta: 0.05, longitudeDelta: 0.05))

    /// A live picker whose searches and lookups go to `geocoder`, the host echoing every move.
    func picker(_ geocoder: any WebGeocoder) -> (LiveRuntime<A, ContinuousClock>, Delivery) {
        let providers = ProviderSet(
            completions: geocoder, places: geocoder, geocoder: geocoder, location: NoDevice(), pointsOfInterest: NoDevice())
        let delivery = Delivery()
        let context = A.Context(region: Self.berlin, configuration: geocoder.rules.configuration())
        let live = LiveRuntime(
            table: A.table, state: A.initialState(context), clock: ContinuousClock(), provider: providers.answer,
            onOutput: { _ in })
        live.onOutput = { [weak live] output in
            switch output {
            case .setRegion(let region): try? live?.send(.regionChanged(region, byUser: false))
            case .deliver(let address): delivery.address = address
            case .dismissSearch, .showAlert: break
            }
        }
        return (live, delivery)
    }

    /// The address the picker delivered.
    final class Delivery {
        var address: Address?
    }

    /// How long a request or a wait may take on the real clock. Generous: the whole test suite
    /// runs at once, on as many threads as cores, and on two cores other suites' long synchronous
    /// tests can hold both for seconds; the exchanges themselves take milliseconds.
    static let patience = Duration.seconds(60)

    /// Waits, on the real clock, until `condition` holds: it is checked every 10 ms, at most
    /// ``patience``'s worth of checks. The checks are counted, not the time since the first:
    /// while other suites' long synchronous tests hold every thread the tests run on, this wait
    /// does not run, and must not spend its patience (it did once, on a loaded machine).
    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let interval = Duration.milliseconds(10)
        for _ in 0..<Int(Self.patience / interval) {
            if condition() { return }
            try await Task.sleep(for: interval)
        }
        if !condition() { Issue.record("timed out waiting until \(what)") }
    }

    @Test func photonSuggestsAsYouTypeAndFindsTheAddressUnderThePannedMap() async throws {
        let server = try LoopbackServer(respond: GeocodingServices.photon)
        var rules = UsageRules.photon
        rules.requestInterval = .milliseconds(150)
        rules.completions = .allowed(minimumLength: 3, debounce: .milliseconds(100))
        let (live, delivery) = picker(try PhotonGeocoder(endpoint: server.url, rules: rules, timeout: Self.patience))

        // The map appears: the address under its centre is looked up.
        try live.send(.appeared)
        try await waitUntil("the first address arrives") { live.state.context.address != nil }
        #expect(live.state.context.address?.name == "Berlin")

        // Typing: a short query asks nothing, a longer one gets completions after the debounce.
        try live.send(.searchActivated)
        try live.send(.queryChanged("Br"))
        try live.send(.queryChanged("Bra"))
        try await waitUntil("completions are shown") { live.state[A.search] == .showingCompletions }
        #expect(live.state.context.completions.first?.title == "Brandenburger Tor")

        // Picking the completion searches its places; the map moves to them (the host echoes it).
        try live.send(.completionSelected(0))
        try await waitUntil("results are shown") { !live.state.context.results.isEmpty }
        let result = try #require(live.state.context.results.first)
        #expect(result.address.houseNumber == "1")
        #expect(live.state.context.region.span.latitudeDelta < 0.01, "the map shows the place's extent")
        try live.send(.resultSelected(0))
        #expect(live.state.context.address?.formatted == "Brandenburger Tor, Pariser Platz 1, Berlin, Berlin 10117, Deutschland")

        // Panning: once the map is still, the address under its new centre is looked up.
        try live.send(
            .regionChanged(
                MapRegion(center: try Coordinate(latitude: 40.7484, longitude: -73.9857), span: Self.berlin.span), byUser: true))
        try await waitUntil("the panned map's address arrives") { live.state.context.address?.name == "Empire State Building" }
        #expect(live.state.context.addressSource == .mapCenter)
        try live.send(.confirmTapped)
        #expect(delivery.address?.houseNumber == "350")

        let paths = server.requests.map(\.path)
        #expect(paths == ["/reverse", "/api", "/api", "/reverse"], "\(paths)")
        #expect(server.requests[1][query: "q"] == "Bra")
        expectSpaced(server.requests, by: .milliseconds(150))
        live.stop()
    }

    @Test func nominatimNeverSuggestsAndSpacesEveryRequest() async throws {
        let server = try LoopbackServer(respond: GeocodingServices.nominatim)
        var rules = UsageRules.nominatim
        // Long enough that the submit comes within it even on a loaded machine.
        rules.requestInterval = .milliseconds(1500)
        let (live, _) = picker(
            try NominatimGeocoder(endpoint: server.url, rules: rules, userAgent: "LiveTests/1.0", timeout: Self.patience))

        try live.send(.appeared)
        // The lookup under the centre answered before the search starts: a result picked while
        // it is still in flight cancels it, and on a machine whose threads are all busy it may
        // not have reached the server by then.
        try await waitUntil("the centre's address arrives") { live.state.context.address != nil }
        try live.send(.searchActivated)
        try live.send(.queryChanged("Empire"))
        // No completions: the query stays in editing, asking nothing.
        try await Task.sleep(for: .milliseconds(150))
        #expect(live.state[A.search] == .editing)
        // Submitting, most likely within the lookup's cooldown: the search waits for it (on a
        // loaded machine the main actor may come back after the cooldown, and it goes at once;
        // request-interval.events holds the waiting itself, on the virtual clock). Either way
        // the server sees the two requests the interval apart.
        try live.send(.searchSubmitted)
        #expect(live.state[A.search] == .searching)
        try await waitUntil("results are shown") { !live.state.context.results.isEmpty }
        #expect(live.state.context.results.first?.name == "Empire State Building")
        try live.send(.resultSelected(0))
        #expect(live.state.context.address?.postalCode == "10118")

        #expect(server.requests.map(\.path) == ["/reverse", "/search"])
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == "LiveTests/1.0" })
        expectSpaced(server.requests, by: .milliseconds(1500))
        live.stop()
    }

    /// The requests reached the server spaced out: the machine waits the interval after each
    /// request it makes; the server stamps arrivals a scheduling hiccup after they were sent.
    func expectSpaced(_ requests: [LoopbackServer.Request], by interval: Duration) {
        let arrivals = requests.map(\.arrival)
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            #expect(later - earlier >= interval * 0.75, "\(later - earlier)")
        }
    }
}
