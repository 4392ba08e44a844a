import Testing

@testable import AddressPicker

/// The picker's context hashes its fixed-size words mixed into one, then its text and lists:
/// equal contexts must hash alike, and a change to any stored field must change the hash.
@Suite("The context's hash") struct ContextHashTests {
    typealias Context = AddressPicker.Context

    static let place = Place(
        name: "Pariser Platz", center: Coordinate(clampingLatitude: 52.5163, longitude: 13.3777),
        address: Address(street: "Pariser Platz", houseNumber: "1", city: "Berlin", countryCode: "DE"))
    static let region = MapRegion(
        center: Coordinate(clampingLatitude: 52.5, longitude: 13.4),
        span: try! Span(latitudeDelta: 0.05, longitudeDelta: 0.05))

    /// One change to each stored field of the context, by the field's name.
    static let changes: [(field: String, change: @Sendable (inout Context) -> Void)] = [
        ("region", { $0.region = region }),
        ("query", { $0.query = "Pariser" }),
        ("completions", { $0.completions = [Completion(title: "Pariser Platz", subtitle: "Berlin")] }),
        ("results", { $0.results = [place] }),
        ("address", { $0.address = place.address }),
        ("addressSource", { $0.addressSource = .search }),
        ("authorization", { $0.authorization = .denied }),
        ("alert", { $0.alert = .locationDenied }),
        ("error", { $0.error = .placesFailed }),
        ("category", { $0.category = "cafe" }),
        ("pointsOfInterest", { $0.pointsOfInterest = [place] }),
        ("cachedCompletions", { $0.cachedCompletions = [.init(query: "Pa", completions: [])] }),
        ("referenceCenter", { $0.referenceCenter = place.center }),
        ("lookupSource", { $0.lookupSource = .mapCenter }),
        ("completionsQuery", { $0.completionsQuery = "Pa" }),
        ("searchOrigin", { $0.searchOrigin = region }),
        ("resultsMovedMap", { $0.resultsMovedMap = true }),
        ("heldRequest", { $0.heldRequest = .completions(query: "Pa") }),
        ("configuration", { $0.configuration.searchDebounce = .milliseconds(301) }),
    ]

    @Test func everyStoredFieldHasAChange() {
        let fields = Mirror(reflecting: Context()).children.compactMap(\.label)
        #expect(fields == Self.changes.map(\.field))
    }

    @Test func aChangeToAnyFieldChangesTheHash() {
        let base = Context()
        var hashes: Set<Int> = [base.hashValue]
        for (field, change) in Self.changes {
            var changed = base
            change(&changed)
            #expect(changed != base, "\(field)")
            #expect(hashes.insert(changed.hashValue).inserted, "\(field) did not change the hash")
        }
    }

    @Test func theSameTextInAListOrAnotherHashesApart() {
        // The lists' lengths are mixed in first: one place in `results` is not the same place in
        // `pointsOfInterest`, nor is a query the same text as the completions' query.
        var inResults = Context()
        inResults.results = [Self.place]
        var inPointsOfInterest = Context()
        inPointsOfInterest.pointsOfInterest = [Self.place]
        #expect(inResults.hashValue != inPointsOfInterest.hashValue)
        var query = Context()
        query.query = "Pa"
        var completionsQuery = Context()
        completionsQuery.completionsQuery = "Pa"
        #expect(query.hashValue != completionsQuery.hashValue)
    }

    @Test func equalContextsHashAlike() throws {
        var positive = Context(
            region: MapRegion(
                center: Coordinate(clampingLatitude: 0, longitude: 0), span: try Span(latitudeDelta: 0, longitudeDelta: 0)))
        var negative = Context(
            region: MapRegion(
                center: Coordinate(clampingLatitude: -0.0, longitude: -0.0),
                span: try Span(latitudeDelta: -0.0, longitudeDelta: -0.0)))
        // Canonically equivalent text is equal text: "é" precomposed and decomposed.
        positive.query = "caf\u{E9}"
        negative.query = "cafe\u{301}"
        positive.configuration.duplicateDistance = 0
        negative.configuration.duplicateDistance = -0.0
        #expect(positive == negative)
        #expect(positive.hashValue == negative.hashValue)
        #expect(positive.configuration.hashValue == negative.configuration.hashValue)
    }

    @Test func aChangeToAnyConfigurationFieldChangesItsHash() {
        typealias Configuration = AddressPicker.Configuration
        let changes: [(String, (inout Configuration) -> Void)] = [
            ("searchDebounce", { $0.searchDebounce = .milliseconds(1) }),
            ("regionDebounce", { $0.regionDebounce = .milliseconds(1) }),
            ("duplicateDistance", { $0.duplicateDistance = 1 }),
            ("locationSpan", { $0.locationSpan = try! Span(latitudeDelta: 1, longitudeDelta: 0.05) }),
            ("minimumQueryLength", { $0.minimumQueryLength = 3 }),
            ("completionCache", { $0.completionCache = 8 }),
            ("geocodeInterval", { $0.geocodeInterval = .seconds(1) }),
            ("requestInterval", { $0.requestInterval = .seconds(1) }),
        ]
        #expect(Mirror(reflecting: Configuration()).children.compactMap(\.label) == changes.map(\.0))
        var hashes: Set<Int> = [Configuration().hashValue]
        for (field, change) in changes {
            var changed = Configuration()
            change(&changed)
            #expect(hashes.insert(changed.hashValue).inserted, "\(field) did not change the hash")
        }
        var longitude = Configuration()
        longitude.locationSpan = try! Span(latitudeDelta: 0.05, longitudeDelta: 1)
        #expect(!hashes.contains(longitude.hashValue))
    }
}
