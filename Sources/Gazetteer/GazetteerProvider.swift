import AddressPicker

/// The gazetteer as the address picker's provider of completions, place search and reverse
/// geocoding, for apps without a network and for `address-picker replay --provider gazetteer`.
///
/// A completion's subtitle is "region, country"; when several places share the name typed, a
/// first completion with the subtitle "Search Nearby" stands for all of them. Searching it
/// returns them all, the most populous first; searching another completion returns its one
/// place. A free query prefers the places inside the region on screen.
public struct GazetteerProvider: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider {
    /// The subtitle of a completion that stands for every place of its name.
    public static let searchNearby = "Search Nearby"

    /// The places it searches.
    public let gazetteer: Gazetteer
    /// How many completions to offer.
    public var completionLimit: Int

    /// A provider over `gazetteer` offering at most `completionLimit` completions (plus the
    /// "Search Nearby" one).
    public init(gazetteer: Gazetteer, completionLimit: Int = 10) {
        self.gazetteer = gazetteer
        self.completionLimit = completionLimit
    }

    /// The completions for `query`: ``completionList(for:)``, which never fails.
    public func completions(for query: String) async throws -> [Completion] { completionList(for: query) }

    /// The places `query` stands for: ``placeAnswer(for:)``, which never fails.
    public func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer { placeAnswer(for: query) }

    /// The address of the place nearest `coordinate`; throws only for a gazetteer with no places.
    public func address(at coordinate: Coordinate) async throws -> Address {
        guard let address = address(near: coordinate) else { throw GazetteerError.corrupt("the gazetteer has no places") }
        return address
    }

    /// The completions for `query`, at once.
    public func completionList(for query: String) -> [Completion] {
        let places = gazetteer.completions(for: query, limit: completionLimit)
        var completions = places.map { index in
            let entry = gazetteer.entry(index)
            return Completion(title: entry.name, subtitle: entry.subtitle)
        }
        let namesakes = gazetteer.placesNamed(query)
        if namesakes.count > 1, let first = namesakes.first {
            completions.insert(Completion(title: gazetteer.entry(first).name, subtitle: Self.searchNearby), at: 0)
        }
        return completions
    }

    /// The places a query stands for, with the region that holds them, at once.
    public func placeAnswer(for query: AddressPicker.PlaceQuery) -> PlaceSearchAnswer {
        let indexes: [Int]
        switch query {
        case .completion(let completion) where completion.subtitle == Self.searchNearby:
            indexes = gazetteer.placesNamed(completion.title)
        case .completion(let completion):
            let named = gazetteer.placesNamed(completion.title)
            let exact = named.first { gazetteer.entry($0).subtitle == completion.subtitle }
            indexes = exact.map { [$0] } ?? Array(named.prefix(1))
        case .text(let text, let region):
            indexes = gazetteer.search(text, in: region)
        }
        let places = indexes.map { index in
            let entry = gazetteer.entry(index)
            return Place(name: entry.name, center: entry.coordinate, address: entry.address)
        }
        let bounding = MapRegion.enclosing(
            places.map(\.center), minimumSpan: Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05))
        return PlaceSearchAnswer(boundingRegion: bounding, places: places)
    }

    /// The address of the place nearest to `coordinate`, at once.
    public func address(near coordinate: Coordinate) -> Address? {
        gazetteer.nearest(to: coordinate).map { gazetteer.entry($0).address }
    }

    /// Answers a request of the address picker at once: completions, places and addresses from
    /// the gazetteer; permission and location fail (there is no device), points of interest are
    /// none (the gazetteer has only populated places).
    public func answer(_ request: AddressPicker.Request) -> AddressPicker.Event {
        switch request {
        case .requestCompletions(let query):
            return .completions(completionList(for: query))
        case .searchPlaces(let query):
            return .places(placeAnswer(for: query))
        case .reverseGeocode(let center):
            return address(near: center).map(AddressPicker.Event.address) ?? .addressFailed("the gazetteer has no places")
        case .requestAuthorization:
            return .authorizationFailed("the offline gazetteer cannot ask for location permission")
        case .requestLocation:
            return .locationFailed("the offline gazetteer has no device location")
        case .searchPointsOfInterest:
            return .pointsOfInterest([])
        }
    }
}
