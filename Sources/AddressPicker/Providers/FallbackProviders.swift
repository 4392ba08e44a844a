import MachineRuntime

/// A provider set that asks a secondary set when the primary fails, for requests of some kinds;
/// requests of other kinds go to the primary only.
struct FallbackProviders: CompletionProvider, PlaceSearchProvider, ReverseGeocodingProvider, LocationProvider,
    PointsOfInterestProvider {
    let primary: ProviderSet
    let secondary: ProviderSet
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

    /// Performs `operation` with the primary providers, and for the kinds that fall back, with
    /// the secondary ones when that fails.
    private func perform<T: Sendable>(
        _ kind: AddressPicker.Request.Kind, _ operation: @Sendable (ProviderSet) async throws -> T
    ) async throws -> T {
        guard kinds.contains(kind) else { return try await operation(primary) }
        return try await withFallback { try await operation(primary) } otherwise: { try await operation(secondary) }
    }
}
