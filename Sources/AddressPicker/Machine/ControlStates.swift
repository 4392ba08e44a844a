import MachineCore

extension AddressPicker {
    /// Whether the picker is still open.
    public enum PickerState: Int, ControlState {
        /// Open: the person is still choosing an address.
        case picking
        /// Final: the address was delivered; every later event is ignored.
        case confirmed
    }

    /// The current-location flow.
    public enum LocationState: Int, ControlState {
        /// Nothing is asked of the location services.
        case idle
        /// The location permission was asked for and has not been answered (L2).
        case awaitingAuthorization
        /// The current location was asked for and has not come (L3).
        case locating
    }

    /// The map and the lookup of the address under its centre.
    public enum MapState: Int, ControlState {
        /// Still: nothing is looked up.
        case idle
        /// The region debounce is running.
        case settling
        /// A reverse geocode is in flight.
        case geocoding
        /// A lookup waits for the geocode cooldown to end (R3); its centre is the reference centre.
        case throttled
    }

    /// The search field, its completions and its results.
    public enum SearchState: Int, ControlState {
        /// The search field is not in use.
        case inactive
        /// The field has focus and nothing is asked (an empty or too short query, R1).
        case editing
        /// The search debounce is running after the query changed.
        case debouncing
        /// A completions request is in flight.
        case loadingCompletions
        /// The completions of the query are shown (or its error).
        case showingCompletions
        /// A place search is in flight.
        case searching
        /// The places found are shown as results and markers.
        case showingResults
        /// Compound: the search field is open, in one of the six states from `editing` to
        /// `showingResults`; typing, submitting and cancelling are its rows.
        case active
    }

    /// The points of interest of a category shown on the map.
    public enum PointsOfInterestState: Int, ControlState {
        /// No category is shown.
        case off
        /// A points-of-interest search is in flight.
        case loading
        /// The places of the category are shown.
        case showing
    }

    /// The picker region: open until the address is confirmed.
    public static let picker = Region<PickerState>("picker", index: 0, initial: .picking, final: [.confirmed])
    /// The location region: permission and the current location.
    public static let location = Region<LocationState>("location", index: 1, initial: .idle)
    /// The map region: panning and reverse geocoding.
    public static let map = Region<MapState>("map", index: 2, initial: .idle)
    /// The search region: completions and place search.
    public static let search = Region<SearchState>(
        "search", index: 3, initial: .inactive,
        children: [.active: [.editing, .debouncing, .loadingCompletions, .showingCompletions, .searching, .showingResults]])
    /// The points-of-interest region.
    public static let poi = Region<PointsOfInterestState>("poi", index: 4, initial: .off)
}
