import AddressPicker
import Foundation

/// Nominatim over HTTP (nominatim.openstreetmap.org, or your own instance): place search and
/// reverse geocoding from OpenStreetMap data, and no completions.
///
/// - `GET /search?q=&format=jsonv2&addressdetails=1&limit=&viewbox=` answers place searches,
///   preferring the map's region (the viewbox) without being bounded by it;
/// - `GET /reverse?lat=&lon=&format=jsonv2` answers reverse lookups.
///
/// The public instance's policy holds there whatever rules are given (``UsageRules/nominatim``):
/// at most one request a second for the whole application, no autocomplete (``completions(for:)``
/// throws without sending anything; give the picker ``rules``' configuration so that it never
/// asks), a User-Agent that identifies the application, answers cached, and the attribution
/// "© OpenStreetMap contributors" shown with its results.
public struct NominatimGeocoder: WebGeocoder {
    /// The OpenStreetMap Foundation's public instance.
    public static let publicEndpoint = URL(string: "https://nominatim.openstreetmap.org")!

    public var service: String { "Nominatim" }
    public var rules: UsageRules { client.rules }
    /// How many places a search asks for.
    private let limit: Int
    /// The preferred languages of the answers (an `Accept-Language` list: `de,en`), or the
    /// service's default.
    private let language: String?
    private let client: ServiceClient

    /// A geocoder for the Nominatim at `endpoint`.
    ///
    /// - Parameters:
    ///   - endpoint: The instance; on the public one, ``UsageRules/nominatim`` is a floor for
    ///     `rules`.
    ///   - rules: The rules to follow.
    ///   - userAgent: Identifies your application, with a way to reach you: `MyApp/1.0
    ///     (me@example.com)`. Required by the default rules.
    ///   - timeout: How long a whole answer may take.
    ///   - limit: How many places a search asks for (1 to 40, Nominatim's maximum).
    ///   - language: The preferred languages of the answers.
    /// - Throws: ``GeocoderError`` when the rules require a User-Agent and `userAgent` is empty.
    public init(
        endpoint: URL = publicEndpoint, rules: UsageRules = .nominatim, userAgent: String, timeout: Duration = .seconds(10),
        limit: Int = 10, language: String? = nil
    ) throws(GeocoderError) {
        let floor = endpoint.host == Self.publicEndpoint.host ? rules.atLeast(.nominatim) : rules
        client = try ServiceClient(
            service: "Nominatim", endpoint: endpoint, rules: floor, userAgent: userAgent, timeout: timeout)
        self.limit = min(max(limit, 1), 40)
        self.language = language
    }

    /// Nominatim suggests nothing as you type; under rules that allow completions (your own
    /// instance), a completion is a place a search finds.
    public func completions(for query: String) async throws -> [Completion] {
        guard rules.suggestsAsYouType else {
            throw GeocoderError(
                service: service, reason: .notAllowed("autocomplete is not allowed: search when the person submits"))
        }
        return try await search(query, in: nil).places.map(PlaceReading.completion(for:))
    }

    public func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer {
        switch query {
        case .completion(let completion):
            try await search(
                completion.subtitle.isEmpty ? completion.title : "\(completion.title), \(completion.subtitle)", in: nil)
        case .text(let text, let region):
            try await search(text, in: region)
        }
    }

    public func address(at coordinate: Coordinate) async throws -> Address {
        var query = [
            ("lat", ServiceClient.degrees(coordinate.latitude)), ("lon", ServiceClient.degrees(coordinate.longitude)),
            ("format", "jsonv2"), ("addressdetails", "1"),
        ]
        if let language { query.append(("accept-language", language)) }
        return try Self.address(from: try await client.get(client.url("/reverse", query)))
    }

    /// The address of `/reverse`'s body, or nothing found when it is an error.
    package static func address(from body: Data) throws(GeocoderError) -> Address {
        let answer = try JSONAnswer.decode(NominatimReverse.self, from: body, service: "Nominatim")
        guard let place = answer.place else { throw GeocoderError(service: "Nominatim", reason: .nothingFound) }
        return place.postalAddress
    }

    /// The places `/search` finds for `text`, preferring `region`.
    private func search(_ text: String, in region: MapRegion?) async throws -> PlaceSearchAnswer {
        var query = [("q", text), ("format", "jsonv2"), ("addressdetails", "1"), ("limit", String(limit))]
        if let region { query.append(("viewbox", Self.viewbox(region))) }
        if let language { query.append(("accept-language", language)) }
        return try Self.placeAnswer(from: try await client.get(client.url("/search", query)))
    }

    /// A place search's answer from `/search`'s body: its places, and the region of their
    /// bounding boxes.
    package static func placeAnswer(from body: Data) throws(GeocoderError) -> PlaceSearchAnswer {
        let service = "Nominatim"
        let answer = try JSONAnswer.decode([NominatimPlace].self, from: body, service: service)
        var places: [Place] = []
        var corners: [Coordinate]? = []
        for (index, result) in answer.enumerated() {
            places.append(try result.place(at: "[\(index)]", service: service))
            if let box = result.corners { corners?.append(contentsOf: box) } else { corners = nil }
        }
        return PlaceSearchAnswer(boundingRegion: corners.flatMap(PlaceReading.region(enclosing:)), places: places)
    }

    /// A region as Nominatim's viewbox: `west,north,east,south`, clamped to the globe.
    static func viewbox(_ region: MapRegion) -> String {
        let halfHeight = region.span.latitudeDelta / 2
        let halfWidth = min(region.span.longitudeDelta / 2, 180)
        let edges = [
            max(region.center.longitude - halfWidth, -180), min(region.center.latitude + halfHeight, 90),
            min(region.center.longitude + halfWidth, 180), max(region.center.latitude - halfHeight, -90),
        ]
        return edges.map(ServiceClient.degrees).joined(separator: ",")
    }
}
