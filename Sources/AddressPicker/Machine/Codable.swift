import Foundation

// The picker's context and requests are Codable, so that a running picker can be saved and
// restored (`SavedState`). Values with an invariant (a coordinate's range, the configuration's
// limits) check it when decoded, as their initialisers and the script vocabulary do: a saved
// file that breaks one is refused, never loaded.

// The values without an invariant declare Codable where they are declared (for its synthesis).
extension AddressPicker.Authorization: Codable {}
extension AddressPicker.AddressSource: Codable {}
extension AddressPicker.Alert: Codable {}
extension AddressPicker.Failure: Codable {}

extension Coordinate: Codable {
    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }

    /// Decodes a coordinate whose latitude is in -90...90 and longitude in -180...180.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

extension Address: Codable {
    private enum CodingKeys: String, CodingKey { case name, street, houseNumber, city, region, postalCode, country, countryCode }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(street, forKey: .street)
        try container.encodeIfPresent(houseNumber, forKey: .houseNumber)
        try container.encodeIfPresent(city, forKey: .city)
        try container.encodeIfPresent(region, forKey: .region)
        try container.encodeIfPresent(postalCode, forKey: .postalCode)
        try container.encodeIfPresent(country, forKey: .country)
        try container.encodeIfPresent(countryCode, forKey: .countryCode)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name),
            street: try container.decodeIfPresent(String.self, forKey: .street),
            houseNumber: try container.decodeIfPresent(String.self, forKey: .houseNumber),
            city: try container.decodeIfPresent(String.self, forKey: .city),
            region: try container.decodeIfPresent(String.self, forKey: .region),
            postalCode: try container.decodeIfPresent(String.self, forKey: .postalCode),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            countryCode: try container.decodeIfPresent(String.self, forKey: .countryCode))
    }
}

extension AddressPicker.Configuration: Codable {
    private enum CodingKeys: String, CodingKey {
        case searchDebounce, regionDebounce, duplicateDistance, locationSpan, minimumQueryLength, completionCache, geocodeInterval
        case requestInterval
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(searchDebounce, forKey: .searchDebounce)
        try container.encode(regionDebounce, forKey: .regionDebounce)
        try container.encode(duplicateDistance, forKey: .duplicateDistance)
        try container.encode(locationSpan, forKey: .locationSpan)
        try container.encode(minimumQueryLength, forKey: .minimumQueryLength)
        try container.encode(completionCache, forKey: .completionCache)
        try container.encode(geocodeInterval, forKey: .geocodeInterval)
        // Written only when set, so that a configuration without R4 saves as it always has.
        if requestInterval != .zero { try container.encode(requestInterval, forKey: .requestInterval) }
    }

    /// Decodes a configuration within the limits the script vocabulary's `given` lines keep:
    /// durations from zero to `longestDuration`, whole numbers up to `largestWholeNumber`
    /// (a minimum query length of at least 1), a duplicate distance up to `longestDistance`,
    /// a location span above zero and at most 180° by 360°.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func duration(_ key: CodingKeys) throws -> Duration {
            let value = try container.decodeIfPresent(Duration.self, forKey: key) ?? (key == .requestInterval ? .zero : nil)
            guard let value else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: container.codingPath, debugDescription: "\(key) is missing"))
            }
            guard value >= .zero, value <= Self.longestDuration else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(value) is not from 0 to 24 hours")
            }
            return value
        }
        func wholeNumber(_ key: CodingKeys, atLeast minimum: Int) throws -> Int {
            let value = try container.decode(Int.self, forKey: key)
            guard value >= minimum, value <= Self.largestWholeNumber else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(value) is not from \(minimum) to \(Self.largestWholeNumber)")
            }
            return value
        }
        self.init()
        searchDebounce = try duration(.searchDebounce)
        regionDebounce = try duration(.regionDebounce)
        geocodeInterval = try duration(.geocodeInterval)
        requestInterval = try duration(.requestInterval)
        minimumQueryLength = try wholeNumber(.minimumQueryLength, atLeast: 1)
        completionCache = try wholeNumber(.completionCache, atLeast: 0)
        duplicateDistance = try container.decode(Double.self, forKey: .duplicateDistance)
        guard duplicateDistance >= 0, duplicateDistance <= Self.longestDistance else {
            throw DecodingError.dataCorruptedError(
                forKey: .duplicateDistance, in: container,
                debugDescription: "\(duplicateDistance) is not from 0 to \(Self.longestDistance) metres")
        }
        locationSpan = try container.decode(Span.self, forKey: .locationSpan)
        guard locationSpan.latitudeDelta > 0, locationSpan.latitudeDelta <= 180,
            locationSpan.longitudeDelta > 0, locationSpan.longitudeDelta <= 360
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .locationSpan, in: container, debugDescription: "the span is not above 0 and at most 180 by 360 degrees")
        }
    }
}
