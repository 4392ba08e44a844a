import AddressPicker

/// Photon's answer, a GeoJSON FeatureCollection, as far as the picker reads it.
struct PhotonFeatures: Decodable {
    struct Feature: Decodable {
        struct Geometry: Decodable {
            /// `[longitude, latitude]`, GeoJSON's order.
            var coordinates: [Double]
        }

        struct Properties: Decodable {
            var name: String?
            var street: String?
            var housenumber: String?
            var postcode: String?
            var city: String?
            var district: String?
            var state: String?
            var country: String?
            var countrycode: String?
            /// The kind of object: house, street, locality, district, city, county, state, country.
            var type: String?
            /// `[west, north, east, south]`, in degrees.
            var extent: [Double]?
        }

        var geometry: Geometry
        var properties: Properties
    }

    var features: [Feature]

    /// The places of the answer, in its order.
    ///
    /// - Throws: ``GeocoderError/Reason/malformedAnswer(_:)`` for a feature whose point is not a
    ///   longitude and a latitude in range.
    func places(service: String) throws(GeocoderError) -> [Place] {
        var places: [Place] = []
        places.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            places.append(try feature.place(index: index, service: service))
        }
        return places
    }

    /// The region that holds every place's extent, when each has one.
    func extentRegion() -> MapRegion? {
        var corners: [Coordinate] = []
        for feature in features {
            guard let extent = feature.properties.extent, extent.count == 4,
                let northWest = try? Coordinate(latitude: extent[1], longitude: extent[0]),
                let southEast = try? Coordinate(latitude: extent[3], longitude: extent[2])
            else { return nil }
            corners += [northWest, southEast]
        }
        return PlaceReading.region(enclosing: corners)
    }
}

extension PhotonFeatures.Feature {
    /// The feature as a place: its point, and its properties as an address.
    func place(index: Int, service: String) throws(GeocoderError) -> Place {
        let point = geometry.coordinates
        guard point.count >= 2, let center = try? Coordinate(latitude: point[1], longitude: point[0]) else {
            throw GeocoderError(
                service: service,
                reason: .malformedAnswer("'features[\(index)].geometry.coordinates' is not a longitude and a latitude in range"))
        }
        let address = self.address
        return Place(name: PlaceReading.placeName(of: address), center: center, address: address)
    }

    /// The properties as an address: a city, town or village that is the feature itself is its
    /// own city.
    var address: Address {
        let settlements: Set<String> = ["city", "town", "village", "hamlet"]
        let isSettlement = properties.type.map(settlements.contains) ?? false
        let shown = PlaceReading.shown
        return Address(
            name: shown(properties.name), street: shown(properties.street), houseNumber: shown(properties.housenumber),
            city: shown(properties.city ?? (isSettlement ? properties.name : nil)), region: shown(properties.state),
            postalCode: shown(properties.postcode), country: shown(properties.country),
            countryCode: shown(properties.countrycode?.uppercased()))
    }
}
