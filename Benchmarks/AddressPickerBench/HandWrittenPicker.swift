import AddressPicker
import MachineCore

/// The address picker's behaviour for the benchmark's event cycle, written by hand as one
/// `switch` over states and events: the baseline a table-driven step is compared with.
///
/// It does the same work as the table for these events: the same guards, the same context
/// changes, the same commands (cancellations only for what runs), into a reused buffer. The
/// benchmark checks that both end in the same state with the same commands.
struct HandWrittenPicker {
    var map = AddressPicker.MapState.idle
    var search = AddressPicker.SearchState.inactive
    var context: AddressPicker.Context
    var regionTimer = false
    var searchTimer = false
    var pendingAddress = false
    var pendingCompletions = false
    var pendingPlaces = false
    var commands: [Command<AddressPicker>] = []

    init(context: AddressPicker.Context) {
        self.context = context
        commands.reserveCapacity(16)
    }

    /// Empties the command buffer one by one, in a function of its own: inside `handle`'s large
    /// body the compiler destroys each command through the generic `Command` type's value
    /// witness (about 180 instructions, with run-time lookups of its payload types), which the
    /// table's step does not pay.
    @inline(never)
    mutating func clearCommands() {
        while !commands.isEmpty { commands.removeLast() }
    }

    mutating func handle(_ event: AddressPicker.Event) {
        // One by one, as the table's step clears its commands: `removeAll(keepingCapacity:)`
        // destroys them through the generic `Command` type's value witness, which costs more
        // than the rest of most steps.
        clearCommands()
        switch (event, map, search) {
        case (.regionChanged(let region, true), .idle, _), (.regionChanged(let region, true), .geocoding, _):
            let near =
                context.referenceCenter.map { $0.distance(to: region.center) <= context.configuration.duplicateDistance } ?? false
            context.region = region
            if !near {
                if pendingAddress { pendingAddress = false; commands.append(.cancel(.address)) }
                map = .settling
                regionTimer = true
                commands.append(.startTimer(.regionDebounce, context.configuration.regionDebounce))
            }
        case (.regionChanged(let region, true), .settling, _):
            context.region = region
            regionTimer = true
            commands.append(.startTimer(.regionDebounce, context.configuration.regionDebounce))
        case (.regionDebounceElapsed, .settling, _):
            regionTimer = false
            map = .geocoding
            context.referenceCenter = context.region.center
            context.lookupSource = .mapCenter
            pendingAddress = true
            commands.append(.request(.reverseGeocode(center: context.region.center)))
        case (.address(let address), .geocoding, _):
            pendingAddress = false
            map = .idle
            context.address = address
            context.addressSource = context.lookupSource ?? .mapCenter
            context.lookupSource = nil
            if context.error == .geocodingFailed { context.error = nil }
        case (.searchActivated, _, .inactive):
            search = .editing
            context.searchOrigin = context.region
            context.resultsMovedMap = false
        case (.queryChanged(let query), _, let state) where state != .inactive && !query.isEmpty && query != context.query:
            if pendingCompletions { pendingCompletions = false; commands.append(.cancel(.completions)) }
            if pendingPlaces { pendingPlaces = false; commands.append(.cancel(.places)) }
            search = .debouncing
            context.query = query
            context.results = []
            searchTimer = true
            commands.append(.startTimer(.searchDebounce, context.configuration.searchDebounce))
        case (.searchDebounceElapsed, _, .debouncing):
            searchTimer = false
            if context.completionsQuery == context.query {
                search = .showingCompletions
            } else {
                search = .loadingCompletions
                pendingCompletions = true
                commands.append(.request(.requestCompletions(query: context.query)))
            }
        case (.completions(let completions), _, .loadingCompletions):
            pendingCompletions = false
            search = .showingCompletions
            context.completions = completions
            context.completionsQuery = context.query
            if context.error == .completionsFailed { context.error = nil }
        case (.completionSelected(let index), _, .showingCompletions) where context.completions.indices.contains(index):
            let completion = context.completions[index]
            search = .searching
            context.query = completion.title
            pendingPlaces = true
            commands.append(.request(.searchPlaces(.completion(completion))))
        case (.places(let answer), _, .searching) where !answer.places.isEmpty:
            pendingPlaces = false
            search = .showingResults
            let region =
                answer.boundingRegion
                ?? MapRegion.enclosing(answer.places.map(\.center), minimumSpan: context.configuration.locationSpan)
                ?? context.region
            context.results = answer.places
            context.region = region
            commands.append(.output(.setRegion(region)))
            if context.error == .placesFailed { context.error = nil }
            context.resultsMovedMap = true
        case (.resultSelected(let index), _, .showingResults) where context.results.indices.contains(index):
            let place = context.results[index]
            if regionTimer { regionTimer = false; commands.append(.cancelTimer(.regionDebounce)) }
            if pendingAddress { pendingAddress = false; commands.append(.cancel(.address)) }
            map = .idle
            context.referenceCenter = place.center
            search = .inactive
            context.address = place.address
            context.addressSource = .search
            context.region = MapRegion(center: place.center, span: context.configuration.locationSpan)
            commands.append(.output(.setRegion(context.region)))
            commands.append(.output(.dismissSearch))
            context.query = ""
            context.completions = []
            context.completionsQuery = nil
            context.results = []
            context.searchOrigin = nil
            context.resultsMovedMap = false
        default:
            break
        }
    }
}
