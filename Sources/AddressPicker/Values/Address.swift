/// A postal address, as a geocoder or a place search gives it. Every part is optional.
public struct Address: Hashable, Sendable {
    /// The parts in the order name, street, city, region, postalCode, country, countryCode,
    /// houseNumber: one array, so that copying an address (and the picker's state) costs one retain.
    private var parts: [String?]

    /// The name of the place ("Apple Fifth Avenue", "Westminster").
    public var name: String? {
        get { parts[0] }
        set { parts[0] = newValue }
    }
    /// The street; with its number too when the source gives them together (the embedded
    /// gazetteer has no streets; Photon and Nominatim give the number apart, as ``houseNumber``).
    public var street: String? {
        get { parts[1] }
        set { parts[1] = newValue }
    }
    /// The house number on ``street`` ("5", "12a"), when the source gives it apart.
    public var houseNumber: String? {
        get { parts[7] }
        set { parts[7] = newValue }
    }
    /// City or town.
    public var city: String? {
        get { parts[2] }
        set { parts[2] = newValue }
    }
    /// State, province or other first-level region ("NY", "Bavaria").
    public var region: String? {
        get { parts[3] }
        set { parts[3] = newValue }
    }
    /// Postal code.
    public var postalCode: String? {
        get { parts[4] }
        set { parts[4] = newValue }
    }
    /// Country name.
    public var country: String? {
        get { parts[5] }
        set { parts[5] = newValue }
    }
    /// ISO 3166-1 alpha-2 country code.
    public var countryCode: String? {
        get { parts[6] }
        set { parts[6] = newValue }
    }

    /// An address with the given parts.
    public init(
        name: String? = nil, street: String? = nil, city: String? = nil, region: String? = nil,
        postalCode: String? = nil, country: String? = nil, countryCode: String? = nil
    ) {
        parts = [name, street, city, region, postalCode, country, countryCode, nil]
    }

    /// An address with the given parts, a house number among them.
    public init(
        name: String? = nil, street: String? = nil, houseNumber: String?, city: String? = nil, region: String? = nil,
        postalCode: String? = nil, country: String? = nil, countryCode: String? = nil
    ) {
        parts = [name, street, city, region, postalCode, country, countryCode, houseNumber]
    }

    /// One readable line: the non-empty parts among name, the street line, city, "region
    /// postalCode" (either alone when the other is empty) and country, joined with ", ".
    ///
    /// The street line is "street houseNumber" ("Unter den Linden 77"), or "houseNumber street"
    /// ("350 Fifth Avenue") in the countries that write the number first: the United States,
    /// Canada, the United Kingdom, Ireland, Australia, New Zealand and France.
    public var formatted: String {
        let regionAndCode = [region, postalCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return [name, streetLine, city, regionAndCode, country]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
    }

    /// The countries (ISO 3166-1 alpha-2) whose addresses write the house number before the street.
    private static let numberFirstCountries: Set<String> = ["US", "CA", "GB", "IE", "AU", "NZ", "FR"]

    /// The street with its house number, in the country's order.
    private var streetLine: String? {
        guard let houseNumber, !houseNumber.isEmpty else { return street }
        guard let street, !street.isEmpty else { return houseNumber }
        let numberFirst = countryCode.map { Self.numberFirstCountries.contains($0.uppercased()) } ?? false
        return numberFirst ? "\(houseNumber) \(street)" : "\(street) \(houseNumber)"
    }
}

extension Address: CustomReflectable {
    /// The parts by name, for dumps, test diffs and debuggers, rather than the storage array.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "name": name as Any, "street": street as Any, "houseNumber": houseNumber as Any, "city": city as Any,
                "region": region as Any,
                "postalCode": postalCode as Any, "country": country as Any, "countryCode": countryCode as Any,
            ], displayStyle: .struct)
    }
}
