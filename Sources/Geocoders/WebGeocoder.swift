import AddressPicker

/// A geocoding service over HTTP that answers the picker's searches and lookups under its
/// usage rules: ``PhotonGeocoder`` and ``NominatimGeocoder``.
///
/// Hand it to a `ProviderSet` for completions, places and addresses, and give the picker the
/// configuration of its rules, so that the machine asks only what the service allows:
///
/// ```swift
/// import AddressPicker
/// import Geocoders
///
/// let nominatim = try NominatimGeocoder(userAgent: "MyApp/1.0 (me@example.com)")
/// let state = AddressPicker.initialState(
///     AddressPicker.Context(configuration: nominatim.rules.configuration()))
/// ```
public protocol WebGeocoder: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider {
    /// The service's name: "Photon", "Nominatim".
    var service: String { get }
    /// The rules in force: those given, at least the public endpoint's there.
    var rules: UsageRules { get }
}
