/// A postal address, as a geocoder or a place search gives it. Every part is optional.
public struct Address: Hashable, Sendable {
    /// The name of the place ("Apple Fifth Avenue", "Westminster").
    public var name: String?
    /// Street and number.
    public var street: String?
    /// City or town.
    public var city: String?
    /// State, province or other first-level region ("NY", "Bavaria").
    public var region: String?
    /// Postal code.
    public var postalCode: String?
    /// Country name.
    public var country: String?
    /// ISO 3166-1 alpha-2 country code.
    public var countryCode: String?

    /// An address with the given parts.
    public init(
        name: String? = nil, street: String? = nil, city: String? = nil, region: String? = nil,
        postalCode: String? = nil, country: String? = nil, countryCode: String? = nil
    ) {
        self.name = name
        self.street = street
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.countryCode = countryCode
    }

    /// One readable line: the non-empty parts among name, street, city, "region postalCode" (either
    /// alone when the other is empty) and country, joined with ", ".
    public var formatted: String {
        let regionAndCode = [region, postalCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return [name, street, city, regionAndCode, country]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
            .joined(separator: ", ")
    }
}
