import AddressPicker
import Gazetteer

/// What answers the picker's requests in `play`: the embedded gazetteer for completions, place
/// search and reverse geocoding; the person for location permission; the simulated location;
/// and a clear failure for points of interest, which the gazetteer does not have.
enum PlayProviders {
    /// Why points of interest fail.
    static let noPointsOfInterest = "the embedded gazetteer has populated places only, no points of interest"
    /// Why locate-me fails without `--location`.
    static let noLocation = "no simulated location (start play with --location LAT,LON)"

    /// The provider of the live runtime.
    static func provider(
        gazetteer: Gazetteer, location: Coordinate?, prompt: PermissionPrompt
    ) -> @Sendable (AddressPicker.Request) async -> AddressPicker.Event {
        let provider = GazetteerProvider(gazetteer: gazetteer)
        return { request in
            switch request {
            case .requestAuthorization:
                return .authorization(await prompt.ask())
            case .requestLocation:
                return location.map(AddressPicker.Event.location) ?? .locationFailed(noLocation)
            case .searchPointsOfInterest:
                return .pointsOfInterestFailed(noPointsOfInterest)
            case .requestCompletions, .searchPlaces, .reverseGeocode:
                return provider.answer(request)
            }
        }
    }
}
