import MachineCore

extension AddressPicker {
    /// What the picker remembers besides its control states.
    public struct Context: Hashable, Sendable {
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

        /// The centre of the last lookup requested or of the place picked: a user move within
        /// ``Configuration/duplicateDistance`` of it is not looked up again (M2).
        public var referenceCenter: Coordinate?
        /// Where the address of the lookup in flight will come from (M5).
        public var lookupSource: AddressSource?
        /// The query whose completions are on screen, if any (S5).
        public var completionsQuery: String?
        /// The region remembered when the search was activated (S1, C6).
        public var searchOrigin: MapRegion?
        /// Whether a place search has moved the map since the search was activated (C6).
        public var resultsMovedMap = false

        /// The timings and distances.
        public var configuration: Configuration

        /// The context a picker starts with.
        public init(region: MapRegion = Context.defaultRegion, configuration: Configuration = Configuration()) {
            self.region = region
            self.configuration = configuration
        }

        /// New York, as in the seeds: centre (40.7, −74.0), span 0.075 × 0.075.
        public static let defaultRegion = MapRegion(
            center: Coordinate(checkedLatitude: 40.7, longitude: -74.0),
            span: Span(latitudeDelta: 0.075, longitudeDelta: 0.075))
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
        public var locationSpan = Span(latitudeDelta: 0.05, longitudeDelta: 0.05)

        /// The defaults of the spec.
        public init() {}
    }
}
