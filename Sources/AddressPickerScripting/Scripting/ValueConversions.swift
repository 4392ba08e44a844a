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
            address.name, address.street, address.city, address.region, address.postalCode, address.country,
            address.countryCode,
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

    // MARK: sameness
    //
    // Whether two values are the same for scripts: as their `Value`s compare, strings by their
    // Unicode scalars (Swift's `==` takes canonically equivalent strings as equal, where a
    // transcript must show the change).

    /// Whether two strings hold the same Unicode scalars.
    static func same(_ a: String, _ b: String) -> Bool { a.hasSameScalars(as: b) }

    /// Whether two optional values are both `nil` or the same.
    static func same<T>(_ a: T?, _ b: T?, by same: (T, T) -> Bool) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): same(a, b)
        default: false
        }
    }

    static func same(_ a: String?, _ b: String?) -> Bool { same(a, b, by: same) }

    static func same(_ a: Completion, _ b: Completion) -> Bool {
        same(a.title, b.title) && same(a.subtitle, b.subtitle)
    }

    static func same(_ a: Address, _ b: Address) -> Bool {
        // An address that did not change holds the same storage before and after a step: the
        // same, without reading its seven parts.
        if hasSameStorage(a, b) { return true }
        return same(a.name, b.name) && same(a.street, b.street) && same(a.city, b.city) && same(a.region, b.region)
            && same(a.postalCode, b.postalCode) && same(a.country, b.country) && same(a.countryCode, b.countryCode)
    }

    static func same(_ a: Address?, _ b: Address?) -> Bool { same(a, b, by: same) }

    static func same(_ a: Place, _ b: Place) -> Bool {
        same(a.name, b.name) && a.center == b.center && same(a.address, b.address)
    }

    /// Whether two lists hold the same elements, in order; two lists in the same storage are the
    /// same without a look at their elements (as `Array`'s `==` does; only a `nan` coordinate,
    /// which scripts cannot give, is not the same as itself).
    static func same<T>(_ a: [T], _ b: [T], by same: (T, T) -> Bool) -> Bool {
        guard a.count == b.count else { return false }
        let shared = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        return shared || zip(a, b).allSatisfy(same)
    }

    /// Whether the addresses `a` and `b` are the same bits: an address keeps its parts in one
    /// array of strings, so the same bits are the same array storage, which holds the same
    /// parts; a `false` says nothing.
    private static func hasSameStorage(_ a: Address, _ b: Address) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }

    // MARK: text
    //
    // Each value's text written directly, as `description` writes the value above (a transcript
    // writes changed fields at every step); a test compares the two on the samples' values.

    static func render(_ coordinate: Coordinate, _ writer: ValueWriter) {
        writer.punctuation("center(")
        writer.number(coordinate.latitude)
        writer.punctuation(", ")
        writer.number(coordinate.longitude)
        writer.punctuation(")")
    }

    static func render(_ span: Span, _ writer: ValueWriter) {
        writer.punctuation("span(")
        writer.number(span.latitudeDelta)
        writer.punctuation(", ")
        writer.number(span.longitudeDelta)
        writer.punctuation(")")
    }

    static func render(_ region: MapRegion, _ writer: ValueWriter) {
        writer.punctuation("region(")
        render(region.center, writer)
        writer.punctuation(", ")
        render(region.span, writer)
        writer.punctuation(")")
    }

    static func render(_ completion: Completion, _ writer: ValueWriter) {
        writer.punctuation("completion(")
        writer.string(completion.title)
        writer.punctuation(", ")
        writer.string(completion.subtitle)
        writer.punctuation(")")
    }

    /// Only the parts that are not `nil`, each with its label.
    static func render(_ address: Address, _ writer: ValueWriter) {
        writer.punctuation("address(")
        var first = true
        func part(_ label: StaticString, _ part: String?) {
            guard let part else { return }
            if !first { writer.punctuation(", ") }
            first = false
            writer.punctuation(label)
            writer.string(part)
        }
        part("name: ", address.name)
        part("street: ", address.street)
        part("city: ", address.city)
        part("region: ", address.region)
        part("postalCode: ", address.postalCode)
        part("country: ", address.country)
        part("countryCode: ", address.countryCode)
        writer.punctuation(")")
    }

    static func render(_ place: Place, _ writer: ValueWriter) {
        writer.punctuation("place(")
        writer.string(place.name)
        writer.punctuation(", ")
        render(place.center, writer)
        writer.punctuation(", ")
        render(place.address, writer)
        writer.punctuation(")")
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
            city: optionalString(value?[argument: "city"]), region: optionalString(value?[argument: "region"]),
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
                "expected a duration from 0ms to 24 hours (\(Value.render(Configuration.longestDuration))) for \(name), found \(Value.render(duration))"
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
