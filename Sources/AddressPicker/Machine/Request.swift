import MachineCore

extension AddressPicker {
    /// Work for a provider. At most one request of each ``Kind`` is in flight.
    public enum Request: MachineRequest, Codable {
        /// Suggestions for the query (S5).
        case requestCompletions(query: String)
        /// The places of a completion, one or many ("Search Nearby") (C1), or of a free query
        /// near a region (C2).
        case searchPlaces(PlaceQuery)
        /// The address at a coordinate (M4, M7, L3).
        case reverseGeocode(center: Coordinate)
        /// Ask the person for location permission (L1).
        case requestAuthorization
        /// The device's location (L1, L2).
        case requestLocation
        /// Points of interest of a category in a region (P1, P3).
        case searchPointsOfInterest(category: String, region: MapRegion)

        /// The kinds of request, each answered by its own events.
        public enum Kind: Int, IndexedCase {
            /// Completions (``Request/requestCompletions(query:)``).
            case completions
            /// A place search (``Request/searchPlaces(_:)``).
            case places
            /// A reverse geocode (``Request/reverseGeocode(center:)``).
            case address
            /// The location permission (``Request/requestAuthorization``).
            case authorization
            /// The current location (``Request/requestLocation``).
            case location
            /// A points-of-interest search (``Request/searchPointsOfInterest(category:region:)``).
            case pointsOfInterest
        }

        /// The request without its payload: what its answers and cancellations name.
        public var kind: Kind {
            switch self {
            case .requestCompletions: .completions
            case .searchPlaces: .places
            case .reverseGeocode: .address
            case .requestAuthorization: .authorization
            case .requestLocation: .location
            case .searchPointsOfInterest: .pointsOfInterest
            }
        }
    }

    /// What a place search looks for.
    public enum PlaceQuery: Hashable, Sendable, Codable {
        /// The places of a picked completion.
        case completion(Completion)
        /// The places matching free text, near a region.
        case text(String, region: MapRegion)
    }

    /// What the machine tells the host to do.
    public enum Output: Sendable, Equatable {
        /// Move the map. The machine has already stored the region; the host's echo says `byUser: false`.
        case setRegion(MapRegion)
        /// Close the search UI (C5).
        case dismissSearch
        /// Show an alert (the machine also sets `alert`).
        case showAlert(Alert)
        /// The picked address, on confirmation (K2).
        case deliver(Address)
    }
}
