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
        /// The completions of the query asked for (S6).
        case completions([Completion])
        /// The completions request failed (S7).
        case completionsFailed(String?)
        /// The places found by a place search (C3).
        case places(PlaceSearchAnswer)
        /// The place search failed (C4).
        case placesFailed(String?)
        /// The address under the looked-up centre (M5).
        case address(Address)
        /// The reverse geocode failed (M6).
        case addressFailed(String?)
        /// The answer to the permission request (L2).
        case authorization(Authorization)
        /// The permission request failed (L2).
        case authorizationFailed(String?)
        /// The current location (L3).
        case location(Coordinate)
        /// The current location could not be found (L4).
        case locationFailed(String?)
        /// The points of interest of the category tapped (P2).
        case pointsOfInterest([Place])
        /// The points-of-interest search failed (P2).
        case pointsOfInterestFailed(String?)

        /// The payload-free names of the events: what the table's rows are keyed on.
        public enum Kind: Int, IndexedCase {
            /// The kinds of the host's events.
            case appeared, regionChanged, searchActivated, queryChanged, searchSubmitted
            /// The kinds of the host's events.
            case completionSelected, resultSelected, searchCancelled, locateMeTapped, categoryTapped
            /// The kinds of the host's events.
            case alertDismissed, confirmTapped, authorizationChanged
            /// The kinds of the timers' events.
            case searchDebounceElapsed, regionDebounceElapsed, geocodeCooldownElapsed
            /// The kinds of the providers' answers and failures.
            case completions, completionsFailed, places, placesFailed, address, addressFailed
            /// The kinds of the providers' answers and failures.
            case authorization, authorizationFailed, location, locationFailed
            /// The kinds of the providers' answers and failures.
            case pointsOfInterest, pointsOfInterestFailed
        }

        /// The event without its payload.
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
