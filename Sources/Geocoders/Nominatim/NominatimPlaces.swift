import AddressPicker

/// One place of Nominatim's `jsonv2` answer, as far as the picker reads it. `/search` answers
/// an array of them, `/reverse` one (or `{"error": …}` when nothing is there).
struct NominatimPlace: Decodable {
    /// Latitude and longitude, as decimal strings.
    var lat: String
    var lon: String
    var name: String?
    /// The parts of the address, by Nominatim's keys (`road`, `house_number`, `city`, …).
    var address: [String: String]?
    /// `[south, north, west, east]`, as decimal strings.
    var boundingbox: [String]?

    /// The streets a house is on, by the keys Nominatim names them with, most common first.
    private static let streetKeys = ["road", "pedestrian", "footway", "path", "cycleway", "square", "place"]
    /// The settlements an address is in, largest first.
    private static let cityKeys = ["city", "town", "village", "hamlet", "municipality", "suburb"]

    /// The place, from its coordinate and its address.
    ///
    /// - Throws: ``GeocoderError/Reason/malformedAnswer(_:)`` when `lat` and `lon` are not
    ///   decimal degrees in range.
    func place(at path: String, service: String) throws(GeocoderError) -> Place {
        guard let latitude = Double(lat), let longitude = Double(lon),
            let center = try? Coordinate(latitude: latitude, longitude: longitude)
        else {
            throw GeocoderError(
                service: service, reason: .malformedAnswer("'\(path).lat' and '\(path).lon' are not degrees in range"))
        }
        let address = postalAddress
        return Place(name: PlaceReading.placeName(of: address), center: center, address: address)
    }

    /// The address: its parts by Nominatim's keys, as they may be shown (`PlaceReading.shown(_:)`); an
    /// empty name is none.
    var postalAddress: Address {
        let parts = address ?? [:]
        let street = Self.streetKeys.lazy.compactMap { parts[$0] }.first
        let city = Self.cityKeys.lazy.compactMap { parts[$0] }.first
        let shown = PlaceReading.shown
        return Address(
            name: shown(name), street: shown(street), houseNumber: shown(parts["house_number"]), city: shown(city),
            region: shown(parts["state"]), postalCode: shown(parts["postcode"]), country: shown(parts["country"]),
            countryCode: shown(parts["country_code"]?.uppercased()))
    }

    /// The corners of the bounding box, when it is four degrees in range.
    var corners: [Coordinate]? {
        guard let box = boundingbox, box.count == 4 else { return nil }
        let numbers = box.compactMap(Double.init)
        guard numbers.count == 4,
            let southWest = try? Coordinate(latitude: numbers[0], longitude: numbers[2]),
            let northEast = try? Coordinate(latitude: numbers[1], longitude: numbers[3])
        else { return nil }
        return [southWest, northEast]
    }
}

/// `/reverse`'s answer: a place, or an error saying none is there.
struct NominatimReverse: Decodable {
    var place: NominatimPlace?
    var error: String?

    private enum CodingKeys: String, CodingKey { case error }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        place = error == nil ? try NominatimPlace(from: decoder) : nil
    }
}
