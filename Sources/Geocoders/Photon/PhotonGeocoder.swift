import AddressPicker
import Foundation

/// Photon over HTTP (photon.komoot.io, or your own instance): completions as the person types,
/// place search and reverse geocoding, from OpenStreetMap data.
///
/// - `GET /api?q=&lat=&lon=&limit=&lang=` answers completions and place searches, biased to
///   the map's centre when the search has a region;
/// - `GET /reverse?lat=&lon=` answers reverse lookups.
///
/// Both answer a GeoJSON FeatureCollection. Every request follows ``rules``: spaced out for the
/// whole application, cached, throttling answers waited out as `Retry-After` says (see
/// ``UsageRules``). Show ``UsageRules/attribution`` with its results.
public struct PhotonGeocoder: WebGeocoder {
    /// The public instance, komoot's: fair use, no guarantee of availability.
    public static let publicEndpoint = URL(string: "https://photon.komoot.io")!

    public var service: String { "Photon" }
    public var rules: UsageRules { client.rules }
    /// How many completions or places a request asks for.
    private let limit: Int
    /// The language of the answers (`en`, `de`, `fr`, `it`), or the service's default.
    private let language: String?
    private let client: ServiceClient

    /// A geocoder for the Photon at `endpoint`.
    ///
    /// - Parameters:
    ///   - endpoint: The instance; on the public one, ``UsageRules/photon`` is a floor for `rules`.
    ///   - rules: The rules to follow.
    ///   - userAgent: Sent with every request; name your application.
    ///   - timeout: How long a whole answer may take.
    ///   - limit: How many results a request asks for (1 to 50).
    ///   - language: The language of the answers.
    /// - Throws: ``GeocoderError`` when the rules require a User-Agent and none is given.
    public init(
        endpoint: URL = publicEndpoint, rules: UsageRules = .photon, userAgent: String = "", timeout: Duration = .seconds(10),
        limit: Int = 10, language: String? = nil
    ) throws(GeocoderError) {
        let floor = endpoint.host == Self.publicEndpoint.host ? rules.atLeast(.photon) : rules
        client = try ServiceClient(service: "Photon", endpoint: endpoint, rules: floor, userAgent: userAgent, timeout: timeout)
        self.limit = min(max(limit, 1), 50)
        self.language = language
    }

    public func completions(for query: String) async throws -> [Completion] {
        guard rules.suggestsAsYouType else {
            throw GeocoderError(service: service, reason: .notAllowed("completions are not allowed by the rules"))
        }
        return try await features(query, near: nil).places(service: service).map(PlaceReading.completion(for:))
    }

    public func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer {
        let answer: PhotonFeatures
        switch query {
        case .completion(let completion):
            answer = try await features(Self.text(of: completion), near: nil)
        case .text(let text, let region):
            answer = try await features(text, near: region.center)
        }
        return try Self.placeAnswer(answer)
    }

    /// A place search's answer from `/api`'s body: its places, and the region of their extents.
    package static func placeAnswer(from body: Data) throws(GeocoderError) -> PlaceSearchAnswer {
        try placeAnswer(try JSONAnswer.decode(PhotonFeatures.self, from: body, service: "Photon"))
    }

    private static func placeAnswer(_ answer: PhotonFeatures) throws(GeocoderError) -> PlaceSearchAnswer {
        PlaceSearchAnswer(boundingRegion: answer.extentRegion(), places: try answer.places(service: "Photon"))
    }

    public func address(at coordinate: Coordinate) async throws -> Address {
        var query = [("lat", ServiceClient.degrees(coordinate.latitude)), ("lon", ServiceClient.degrees(coordinate.longitude))]
        query.append(("limit", "1"))
        if let language { query.append(("lang", language)) }
        return try Self.address(from: try await client.get(client.url("/reverse", query)))
    }

    /// The address of `/reverse`'s body: its first feature's.
    package static func address(from body: Data) throws(GeocoderError) -> Address {
        let answer = try JSONAnswer.decode(PhotonFeatures.self, from: body, service: "Photon")
        guard let first = answer.features.first else { throw GeocoderError(service: "Photon", reason: .nothingFound) }
        return first.address
    }

    /// The answer of `/api` for `text`, biased towards `center`.
    private func features(_ text: String, near center: Coordinate?) async throws -> PhotonFeatures {
        var query = [("q", text)]
        if let center {
            query += [("lat", ServiceClient.degrees(center.latitude)), ("lon", ServiceClient.degrees(center.longitude))]
        }
        query.append(("limit", String(limit)))
        if let language { query.append(("lang", language)) }
        let data = try await client.get(client.url("/api", query))
        return try JSONAnswer.decode(PhotonFeatures.self, from: data, service: service)
    }

    /// What a picked completion is searched by: its two lines.
    static func text(of completion: Completion) -> String {
        completion.subtitle.isEmpty ? completion.title : "\(completion.title), \(completion.subtitle)"
    }
}
