import MachineCore

extension AddressPicker {
    /// Everything that happens to the picker: the host's input, timers firing and providers' answers.
    public enum Event: MachineEvent, Equatable {
        // From the host (the view).
        /// The picker is on screen (M7).
        case appeared
        /// The map moved; `byUser: false` is the host echoing a move the machine made (M1–M3, P3).
        case regionChanged(MapRegion, byUser: Bool)
        /// The search field got focus (S1).
        case searchActivated
        /// The search text changed (S2–S4).
        case queryChanged(String)
        /// The person pressed search (C2).
        case searchSubmitted
        /// The person picked the completion at this index (C1).
        case completionSelected(Int)
        /// The person picked the result at this index (C5).
        case resultSelected(Int)
        /// The person left the search (C6).
        case searchCancelled
        /// The "locate me" button (L1).
        case locateMeTapped
        /// A category of points of interest was tapped (P1, P2).
        case categoryTapped(String)
        /// The alert was dismissed (K1).
        case alertDismissed
        /// The person confirmed the address (K2).
        case confirmTapped
        /// The system changed the location permission outside any request (L5).
        case authorizationChanged(Authorization)

        // From timers.
        /// The search debounce elapsed (S5).
        case searchDebounceElapsed
        /// The region debounce elapsed (M4).
        case regionDebounceElapsed
        /// The geocode cooldown elapsed: a lookup held back may go (R3).
        case geocodeCooldownElapsed

        // From providers: each answer and each failure, with the provider's message.
        case completions([Completion])
        case completionsFailed(String?)
        case places(PlaceSearchAnswer)
        case placesFailed(String?)
        case address(Address)
        case addressFailed(String?)
        case authorization(Authorization)
        case authorizationFailed(String?)
        case location(Coordinate)
        case locationFailed(String?)
        case pointsOfInterest([Place])
        case pointsOfInterestFailed(String?)

        /// The payload-free names of the events: what the table's rows are keyed on.
        public enum Kind: Int, IndexedCase {
            case appeared, regionChanged, searchActivated, queryChanged, searchSubmitted
            case completionSelected, resultSelected, searchCancelled, locateMeTapped, categoryTapped
            case alertDismissed, confirmTapped, authorizationChanged
            case searchDebounceElapsed, regionDebounceElapsed, geocodeCooldownElapsed
            case completions, completionsFailed, places, placesFailed, address, addressFailed
            case authorization, authorizationFailed, location, locationFailed
            case pointsOfInterest, pointsOfInterestFailed
        }

        public var kind: Kind {
            switch self {
            case .appeared: .appeared
            case .regionChanged: .regionChanged
            case .searchActivated: .searchActivated
            case .queryChanged: .queryChanged
            case .searchSubmitted: .searchSubmitted
            case .completionSelected: .completionSelected
            case .resultSelected: .resultSelected
            case .searchCancelled: .searchCancelled
            case .locateMeTapped: .locateMeTapped
            case .categoryTapped: .categoryTapped
            case .alertDismissed: .alertDismissed
            case .confirmTapped: .confirmTapped
            case .authorizationChanged: .authorizationChanged
            case .searchDebounceElapsed: .searchDebounceElapsed
            case .regionDebounceElapsed: .regionDebounceElapsed
            case .geocodeCooldownElapsed: .geocodeCooldownElapsed
            case .completions: .completions
            case .completionsFailed: .completionsFailed
            case .places: .places
            case .placesFailed: .placesFailed
            case .address: .address
            case .addressFailed: .addressFailed
            case .authorization: .authorization
            case .authorizationFailed: .authorizationFailed
            case .location: .location
            case .locationFailed: .locationFailed
            case .pointsOfInterest: .pointsOfInterest
            case .pointsOfInterestFailed: .pointsOfInterestFailed
            }
        }
    }
}
