/// A place a search found: a marker on the map with its address.
public struct Place: Hashable, Sendable, Codable {
    /// The place's name.
    public var name: String
    /// Where it is.
    public var center: Coordinate
    /// Its address.
    public var address: Address

    /// A place.
    public init(name: String, center: Coordinate, address: Address) {
        self.name = name
        self.center = center
        self.address = address
    }
}

/// A place search's answer: the places and, when the provider gives one, a region that holds them.
public struct PlaceSearchAnswer: Hashable, Sendable {
    /// The region to show, if the provider computed one.
    public var boundingRegion: MapRegion?
    /// The places found.
    public var places: [Place]

    /// An answer.
    public init(boundingRegion: MapRegion? = nil, places: [Place]) {
        self.boundingRegion = boundingRegion
        self.places = places
    }
}
