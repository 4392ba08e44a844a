import AddressPicker
import Gazetteer
import Geocoders

/// What answers the picker's requests in `play`: the embedded gazetteer, or a geocoder over HTTP,
/// for completions, place search and reverse geocoding; the person for location permission; the
/// simulated location; and a clear failure for points of interest, which neither has.
///
/// A place search's region is play's own (``shown(_:)``): the gazetteer's region holds every
/// place of the answer, and namesakes an ocean apart ("Springfield": twenty in the United States,
/// one in Queensland) made it a map of the ocean between them, the places crowded at its edges.
enum PlayProviders {
    /// Why points of interest fail.
    static let noPointsOfInterest = "the embedded gazetteer has populated places only, no points of interest"
    /// Why locate-me fails without `--location`.
    static let noLocation = "no simulated location (start play with --location LAT,LON)"
    /// The farthest a place of a search's answer may be from every other place of the group the
    /// map shows and still join it, in metres: farther than across a sea, less than across an ocean.
    static let neighbourDistance = 3_000_000.0
    /// The smallest span a search's region has, as the gazetteer's (a single place's region).
    static let smallestSearchSpan = Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05)

    /// The provider of the live runtime.
    static func provider(
        gazetteer: Gazetteer, geocoder: (any WebGeocoder)?, location: Coordinate?, prompt: PermissionPrompt
    ) -> @Sendable (AddressPicker.Request) async -> AddressPicker.Event {
        let provider = GazetteerProvider(gazetteer: gazetteer)
        return { request in
            if let geocoder, let event = await answer(request, by: geocoder) { return event }
            switch request {
            case .requestAuthorization:
                return .authorization(await prompt.ask())
            case .requestLocation:
                return location.map(AddressPicker.Event.location) ?? .locationFailed(noLocation)
            case .searchPointsOfInterest:
                return .pointsOfInterestFailed(noPointsOfInterest)
            case .searchPlaces(let query):
                return .places(shown(provider.placeAnswer(for: query)))
            case .requestCompletions, .reverseGeocode:
                return provider.answer(request)
            }
        }
    }

    /// The answer of `geocoder` to a completions, place search or reverse geocoding `request`
    /// (a place search's as play shows it); `nil` for the other requests. A failure is the
    /// request's failure event, with the geocoder's message.
    static func answer(_ request: AddressPicker.Request, by geocoder: any WebGeocoder) async -> AddressPicker.Event? {
        do {
            switch request {
            case .requestCompletions(let query): return .completions(try await geocoder.completions(for: query))
            case .searchPlaces(let query): return .places(shown(try await geocoder.places(for: query)))
            case .reverseGeocode(let center): return .address(try await geocoder.address(at: center))
            case .requestAuthorization, .requestLocation, .searchPointsOfInterest: return nil
            }
        } catch {
            return ProviderSet.failure(of: request.kind, message: String(describing: error))
        }
    }

    /// `answer` as play shows it: every place listed, the map on the places around the first
    /// one, the result highlighted first (``group(_:)``). When they are all of that group, the
    /// gazetteer's region, which holds them all, is kept.
    static func shown(_ answer: PlaceSearchAnswer) -> PlaceSearchAnswer {
        let group = group(answer.places)
        guard group.count < answer.places.count else { return answer }
        var answer = answer
        answer.boundingRegion = MapRegion.enclosing(group.map(\.center), minimumSpan: smallestSearchSpan)
        return answer
    }

    /// The places the map shows of a search's `places`: the first one, and every place reached
    /// from it by steps of at most ``neighbourDistance`` from place to place, in their order. A
    /// place across an ocean from them is left out: the region that held it too would show
    /// mostly the ocean.
    static func group(_ places: [Place]) -> [Place] {
        guard !places.isEmpty else { return [] }
        var inGroup = Array(repeating: false, count: places.count)
        inGroup[0] = true
        var reached = [0]
        while let index = reached.popLast() {
            for other in places.indices where !inGroup[other] {
                guard places[index].center.distance(to: places[other].center) <= neighbourDistance else { continue }
                inGroup[other] = true
                reached.append(other)
            }
        }
        return places.indices.filter { inGroup[$0] }.map { places[$0] }
    }
}
