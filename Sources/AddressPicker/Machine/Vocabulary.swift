extension AddressPicker {
    /// The location permission, as the system reports it.
    public enum Authorization: Int, Hashable, Sendable, CaseIterable {
        case notDetermined, denied, restricted, authorizedWhenInUse, authorizedAlways, servicesOff

        /// Whether the app may read the location.
        public var isAuthorized: Bool { self == .authorizedWhenInUse || self == .authorizedAlways }
    }

    /// Where the picked address came from.
    public enum AddressSource: Int, Hashable, Sendable, CaseIterable {
        case mapCenter, search, currentLocation
    }

    /// The alert on screen.
    public enum Alert: Int, Hashable, Sendable, CaseIterable {
        case locationServicesOff, locationDenied, locationFailed, poiSearchFailed
    }

    /// The failure the picker shows, one at a time.
    public enum Failure: Int, Hashable, Sendable, CaseIterable {
        case completionsFailed, placesFailed, geocodingFailed

        /// Whether the failure belongs to the search (cleared with the query, S3 and C6).
        public var isSearchFailure: Bool { self != .geocodingFailed }
    }
}
