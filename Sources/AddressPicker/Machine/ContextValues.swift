extension AddressPicker {
    /// The location permission, as the system reports it.
    public enum Authorization: Int, Hashable, Sendable, CaseIterable {
        /// Not asked yet: the machine asks (L1).
        case notDetermined
        /// The person refused.
        case denied
        /// The device does not allow it (parental controls, a profile).
        case restricted
        /// Allowed while the app is in use.
        case authorizedWhenInUse
        /// Allowed at any time.
        case authorizedAlways
        /// Location services are off for the whole device.
        case servicesOff

        /// Whether the app may read the location.
        public var isAuthorized: Bool { self == .authorizedWhenInUse || self == .authorizedAlways }
    }

    /// Where the picked address came from.
    public enum AddressSource: Int, Hashable, Sendable, CaseIterable {
        /// Looked up under the map's centre.
        case mapCenter
        /// A place picked from the search.
        case search
        /// Looked up at the person's current location.
        case currentLocation
    }

    /// The alert on screen.
    public enum Alert: Int, Hashable, Sendable, CaseIterable {
        /// Location services are off for the device.
        case locationServicesOff
        /// The app may not read the location.
        case locationDenied
        /// The current location could not be found.
        case locationFailed
        /// The points-of-interest search failed.
        case poiSearchFailed
    }

    /// The failure the picker shows, one at a time.
    public enum Failure: Int, Hashable, Sendable, CaseIterable {
        /// The completions request failed.
        case completionsFailed
        /// The place search failed.
        case placesFailed
        /// The reverse geocode failed.
        case geocodingFailed

        /// Whether the failure belongs to the search (cleared with the query, S3 and C6).
        public var isSearchFailure: Bool { self != .geocodingFailed }
    }
}
