import AddressPicker
import EventScripts

/// The address picker's values as script values and back. Decoding reads values the checker has
/// already typed (and, for events and answers, validated), so a failure here means a value of
/// the wrong shape reached it, reported as a ``ConversionError``, never a crash.
extension AddressPicker {
    static func value(_ coordinate: Coordinate) -> Value {
        .constructed(
            "center", [.init("latitude", .number(coordinate.latitude)), .init("longitude", .number(coordinate.longitude))])
    }

    static func value(_ span: Span) -> Value {
        .constructed(
            "span", [.init("latitudeDelta", .number(span.latitudeDelta)), .init("longitudeDelta", .number(span.longitudeDelta))])
    }

    static func value(_ region: MapRegion) -> Value {
        .constructed("region", [.init("center", value(region.center)), .init("span", value(region.span))])
    }

    static func value(_ completion: Completion) -> Value {
        .constructed("completion", [.init("title", .string(completion.title)), .init("subtitle", .string(completion.subtitle))])
    }

    static func value(_ address: Address) -> Value {
        let parts = [
            address.name, address.street, address.houseNumber, address.city, address.region, address.postalCode,
            address.country, address.countryCode,
        ]
        return .constructed(
            "address",
            zip(ScriptTypes.addressParts, parts).map { label, part in
                Value.Argument(label, part.map(Value.string) ?? .null, showsLabel: true)
            })
    }

    static func value(_ place: Place) -> Value {
        .constructed(
            "place",
            [
                .init("name", .string(place.name)), .init("center", value(place.center)),
                .init("address", value(place.address)),
            ])
    }

    // MARK: decoding

    static func number(_ value: Value?, _ what: String) throws(ConversionError) -> Double {
        guard let number = value?.numeric else { throw ConversionError("expected a number for \(what)") }
        return number
    }

    static func string(_ value: Value?, _ what: String) throws(ConversionError) -> String {
        guard case .string(let string)? = value else { throw ConversionError("expected a string for \(what)") }
        return string
    }

    static func optionalString(_ value: Value?) -> String? {
        if case .string(let string)? = value { string } else { nil }
    }

    static func integer(_ value: Value?, _ what: String) throws(ConversionError) -> Int {
        guard case .integer(let integer)? = value else { throw ConversionError("expected a whole number for \(what)") }
        return integer
    }

    static func coordinate(from value: Value?) throws(ConversionError) -> Coordinate {
        let latitude = try number(value?[argument: "latitude"], "latitude")
        let longitude = try number(value?[argument: "longitude"], "longitude")
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw ConversionError(error.description)
        }
    }

    static func span(from value: Value?) throws(ConversionError) -> Span {
        // The language's numbers are finite: a span of them is always one.
        Span(
            checkedLatitudeDelta: try number(value?[argument: "latitudeDelta"], "latitudeDelta"),
            longitudeDelta: try number(value?[argument: "longitudeDelta"], "longitudeDelta"))
    }

    static func region(from value: Value?) throws(ConversionError) -> MapRegion {
        MapRegion(center: try coordinate(from: value?[argument: "center"]), span: try span(from: value?[argument: "span"]))
    }

    static func completion(from value: Value?) throws(ConversionError) -> Completion {
        Completion(
            title: try string(value?[argument: "title"], "title"), subtitle: try string(value?[argument: "subtitle"], "subtitle"))
    }

    static func address(from value: Value?) -> Address {
        Address(
            name: optionalString(value?[argument: "name"]), street: optionalString(value?[argument: "street"]),
            houseNumber: optionalString(value?[argument: "houseNumber"]), city: optionalString(value?[argument: "city"]),
            region: optionalString(value?[argument: "region"]),
            postalCode: optionalString(value?[argument: "postalCode"]), country: optionalString(value?[argument: "country"]),
            countryCode: optionalString(value?[argument: "countryCode"]))
    }

    static func place(from value: Value?) throws(ConversionError) -> Place {
        Place(
            name: try string(value?[argument: "name"], "name"), center: try coordinate(from: value?[argument: "center"]),
            address: address(from: value?[argument: "address"]))
    }

    static func duration(_ value: Value?) throws(ConversionError) -> Duration {
        guard case .duration(let duration)? = value else { throw ConversionError("expected a duration") }
        return duration
    }

    // MARK: settings
    //
    // A `given` setting is checked against its range here, so that a script with an absurd
    // value is invalid with a located error instead of running the clock backwards.

    /// A timing setting: from zero to ``Configuration/longestDuration`` (24 hours).
    static func durationSetting(_ value: Value?, _ name: String) throws(ConversionError) -> Duration {
        let duration = try duration(value)
        guard duration >= .zero, duration <= Configuration.longestDuration else {
            throw ConversionError(
                "expected a duration from 0ms to \(Value.render(Configuration.longestDuration)) (24 hours) for \(name), found \(Value.render(duration))"
            )
        }
        return duration
    }

    /// A whole-number setting: from `minimum` to ``Configuration/largestWholeNumber`` (2³¹ − 1).
    static func wholeNumberSetting(_ value: Value?, _ name: String, atLeast minimum: Int) throws(ConversionError) -> Int {
        let number = try integer(value, name)
        guard number >= minimum, number <= Configuration.largestWholeNumber else {
            throw ConversionError(
                "expected a whole number from \(minimum) to \(Configuration.largestWholeNumber) for \(name), found \(number)")
        }
        return number
    }

    /// `duplicateDistance`: metres, from 0 to ``Configuration/longestDistance`` (half the
    /// Earth's circumference).
    static func distanceSetting(_ value: Value) throws(ConversionError) -> Double {
        let distance = try number(value, "duplicateDistance")
        guard distance >= 0, distance <= Configuration.longestDistance else {
            throw ConversionError(
                "expected a distance in metres from 0 to \(Int(Configuration.longestDistance)) (half the Earth's circumference) for duplicateDistance, found \(value)"
            )
        }
        return distance
    }

    /// `locationSpan`: a latitude delta above 0 and at most 180 degrees, a longitude delta above
    /// 0 and at most 360.
    static func spanSetting(_ value: Value) throws(ConversionError) -> Span {
        let span = try span(from: value)
        guard span.latitudeDelta > 0, span.latitudeDelta <= 180, span.longitudeDelta > 0, span.longitudeDelta <= 360 else {
            throw ConversionError(
                "expected a span whose latitudeDelta is above 0 and at most 180 and whose longitudeDelta is above 0 and at most 360 for locationSpan, found \(value)"
            )
        }
        return span
    }
}
