import MachineCore

extension AddressPicker {
    /// What the picker remembers besides its control states.
    public struct Context: Hashable, Sendable, Codable {
        /// The region on screen.
        public var region: MapRegion
        /// The search text.
        public var query = ""
        /// The completions on screen.
        public var completions: [Completion] = []
        /// The markers of the last place search.
        public var results: [Place] = []
        /// The picked address.
        public var address: Address?
        /// Where ``address`` came from.
        public var addressSource: AddressSource?
        /// The location permission.
        public var authorization = Authorization.notDetermined
        /// The alert on screen.
        public var alert: Alert?
        /// The failure on screen.
        public var error: Failure?
        /// The selected category of points of interest.
        public var category: String?
        /// The points of interest on screen.
        public var pointsOfInterest: [Place] = []
        /// The completion cache: the completions of the queries answered most recently, most
        /// recently used first, each query once, at most ``Configuration/completionCache`` of
        /// them (R2). Scripts read its queries as `cachedQueries`.
        package var cachedCompletions: [CachedCompletions] = []

        /// The centre of the last lookup requested or of the place picked: a user move within
        /// ``Configuration/duplicateDistance`` of it is not looked up again (M2). While the map
        /// is `throttled`, it is the centre of the lookup held back (R3).
        package var referenceCenter: Coordinate?
        /// Where the address of the lookup in flight, or held back (R3), will come from (M5).
        package var lookupSource: AddressSource?
        /// The query whose completions are on screen, if any (S5).
        package var completionsQuery: String?
        /// The region remembered when the search was activated (S1, C6).
        public var searchOrigin: MapRegion?
        /// Whether a place search has moved the map since the search was activated (C6).
        package var resultsMovedMap = false
        /// R4: the completions request or place search waiting for the geocode cooldown to end,
        /// while the search is `loadingCompletions` or `searching`.
        var heldRequest: HeldRequest?

        /// The timings and distances.
        public var configuration: Configuration

        /// The context a picker starts with.
        public init(region: MapRegion = Context.defaultRegion, configuration: Configuration = Configuration()) {
            self.region = region
            self.configuration = configuration
        }

        /// New York: centre (40.7, −74.0), span 0.075 × 0.075.
        public static let defaultRegion = MapRegion(
            center: Coordinate(checkedLatitude: 40.7, longitude: -74.0),
            span: Span(checkedLatitudeDelta: 0.075, longitudeDelta: 0.075))
    }

    /// The picker's timings and distances.
    public struct Configuration: Hashable, Sendable {
        /// Quiet time after a keystroke before completions are requested.
        public var searchDebounce = Duration.milliseconds(300)
        /// Quiet time after a pan before the centre is looked up.
        public var regionDebounce = Duration.milliseconds(500)
        /// Metres within which a new centre counts as the same place (M2).
        public var duplicateDistance = 10.0
        /// The span of a region centred on one place (C3's minimum, C5, L3).
        public var locationSpan = Span(checkedLatitudeDelta: 0.05, longitudeDelta: 0.05)

        /// R1: the fewest characters (counted as `String.count` counts them: extended grapheme
        /// clusters) a query needs before its completions are requested. A shorter non-empty
        /// query asks nothing and clears the search's completions and results. The default, 1,
        /// lets every non-empty query ask; a value below 1 acts as 1.
        public var minimumQueryLength = 1
        /// R2: how many queries' completions the completion cache keeps. The default, 0, keeps
        /// none (the cache is off); a negative value acts as 0.
        public var completionCache = 0
        /// R3: the least time between two reverse geocodes. A lookup that would come sooner is
        /// held back (the map is `throttled`) until the cooldown ends. The default, zero, imposes
        /// no interval; a negative value acts as zero.
        public var geocodeInterval = Duration.zero
        /// R4: the least time between two requests to the geocoding service, of every kind it
        /// answers (completions, place searches, reverse geocodes), as a service that counts
        /// them together asks (Nominatim: one a second for the whole application). Each such
        /// request starts the geocode cooldown for the longer of this and `geocodeInterval`; a
        /// completions request or a place search that would come while it runs waits for it to
        /// end (the search is `loadingCompletions` or `searching` meanwhile), and so does a
        /// lookup (R3). The default, zero, imposes no interval; a negative value acts as zero.
        public var requestInterval = Duration.zero

        /// Every request policy off: the machine's default behaviour.
        public init() {}

        /// Whether a non-empty `query` is shorter than ``minimumQueryLength`` (R1). Counts no
        /// further than the minimum, and not at all when the minimum is 1.
        public func isShort(_ query: String) -> Bool {
            minimumQueryLength > 1
                && query.index(query.startIndex, offsetBy: minimumQueryLength, limitedBy: query.endIndex) == nil
        }

        /// R4: whether every request to the geocoding service is spaced out, not just lookups.
        var spacesEveryRequest: Bool { requestInterval > .zero }

        /// How long the geocode cooldown runs after a request it follows: `geocodeInterval`
        /// (R3), or the longer of it and `requestInterval` when R4 is on.
        package var cooldown: Duration { spacesEveryRequest ? max(geocodeInterval, requestInterval) : geocodeInterval }

        /// Whether R3 or R4 spaces reverse geocodes out.
        var throttlesGeocoding: Bool { cooldown > .zero }
    }

    /// R4: a request the search holds until the geocode cooldown ends.
    enum HeldRequest: Hashable, Sendable, Codable {
        /// The completions of a query (S5).
        case completions(query: String)
        /// A place search (C1, C2).
        case places(PlaceQuery)

        /// The request to send.
        package var request: Request {
            switch self {
            case .completions(let query): .requestCompletions(query: query)
            case .places(let query): .searchPlaces(query)
            }
        }
    }

    /// One query's completions, as the completion cache keeps them (R2).
    package struct CachedCompletions: Hashable, Sendable, Codable {
        /// The query, compared by its Unicode scalars ("é" precomposed and decomposed differ).
        package var query: String
        /// The completions its answer held (possibly none).
        package var completions: [Completion]

        /// The completions of `query`.
        package init(query: String, completions: [Completion]) {
            self.query = query
            self.completions = completions
        }

        /// Equal when the queries have the same Unicode scalars and the completions are equal.
        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.query.isIdentical(to: rhs.query) && lhs.completions == rhs.completions
        }

        /// Hashes the query and the completions (queries equal by scalars hash alike).
        package func hash(into hasher: inout Hasher) {
            hasher.combine(query)
            hasher.combine(completions)
        }
    }
}

extension AddressPicker.Configuration {
    /// The longest duration a script may give a timing setting: 24 hours. A debounce or an
    /// interval longer than a day is a mistake, not a policy.
    package static let longestDuration = Duration.seconds(24 * 60 * 60)
    /// The largest whole number a script may give a setting: 2³¹ − 1.
    package static let largestWholeNumber = Int(Int32.max)
    /// The largest duplicate distance a script may give, in metres: half the Earth's
    /// circumference (πR, R = 6,371,008.8 m), rounded up; no two points are farther apart.
    package static let longestDistance = 20_015_087.0
}
