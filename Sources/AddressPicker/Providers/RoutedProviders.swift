import MachineRuntime

/// A provider set built on another: the requests of some kinds take a route (under a policy, or
/// to a secondary set when the base fails); requests of other kinds go to the base directly.
struct RoutedProviders: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider, LocationProvider,
    PointsOfInterestProvider
{
    /// What happens to a request of a routed kind.
    enum Route: Sendable {
        /// Performed by the base under a policy (a timeout, retries, a rate limit).
        case policy(any ProviderPolicy)
        /// Performed by the base, and by this set when the base fails.
        case fallback(ProviderSet)
    }

    let base: ProviderSet
    let route: Route
    let kinds: Set<AddressPicker.Request.Kind>

    func completions(for query: String) async throws -> [Completion] {
        try await perform(.completions) { try await $0.completions.completions(for: query) }
    }

    func places(for query: AddressPicker.PlaceQuery) async throws -> PlaceSearchAnswer {
        try await perform(.places) { try await $0.places.places(for: query) }
    }

    func address(at coordinate: Coordinate) async throws -> Address {
        try await perform(.address) { try await $0.geocoder.address(at: coordinate) }
    }

    func requestAuthorization() async throws -> AddressPicker.Authorization {
        try await perform(.authorization) { try await $0.location.requestAuthorization() }
    }

    func currentLocation() async throws -> Coordinate {
        try await perform(.location) { try await $0.location.currentLocation() }
    }

    func pointsOfInterest(category: String, in region: MapRegion) async throws -> [Place] {
        try await perform(.pointsOfInterest) { try await $0.pointsOfInterest.pointsOfInterest(category: category, in: region) }
    }

    /// Performs `operation` with the base providers, along the route for the kinds it applies to.
    private func perform<T: Sendable>(
        _ kind: AddressPicker.Request.Kind, _ operation: @escaping @Sendable (ProviderSet) async throws -> T
    ) async throws -> T {
        guard kinds.contains(kind) else { return try await operation(base) }
        switch route {
        case .policy(let policy):
            return try await policy.run { [base] in try await operation(base) }
        case .fallback(let secondary):
            return try await withFallback {
                try await operation(base)
            } otherwise: {
                try await operation(secondary)
            }
        }
    }
}
