import AddressPicker
import EventScripts

/// The types of the address picker's script vocabulary: the constructors of its values, and the
/// shapes of its fields and arguments.
enum ScriptTypes {
    static let center = Constructor(
        "center", [Parameter("latitude", .number), Parameter("longitude", .number)],
        validate: { value in
            guard let latitude = value[argument: "latitude"]?.numeric, let longitude = value[argument: "longitude"]?.numeric
            else {
                return nil
            }
            do {
                _ = try Coordinate(latitude: latitude, longitude: longitude)
                return nil
            } catch {
                return String(describing: error)
            }
        })
    static let span = Constructor("span", [Parameter("latitudeDelta", .number), Parameter("longitudeDelta", .number)])
    static let region = Constructor("region", [Parameter("center", .constructor(center)), Parameter("span", .constructor(span))])
    static let completion = Constructor("completion", [Parameter("title", .string), Parameter("subtitle", .string)])

    static let addressParts = ["name", "street", "houseNumber", "city", "region", "postalCode", "country", "countryCode"]
    static let address = Constructor(
        "address", addressParts.map { Parameter($0, .optional(.string), showsLabel: true) }, requiresLabels: true,
        computed: [ComputedPart("formatted", .string) { value in .string(AddressPicker.address(from: value).formatted) }])

    static let place = Constructor(
        "place",
        [
            Parameter("name", .string),
            Parameter("center", .constructor(center)),
            Parameter(
                "address", .constructor(address),
                conversions: [
                    Parameter.Conversion(from: .string) { street in
                        .constructed(
                            "address", addressParts.map { Value.Argument($0, $0 == "street" ? street : .null, showsLabel: true) })
                    }
                ]),
        ])

    // MARK: shapes

    typealias A = AddressPicker

    static let centerShape = ValueShape(.constructor(center), encode: A.value, decode: A.coordinate(from:))
    static let regionShape = ValueShape(.constructor(region), encode: A.value, decode: A.region(from:))
    static let completionShape = ValueShape(.constructor(completion), encode: A.value, decode: A.completion(from:))
    static let addressShape = ValueShape(.constructor(address), encode: A.value, decode: { A.address(from: $0) })
    static let placeShape = ValueShape(.constructor(place), encode: A.value, decode: A.place(from:))

    /// The picker's enumerations are written as their cases' names.
    static func names<T: CaseIterable & Equatable & Sendable>(_ typeName: String, _: T.Type) -> ValueShape<T> {
        .enumeration(typeName, T.allCases.map { ($0, String(describing: $0)) })
    }

    static let authorization = names("authorization", A.Authorization.self)
    static let addressSource = names("address source", A.AddressSource.self)
    static let alert = names("alert", A.Alert.self)
    static let failure = names("error", A.Failure.self)
}
