import Foundation

/// Photon and Nominatim as their documentation shows them, over a handful of places: what the
/// ``LoopbackServer`` answers for the geocoders' tests and benchmarks.
///
/// Photon answers GeoJSON FeatureCollections (`/api`, `/reverse`); Nominatim answers `jsonv2`
/// (`/search`: an array; `/reverse`: one place, or `{"error": "Unable to geocode"}`). A search
/// finds the places whose name starts with the text before its first comma, or contains it;
/// a reverse lookup finds the nearest place within 50 km.
public enum GeocodingServices {
    /// A place the services know.
    public struct Place: Sendable {
        public var name: String
        public var street: String?
        public var houseNumber: String?
        public var postcode: String?
        public var city: String?
        public var state: String?
        public var country: String
        public var countryCode: String
        public var latitude: Double
        public var longitude: Double
        /// Photon's `type`: house, street, city, town…
        public var type: String
        /// `[west, north, east, south]`.
        public var extent: [Double]
    }

    /// The places.
    public static let places: [Place] = [
        Place(
            name: "Brandenburger Tor", street: "Pariser Platz", houseNumber: "1", postcode: "10117", city: "Berlin",
            state: "Berlin", country: "Deutschland", countryCode: "de", latitude: 52.5162746, longitude: 13.3777041,
            type: "house", extent: [13.3772, 52.5166, 13.3782, 52.5160]),
        Place(
            name: "Berlin", state: "Berlin", country: "Deutschland", countryCode: "de", latitude: 52.5170365,
            longitude: 13.3888599, type: "city", extent: [13.088345, 52.6755087, 13.7611609, 52.3382448]),
        Place(
            name: "Bern", postcode: "3011", state: "Bern", country: "Schweiz", countryCode: "ch", latitude: 46.9484742,
            longitude: 7.4521749, type: "city", extent: [7.2943145, 46.9901527, 7.4955563, 46.9190326]),
        Place(
            name: "Berlin", state: "New Hampshire", country: "United States", countryCode: "us", latitude: 44.4686746,
            longitude: -71.1850768, type: "town", extent: [-71.2662, 44.5326, -71.1337, 44.4226]),
        Place(
            name: "Empire State Building", street: "Fifth Avenue", houseNumber: "350", postcode: "10118", city: "New York",
            state: "New York", country: "United States", countryCode: "us", latitude: 40.7484284, longitude: -73.9856546,
            type: "house", extent: [-73.9864, 40.7489, -73.9848, 40.7478]),
    ]

    /// The places `text` finds, best first: names that start with it, then names that contain it.
    public static func search(_ text: String, limit: Int = 10) -> [Place] {
        let key = (text.split(separator: ",").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return [] }
        let starting = places.filter { $0.name.lowercased().hasPrefix(key) }
        let containing = places.filter { !$0.name.lowercased().hasPrefix(key) && $0.name.lowercased().contains(key) }
        return Array((starting + containing).prefix(max(limit, 0)))
    }

    /// The nearest place within 50 km of a point.
    public static func nearest(latitude: Double, longitude: Double) -> Place? {
        func distance(_ place: Place) -> Double {
            let x = (place.longitude - longitude) * cos((place.latitude + latitude) / 2 * .pi / 180)
            let y = place.latitude - latitude
            return (x * x + y * y).squareRoot() * 111_195
        }
        return places.filter { distance($0) <= 50_000 }.min { distance($0) < distance($1) }
    }

    // MARK: Photon

    /// Photon's answer to `request`: `/api` and `/reverse`, else 404.
    public static func photon(_ request: LoopbackServer.Request) -> LoopbackServer.Answer {
        let limit = request[query: "limit"].flatMap(Int.init) ?? 15
        switch request.path {
        case "/api":
            guard let text = request[query: "q"], !text.isEmpty else {
                return .json(#"{"message":"missing search term 'q'"}"#).with(status: 400)
            }
            return .json(featureCollection(search(text, limit: limit)), contentType: "application/json;charset=utf-8")
        case "/reverse":
            guard let latitude = request[query: "lat"].flatMap(Double.init),
                let longitude = request[query: "lon"].flatMap(Double.init)
            else { return .json(#"{"message":"missing lat or lon"}"#).with(status: 400) }
            let found = nearest(latitude: latitude, longitude: longitude).map { [$0] } ?? []
            return .json(featureCollection(found), contentType: "application/json;charset=utf-8")
        default:
            return .json(#"{"message":"not found"}"#).with(status: 404)
        }
    }

    /// A GeoJSON FeatureCollection of `places`, with Photon's properties.
    public static func featureCollection(_ places: [Place]) -> String {
        let features: [[String: Any]] = places.map { place in
            var properties: [String: Any] = [
                "osm_type": "N", "osm_id": stableID(place.name), "osm_key": "place",
                "osm_value": place.type, "type": place.type, "name": place.name, "country": place.country,
                "countrycode": place.countryCode.uppercased(), "extent": place.extent,
            ]
            properties["street"] = place.street
            properties["housenumber"] = place.houseNumber
            properties["postcode"] = place.postcode
            properties["city"] = place.city
            properties["state"] = place.state
            return [
                "type": "Feature",
                "geometry": ["type": "Point", "coordinates": [place.longitude, place.latitude]],
                "properties": properties,
            ]
        }
        return json(["type": "FeatureCollection", "features": features])
    }

    // MARK: Nominatim

    /// Nominatim's answer to `request`: `/search` and `/reverse` in `jsonv2`, else 404.
    public static func nominatim(_ request: LoopbackServer.Request) -> LoopbackServer.Answer {
        guard request[query: "format"] == "jsonv2" else {
            return LoopbackServer.Answer(contentType: "text/xml; charset=utf-8", body: Data("<searchresults/>".utf8))
        }
        switch request.path {
        case "/search":
            let limit = min(request[query: "limit"].flatMap(Int.init) ?? 10, 40)
            let found = search(request[query: "q"] ?? "", limit: limit)
            return .json(json(found.map(nominatimPlace)))
        case "/reverse":
            guard let latitude = request[query: "lat"].flatMap(Double.init),
                let longitude = request[query: "lon"].flatMap(Double.init)
            else { return .json(#"{"error":{"code":400,"message":"Parameter 'lat' missing."}}"#).with(status: 400) }
            guard let place = nearest(latitude: latitude, longitude: longitude) else {
                return .json(#"{"error":"Unable to geocode"}"#)
            }
            return .json(json(nominatimPlace(place)))
        default:
            return .json(#"{"error":"not found"}"#).with(status: 404)
        }
    }

    /// One place in `jsonv2`, with its address details.
    public static func nominatimPlace(_ place: Place) -> [String: Any] {
        var address: [String: String] = [
            "state": place.state ?? "", "country": place.country, "country_code": place.countryCode,
        ]
        address["road"] = place.street
        address["house_number"] = place.houseNumber
        address["postcode"] = place.postcode
        address[place.type == "town" ? "town" : "city"] = place.city ?? (place.type == "house" ? nil : place.name)
        let displayName = [place.name, place.houseNumber, place.street, place.city, place.state, place.postcode, place.country]
            .compactMap { $0 }.joined(separator: ", ")
        return [
            "place_id": stableID(place.name),
            "licence": "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
            "osm_type": "node", "osm_id": stableID(place.name), "lat": String(place.latitude),
            "lon": String(place.longitude), "category": "place", "type": place.type, "place_rank": 16,
            "importance": 0.5, "addresstype": place.type, "name": place.name, "display_name": displayName,
            "address": address,
            "boundingbox": [place.extent[3], place.extent[1], place.extent[0], place.extent[2]].map { String($0) },
        ]
    }

    /// An identifier from a name, the same in every run.
    private static func stableID(_ name: String) -> Int {
        name.utf8.reduce(7) { ($0 &* 31 &+ Int($1)) % 1_000_003 }
    }

    private static func json(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

extension LoopbackServer.Answer {
    /// This answer with another status.
    public func with(status: Int) -> LoopbackServer.Answer {
        var answer = self
        answer.status = status
        return answer
    }
}
