import AddressPicker
import MachineRuntime
import Testing

/// Fake providers: fixed answers, or an error when `failing`.
struct FakeProviders: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider, LocationProvider,
    PointsOfInterestProvider
{
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    var failing = false

    func check() throws { if failing { throw Offline() } }
    func completions(for query: String) async throws -> [Completion] {
        try check()
        return [Completion(title: query, subtitle: "Search Nearby")]
    }
    func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer {
        try check()
        return PlaceSearchAnswer(places: [Place(name: "A", center: try at(1, 2), address: Address(city: "X"))])
    }
    func address(at coordinate: Coordinate) async throws -> Address {
        try check()
        return Address(city: "\(coordinate.latitude)")
    }
    func requestAuthorization() async throws -> AddressPicker.Authorization {
        try check()
        return .authorizedWhenInUse
    }
    func currentLocation() async throws -> Coordinate {
        try check()
        return try at(3, 4)
    }
    func pointsOfInterest(category: String, in region: MapRegion) async throws -> [Place] {
        try check()
        return []
    }

    var set: ProviderSet {
        ProviderSet(completions: self, places: self, geocoder: self, location: self, pointsOfInterest: self)
    }
}

@Suite struct ProviderSetTests {
    @Test func answersEachRequestWithItsEvent() async throws {
        let providers = FakeProviders().set
        #expect(
            await providers.answer(.requestCompletions(query: "Apple"))
                == .completions([Completion(title: "Apple", subtitle: "Search Nearby")]))
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .address(Address(city: "5.0")))
        #expect(await providers.answer(.requestAuthorization) == .authorization(.authorizedWhenInUse))
        #expect(await providers.answer(.requestLocation) == .location(try at(3, 4)))
        #expect(
            await providers.answer(.searchPointsOfInterest(category: "cafe", region: try region(1, 1))) == .pointsOfInterest([]))
        let places = await providers.answer(.searchPlaces(.text("a", region: try region(1, 1))))
        #expect(places.kind == .places)
    }

    @Test func aThrowingProviderAnswersWithTheKindsFailure() async throws {
        let providers = FakeProviders(failing: true).set
        #expect(await providers.answer(.requestCompletions(query: "Apple")) == .completionsFailed("offline"))
        #expect(await providers.answer(.searchPlaces(.completion(appleStore))) == .placesFailed("offline"))
        #expect(await providers.answer(.reverseGeocode(center: try at(5, 6))) == .addressFailed("offline"))
        #expect(await providers.answer(.requestAuthorization) == .authorizationFailed("offline"))
        #expect(await providers.answer(.requestLocation) == .locationFailed("offline"))
        #expect(
            await providers.answer(.searchPointsOfInterest(category: "c", region: try region(1, 1)))
                == .pointsOfInterestFailed("offline"))
    }

    /// The "Use it in an app" snippet of README.md (and of the MachineRuntime article "Running a
    /// machine in an app"), with a clock that never moves instead of the wall clock.
    @Test @MainActor func theReadmeSnippetCompilesAndRuns() throws {
        struct StillClock: Clock {
            struct Instant: InstantProtocol {
                var offset: Duration = .zero
                func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
                func duration(to other: Instant) -> Duration { other.offset - offset }
                static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
            }
            var now: Instant { Instant() }
            var minimumResolution: Duration { .zero }
            func sleep(until deadline: Instant, tolerance: Duration?) async throws {
                // A stream nobody finishes: its iteration ends only when the task is cancelled.
                let never = AsyncStream<Never> { _ in }
                for await _ in never {}
                throw CancellationError()
            }
        }
        let providers = FakeProviders().set
        var outputs: [AddressPicker.Output] = []
        let runtime = LiveRuntime(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: StillClock(),
            provider: providers.answer, onOutput: { outputs.append($0) })
        try runtime.send(.appeared)
        #expect(runtime.state[AddressPicker.map] == .geocoding)
        runtime.stop()
        #expect(outputs.isEmpty)
    }
}
