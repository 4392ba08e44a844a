/// Suggests completions for what the person types (MapKit's `MKLocalSearchCompleter`, a web
/// autocomplete, the embedded gazetteer).
public protocol CompletionProvider: Sendable {
    /// The completions for `query`, best first.
    func completions(for query: String) async throws -> [Completion]
}

/// Finds places for a completion or a free query (`MKLocalSearch`, a web geocoder, …).
public protocol PlaceSearchProvider: Sendable {
    /// The places matching `query`, with a bounding region when the provider computes one.
    func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer
}

/// Turns a coordinate into an address (`CLGeocoder`, a web reverse geocoder, …).
public protocol ReverseGeocodingProvider: Sendable {
    /// The address at `coordinate`.
    func address(at coordinate: Coordinate) async throws -> Address
}

/// The device's location and the permission to read it (`CLLocationManager`, …).
public protocol LocationProvider: Sendable {
    /// Asks the person for permission; returns the resulting status.
    func requestAuthorization() async throws -> AddressPicker.Authorization
    /// The device's current location.
    func currentLocation() async throws -> Coordinate
}

/// Finds points of interest of a category in a region (`MKLocalPointsOfInterestRequest`, …).
public protocol PointsOfInterestProvider: Sendable {
    /// The points of interest of `category` in `region`.
    func pointsOfInterest(category: String, in region: MapRegion) async throws -> [Place]
}
