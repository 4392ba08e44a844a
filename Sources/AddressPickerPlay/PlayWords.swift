import AddressPicker

/// What the picker's side of the screen (the search, the map, the address) calls the machine's
/// states and values: words a person reads, never the names of enum cases, which only the
/// machine panel shows.
enum PlayWords {
    /// Where the address came from, after "from": "the map's centre", "the search", "your location".
    static func source(_ source: AddressPicker.AddressSource) -> String {
        switch source {
        case .mapCenter: "the map's centre"
        case .search: "the search"
        case .currentLocation: "your location"
        }
    }

    /// What the search is doing, beside its field.
    static func search(_ state: AddressPicker.SearchState) -> String {
        switch state {
        case .inactive, .active: ""  // `active` is compound: never the region's leaf
        case .editing: "typing"
        case .debouncing: "waiting"
        case .loadingCompletions: "completing"
        case .showingCompletions: "completions"
        case .searching: "searching"
        case .showingResults: "results"
        }
    }

    /// What the map is doing, on its rule.
    static func map(_ state: AddressPicker.MapState) -> String {
        switch state {
        case .idle: "still"
        case .settling: "settling"
        case .geocoding: "looking up"
        case .throttled: "waiting to look up"
        }
    }
}
