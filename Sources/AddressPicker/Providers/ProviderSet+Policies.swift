import MachineRuntime

/// Providers that survive real networks: timeouts, retries, rate limits and fallbacks for the
/// request kinds you name.
///
/// Each method returns a new set whose named kinds go through the policy, wrapped around the set
/// it is called on; the other kinds go to the same providers as before. Chain them: the method
/// called last runs outermost. A web geocoder with a 5 s timeout per attempt and 3 attempts,
/// falling back to the offline gazetteer:
///
/// ```swift
/// let clock = ContinuousClock()
/// let gazetteer = GazetteerProvider(gazetteer: try Gazetteer.bundled())
/// let web = ProviderSet(completions: webGeocoder, places: webGeocoder, geocoder: webGeocoder,
///                       location: locationManager, pointsOfInterest: webGeocoder)
/// let offline = ProviderSet(completions: gazetteer, places: gazetteer, geocoder: gazetteer,
///                           location: locationManager, pointsOfInterest: webGeocoder)
/// let searches: Set<AddressPicker.Request.Kind> = [.completions, .places, .address]
/// let providers = web
///     .withTimeout(.seconds(5), for: searches, clock: clock)
///     .retrying(RetryPolicy(attempts: 3, clock: clock), for: searches)
///     .fallingBack(to: offline, for: searches)
/// let runtime = LiveRuntime(
///     table: AddressPicker.table, state: AddressPicker.initialState(), clock: clock,
///     provider: providers.answer, onOutput: { output in /* … */ })
/// ```
///
/// When the runtime cancels a request, its timeout, backoff or rate-limit wait stops at once and
/// nothing more is performed; a request that fails in the end answers with its kind's failure
/// event, as with any provider that throws.
extension ProviderSet {
    /// These providers, with the requests of `kinds` failing with `TimeoutError` ("no answer
    /// within 5.0 seconds") when they give no answer within `duration` on `clock`.
    ///
    /// Chained before ``retrying(_:for:)``, the timeout applies to each attempt (a
    /// `TimeoutError` is transient, so an attempt that hung is retried); after it, to all the
    /// attempts together. A permission prompt is a request too: leave `.authorization` out unless
    /// the app wants to stop waiting for the person.
    public func withTimeout(
        _ duration: Duration, for kinds: Set<AddressPicker.Request.Kind>, clock: some Clock<Duration>
    ) -> ProviderSet {
        applying(Timeout(duration, clock: clock), to: kinds)
    }

    /// These providers, with the requests of `kinds` performed again after transient failures
    /// as `policy` says (exponential backoff with jitter, a bounded number of attempts).
    ///
    /// Only failures the policy deems transient are retried: errors conforming to
    /// `TransientError` unless the policy was given its own classifier.
    public func retrying(_ policy: RetryPolicy, for kinds: Set<AddressPicker.Request.Kind>) -> ProviderSet {
        applying(policy, to: kinds)
    }

    /// These providers, with each request of `kinds` waiting for a token of `limiter` first.
    ///
    /// Pass the same limiter for kinds that share a budget (MapKit counts completions and
    /// searches together, say). Reverse geocoding needs none: the machine spaces it itself
    /// (`geocodeInterval`).
    public func rateLimited(by limiter: RateLimiter, for kinds: Set<AddressPicker.Request.Kind>) -> ProviderSet {
        applying(limiter, to: kinds)
    }

    /// These providers, asking `secondary` for the requests of `kinds` when these fail: the
    /// offline gazetteer when the web geocoder cannot be reached, for instance.
    ///
    /// Chain ``withTimeout(_:for:clock:)`` before it to fall back also when the primary does not
    /// answer in time. When both fail, the request answers with the secondary's error.
    public func fallingBack(to secondary: ProviderSet, for kinds: Set<AddressPicker.Request.Kind>) -> ProviderSet {
        ProviderSet(wrapping: RoutedProviders(base: self, route: .fallback(secondary), kinds: kinds))
    }

    private func applying(_ policy: some ProviderPolicy, to kinds: Set<AddressPicker.Request.Kind>) -> ProviderSet {
        ProviderSet(wrapping: RoutedProviders(base: self, route: .policy(policy), kinds: kinds))
    }

    /// A set whose every provider is `providers`.
    private init(
        wrapping providers: some CompletionProvider & PlaceSearchProvider & ReverseGeocodingProvider & LocationProvider
            & PointsOfInterestProvider
    ) {
        self.init(
            completions: providers, places: providers, geocoder: providers, location: providers,
            pointsOfInterest: providers)
    }
}
