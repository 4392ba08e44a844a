import AddressPicker
import MachineRuntime

/// A geocoding service's usage rules, as one value: what the picker may ask it, how often, and
/// what it must show.
///
/// The rules are enforced in two places, so that neither the machine nor the network can break
/// them:
/// - the machine, through its request policies: ``configuration(_:)`` turns the rules into the
///   picker's `AddressPicker.Configuration` (no completions, or completions after a debounce
///   and a minimum of characters; every request spaced by ``requestInterval``), which `verify`
///   proves on every path with ``invariants(service:)``;
/// - the geocoder (``PhotonGeocoder``, ``NominatimGeocoder``), on every HTTP request: one
///   request per ``requestInterval`` for the whole application, answers cached, `Retry-After`
///   honoured within ``retries`` and ``longestRetryWait``, completions refused without a request
///   when they are ``Completions/forbidden``.
///
/// Start from a service's rules and adjust them for your own instance:
///
/// ```swift
/// var rules = UsageRules.photon
/// rules.requestInterval = .milliseconds(100)  // your own Photon, your own fair use
/// ```
///
/// On a service's public endpoint, its published rules are a floor: a geocoder pointed at
/// `nominatim.openstreetmap.org` keeps at least ``nominatim``'s, whatever it is given.
public struct UsageRules: Hashable, Sendable {
    /// Whether the service may suggest completions as the person types.
    public enum Completions: Hashable, Sendable {
        /// Never: the picker asks for no completions, and a search runs only when the person
        /// submits (Nominatim's rule: "auto-complete search … you must not implement such a
        /// service on the client side").
        case forbidden
        /// After the person has typed at least `minimumLength` characters and paused for
        /// `debounce`.
        case allowed(minimumLength: Int, debounce: Duration)
    }

    /// How a keyed service groups requests into billed sessions. The built-in services need
    /// none; a keyed provider (Google Places, Mapbox Search Box) carries one token through a
    /// session, from its first request to the one that ends it.
    public enum Sessions: Hashable, Sendable {
        /// No sessions: every request stands alone.
        case none
        /// A token carried by every request of a session; a request of `kind` (the details call
        /// that resolves a completion, `.places` for the picker) ends the session, and the next
        /// request starts a new one with a new token.
        case tokens(endedBy: AddressPicker.Request.Kind)
    }

    /// Whether completions may be requested as the person types.
    public var completions: Completions
    /// The least time between two requests to the service, counted across the whole
    /// application (every geocoder for the same endpoint shares it). Zero imposes none.
    public var requestInterval: Duration
    /// How many answers the geocoder keeps, to answer the same request again without asking the
    /// service. Zero keeps none.
    public var cacheCapacity: Int
    /// Whether every request must carry a User-Agent that identifies the application.
    public var requiresUserAgent: Bool
    /// The notice to show wherever the service's results are shown.
    public var attribution: String
    /// How many times a request the service throttled (HTTP 429 or 503) is sent again, each time
    /// after the wait its `Retry-After` asks for (or ``requestInterval`` when it names none).
    public var retries: Int
    /// The longest `Retry-After` the geocoder waits for; a longer one fails the request at once.
    public var longestRetryWait: Duration
    /// How requests are grouped into sessions.
    public var sessions: Sessions

    /// Rules with every part given.
    public init(
        completions: Completions, requestInterval: Duration, cacheCapacity: Int, requiresUserAgent: Bool,
        attribution: String, retries: Int = 1, longestRetryWait: Duration = .seconds(10), sessions: Sessions = .none
    ) {
        self.completions = completions
        self.requestInterval = requestInterval
        self.cacheCapacity = cacheCapacity
        self.requiresUserAgent = requiresUserAgent
        self.attribution = attribution
        self.retries = retries
        self.longestRetryWait = longestRetryWait
        self.sessions = sessions
    }

    /// OpenStreetMap's data licence notice, which both services' results carry.
    private static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// The OpenStreetMap Foundation's policy for the public Nominatim: at most one request a
    /// second for the whole application, no autocomplete, a User-Agent that identifies the
    /// application, answers cached, the attribution shown.
    public static let nominatim = UsageRules(
        completions: .forbidden, requestInterval: .seconds(1), cacheCapacity: 256, requiresUserAgent: true,
        attribution: openStreetMapAttribution)

    /// Fair use of the public Photon, which is built for search as you type: completions after
    /// 3 characters and a 300 ms pause, at most one request every 300 ms, answers cached, the
    /// attribution shown.
    public static let photon = UsageRules(
        completions: .allowed(minimumLength: 3, debounce: .milliseconds(300)), requestInterval: .milliseconds(300),
        cacheCapacity: 64, requiresUserAgent: false, attribution: openStreetMapAttribution)

    /// Whether the picker asks for completions as the person types.
    public var suggestsAsYouType: Bool {
        if case .allowed = completions { true } else { false }
    }

    /// `base` with the picker's request policies set from these rules, every other setting kept:
    /// - completions ``Completions/allowed(minimumLength:debounce:)``: `minimumQueryLength` and
    ///   `searchDebounce` are theirs;
    /// - completions ``Completions/forbidden``: `minimumQueryLength` is the largest a setting can
    ///   be (2³¹ − 1 characters), so no query is long enough to ask for completions, while
    ///   submitting still searches;
    /// - `requestInterval` (R4) is at least ``requestInterval``, so that the machine itself never
    ///   asks the service twice within it: a search or a lookup due sooner waits.
    public func configuration(_ base: AddressPicker.Configuration = .init()) -> AddressPicker.Configuration {
        var configuration = base
        switch completions {
        case .forbidden:
            configuration.minimumQueryLength = AddressPicker.Configuration.largestWholeNumber
        case .allowed(let minimumLength, let debounce):
            configuration.minimumQueryLength = max(1, minimumLength)
            configuration.searchDebounce = debounce
        }
        configuration.requestInterval = max(configuration.requestInterval, requestInterval)
        return configuration
    }

    /// Whether a picker with `configuration` follows these rules: they would change nothing in it.
    func areFollowed(by configuration: AddressPicker.Configuration) -> Bool {
        self.configuration(configuration) == configuration
    }

    /// These rules, made at least as strict as `floor` in every part: completions forbidden if
    /// either forbids them (else the longer minimum and debounce), the longer interval, a
    /// User-Agent required if either requires it, no more retries and no longer waits than the
    /// floor allows. The cache, attribution and sessions are these rules'.
    func atLeast(_ floor: UsageRules) -> UsageRules {
        var rules = self
        switch (completions, floor.completions) {
        case (.forbidden, _), (_, .forbidden):
            rules.completions = .forbidden
        case (.allowed(let length, let debounce), .allowed(let floorLength, let floorDebounce)):
            rules.completions = .allowed(minimumLength: max(length, floorLength), debounce: max(debounce, floorDebounce))
        }
        rules.requestInterval = max(requestInterval, floor.requestInterval)
        rules.requiresUserAgent = requiresUserAgent || floor.requiresUserAgent
        rules.retries = min(retries, floor.retries)
        rules.longestRetryWait = min(longestRetryWait, floor.longestRetryWait)
        return rules
    }
}
