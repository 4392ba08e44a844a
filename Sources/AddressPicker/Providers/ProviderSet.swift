/// The providers that perform the address picker's requests, turned into one function from a
/// request to the event that answers it.
///
/// Plug in MapKit, a web geocoder or the embedded gazetteer, and hand ``answer(_:)`` to a
/// runtime. A provider that throws answers with the request kind's failure event, carrying the
/// error's description.
///
/// To survive real networks, wrap the set with timeouts, retries, rate limits and fallbacks for
/// the request kinds that need them: ``withTimeout(_:for:clock:)``, ``retrying(_:for:)``,
/// ``rateLimited(by:for:)`` and ``fallingBack(to:for:)``.
public struct ProviderSet: Sendable {
    /// Answers `completions` requests: suggestions as the person types.
    public var completions: any CompletionProvider
    /// Answers `places` requests: the places of a completion or a free query.
    public var places: any PlaceSearchProvider
    /// Answers `address` requests: the address under a coordinate.
    public var geocoder: any ReverseGeocodingProvider
    /// Answers `authorization` and `location` requests: the permission and the device's location.
    public var location: any LocationProvider
    /// Answers `pointsOfInterest` requests: the places of a category in a region.
    public var pointsOfInterest: any PointsOfInterestProvider

    /// A set of providers.
    public init(
        completions: any CompletionProvider, places: any PlaceSearchProvider, geocoder: any ReverseGeocodingProvider,
        location: any LocationProvider, pointsOfInterest: any PointsOfInterestProvider
    ) {
        self.completions = completions
        self.places = places
        self.geocoder = geocoder
        self.location = location
        self.pointsOfInterest = pointsOfInterest
    }

    /// Performs `request` and returns the event that answers it.
    public func answer(_ request: AddressPicker.Request) async -> AddressPicker.Event {
        do {
            switch request {
            case .requestCompletions(let query):
                return .completions(try await completions.completions(for: query))
            case .searchPlaces(let query):
                return .places(try await places.places(for: query))
            case .reverseGeocode(let center):
                return .address(try await geocoder.address(at: center))
            case .requestAuthorization:
                return .authorization(try await location.requestAuthorization())
            case .requestLocation:
                return .location(try await location.currentLocation())
            case .searchPointsOfInterest(let category, let region):
                return .pointsOfInterest(try await pointsOfInterest.pointsOfInterest(category: category, in: region))
            }
        } catch {
            return Self.failure(of: request.kind, message: String(describing: error))
        }
    }

    /// The event that reports a failed request of `kind`.
    package static func failure(of kind: AddressPicker.Request.Kind, message: String?) -> AddressPicker.Event {
        switch kind {
        case .completions: .completionsFailed(message)
        case .places: .placesFailed(message)
        case .address: .addressFailed(message)
        case .authorization: .authorizationFailed(message)
        case .location: .locationFailed(message)
        case .pointsOfInterest: .pointsOfInterestFailed(message)
        }
    }
}
