import AddressPicker
import EventScripts

/// The types of the address picker's script vocabulary: its constructors and enumerations.
enum ScriptTypes {
    static let center = RecordType(
        "center", [Parameter("latitude", .number), Parameter("longitude", .number)],
        validate: { value in
            guard let latitude = value[field: "latitude"]?.numeric, let longitude = value[field: "longitude"]?.numeric else {
                return nil
            }
            do {
                _ = try Coordinate(latitude: latitude, longitude: longitude)
                return nil
            } catch {
                return String(describing: error)
            }
        })
    static let span = RecordType("span", [Parameter("latitudeDelta", .number), Parameter("longitudeDelta", .number)])
    static let region = RecordType("region", [Parameter("center", .record(center)), Parameter("span", .record(span))])
    static let completion = RecordType("completion", [Parameter("title", .string), Parameter("subtitle", .string)])

    static let addressParts = ["name", "street", "city", "region", "postalCode", "country", "countryCode"]
    static let address = RecordType(
        "address", addressParts.map { Parameter($0, .optional(.string), showsLabel: true) }, requiresLabels: true,
        computed: [ComputedPart("formatted", .string) { value in .string(AddressPicker.address(from: value).formatted) }])

    static let place = RecordType("place", [
        Parameter("name", .string),
        Parameter("center", .record(center)),
        Parameter("address", .record(address), conversions: [
            Parameter.Conversion(from: .string) { street in
                .record("address", addressParts.map { Value.Field($0, $0 == "street" ? street : .null, showsLabel: true) })
            },
        ]),
    ])
    static let placesAnswer = RecordType("places", [
        Parameter("region", .record(region)), Parameter("places", .list(.record(place))),
    ])

    static func names<T: CaseIterable>(_ type: String, _: T.Type) -> ValueType {
        .names(type, T.allCases.map { String(describing: $0) })
    }

    static let authorization = names("authorization", AddressPicker.Authorization.self)
    static let addressSource = names("address source", AddressPicker.AddressSource.self)
    static let alert = names("alert", AddressPicker.Alert.self)
    static let failure = names("error", AddressPicker.Failure.self)
    static let timer = names("timer", AddressPicker.Timer.self)
    static let requestKind = names("request kind", AddressPicker.Request.Kind.self)
}
