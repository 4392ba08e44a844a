import AddressPicker
import MachineAnalysis
import MachineRuntime

/// Representative inputs for the address picker: a far pan and a nudge of a metre, an echo,
/// two queries, a two-character one and the empty one, every permission status, and for every
/// request an answer, an empty answer where one exists, and a failure. Covering paths and
/// exploration are built from these; started with `AddressPicker/Configuration/samplePolicies`
/// they also exercise the request policies.
public struct AddressPickerSamples: InputSamples {
    public typealias Machine = AddressPicker

    /// Whether ``events`` also selects completions and results outside the lists on screen.
    package let includingOutOfRangeIndexes: Bool

    /// The samples; with `includingOutOfRangeIndexes`, the events also select completions and
    /// results past the end of the lists on screen, as a stale tap would (`explore` and `verify`
    /// try them; covering paths do without them).
    public init(includingOutOfRangeIndexes: Bool = false) {
        self.includingOutOfRangeIndexes = includingOutOfRangeIndexes
    }

    static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(clampingLatitude: latitude, longitude: longitude)
    }

    static func region(_ latitude: Double, _ longitude: Double) -> MapRegion {
        MapRegion(center: coordinate(latitude, longitude), span: Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05))
    }

    public var events: [AddressPicker.Event] {
        [
            .appeared,
            .regionChanged(Self.region(40.75, -73.98), byUser: true),
            // About a metre from the initial centre: the same place once it has been looked up.
            .regionChanged(Self.region(40.70001, -74.0), byUser: true),
            .regionChanged(Self.region(40.8, -73.9), byUser: false),
            .searchActivated,
            .queryChanged("Apple"),
            .queryChanged("Pear"),
            // Shorter than samplePolicies' minimum query length (R1).
            .queryChanged("Ap"),
            .queryChanged(""),
            .searchSubmitted,
            .completionSelected(0),
            .resultSelected(0),
            .searchCancelled,
            .locateMeTapped,
            .categoryTapped("cafe"),
            .categoryTapped("park"),
            .alertDismissed,
            .confirmTapped,
        ] + AddressPicker.Authorization.allCases.map { .authorizationChanged($0) }
            + (includingOutOfRangeIndexes ? [.completionSelected(1), .resultSelected(2), .resultSelected(-1)] : [])
    }

    public func answers(to request: AddressPicker.Request) -> [AddressPicker.Event] {
        switch request {
        case .requestCompletions(let query):
            return [
                .completions([Completion(title: "\(query) Store", subtitle: "Search Nearby")]), .completions([]),
                .completionsFailed("offline"),
            ]
        case .searchPlaces:
            let places = [
                Place(name: "Apple SoHo", center: Self.coordinate(40.725, -73.9987), address: Address(street: "103 Prince St")),
                Place(
                    name: "Apple Fifth Avenue", center: Self.coordinate(40.7638, -73.973), address: Address(street: "767 5th Ave")
                ),
            ]
            return [.places(PlaceSearchAnswer(places: places)), .places(PlaceSearchAnswer(places: [])), .placesFailed("offline")]
        case .reverseGeocode:
            return [.address(Address(street: "1 Main St", city: "New York")), .addressFailed("offline")]
        case .requestAuthorization:
            return AddressPicker.Authorization.allCases.map { .authorization($0) } + [.authorizationFailed("denied")]
        case .requestLocation:
            return [.location(Self.coordinate(51.5007, -0.1246)), .locationFailed("no fix")]
        case .searchPointsOfInterest(let category, _):
            return [
                .pointsOfInterest([Place(name: "A \(category)", center: Self.coordinate(40.71, -74.0), address: Address())]),
                .pointsOfInterestFailed("offline"),
            ]
        }
    }
}

extension AddressPicker.Configuration {
    /// Every request policy on, with values the sample inputs exercise: "Ap" is shorter than
    /// the minimum query length of 3 (R1); the cache keeps one query, so "Apple" and "Pear" push
    /// each other out (R2); reverse geocodes are 800 ms apart, longer than the region debounce
    /// (500 ms), so a pan soon after a lookup is held back, and one 300 ms after it (a search
    /// debounce) falls due together with the cooldown (R3); and every request to the service is
    /// as far apart (R4), so a search soon after a lookup waits for it.
    public static var samplePolicies: Self {
        var configuration = Self()
        configuration.minimumQueryLength = 3
        configuration.completionCache = 1
        configuration.geocodeInterval = .milliseconds(800)
        configuration.requestInterval = .milliseconds(800)
        return configuration
    }
}
