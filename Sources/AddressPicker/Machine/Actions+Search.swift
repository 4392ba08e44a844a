import MachineCore

/// The actions of the search region: typing, completions, place search and results.
extension AddressPicker {
    /// S1: remember the region the search starts from.
    static func activateSearch(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.searchOrigin = context.region
        context.resultsMovedMap = false
    }

    /// S3: an emptied query clears the search and abandons its work.
    static func clearQuery(_ context: inout Context, _ event: Event, _ out: inout Out) {
        cancelSearchWork(&out)
        clearSearch(&context)
    }

    /// S4: a new query (re)starts the search debounce; the completions on screen stay.
    static func editQuery(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .queryChanged(let query) = event else { return }
        out.cancel(.completions)
        out.cancel(.places)
        context.heldRequest = nil
        context.query = query
        context.results = []
        out.startTimer(.searchDebounce, after: context.configuration.searchDebounce)
    }

    /// R1: a query shorter than the minimum asks nothing: like S3, the search's completions,
    /// results, error and work go, but the query is kept.
    static func editShortQuery(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .queryChanged(let query) = event else { return }
        cancelSearchWork(&out)
        clearSearch(&context)
        context.query = query
    }

    /// S5: ask for the query's completions (R4: when the service is free).
    static func requestCompletions(_ context: inout Context, _ event: Event, _ out: inout Out) {
        requestOrHold(.completions(query: context.query), &context, &out)
    }

    /// R4: `request` goes to the service now, the geocode cooldown starting with it; or, while
    /// the cooldown runs, it is held until it ends (``sendHeldRequest(_:_:_:)``).
    private static func requestOrHold(_ request: HeldRequest, _ context: inout Context, _ out: inout Out) {
        let configuration = context.configuration
        guard configuration.spacesEveryRequest else { return out.request(request.request) }
        if out.isRunning(.geocodeCooldown) {
            context.heldRequest = request
        } else {
            context.heldRequest = nil
            out.request(request.request)
            out.startTimer(.geocodeCooldown, after: configuration.cooldown)
        }
    }

    /// R4: the cooldown is over; the search's held request goes, and the cooldown starts again.
    static func sendHeldRequest(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard let request = context.heldRequest else { return }
        requestOrHold(request, &context, &out)
    }

    /// R2: the query's completions come from the cache, and the query becomes the most
    /// recently used.
    static func showCachedCompletions(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard let index = context.cacheIndex(of: context.query) else { return }
        if index > 0 { context.cachedCompletions.insert(context.cachedCompletions.remove(at: index), at: 0) }
        context.completions = context.cachedCompletions[0].completions
        context.completionsQuery = context.query
        if context.error == .completionsFailed { context.error = nil }
    }

    /// S6: the completions arrived (empty is not an error); R2 caches them.
    static func showCompletions(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .completions(let completions) = event else { return }
        context.completions = completions
        context.completionsQuery = context.query
        if context.error == .completionsFailed { context.error = nil }
        cache(completions, of: context.query, &context)
    }

    /// R2: `query`'s completions go first in the cache; past its capacity, the entry used
    /// longest ago goes.
    private static func cache(_ completions: [Completion], of query: String, _ context: inout Context) {
        let capacity = context.configuration.completionCache
        guard capacity > 0 else { return }
        context.cachedCompletions.removeAll { $0.query.isIdentical(to: query) }
        context.cachedCompletions.insert(CachedCompletions(query: query, completions: completions), at: 0)
        if context.cachedCompletions.count > capacity {
            context.cachedCompletions.removeLast(context.cachedCompletions.count - capacity)
        }
    }

    /// S7: the completions failed; nothing is on screen, so the same query asks again.
    static func failCompletions(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.completions = []
        context.completionsQuery = nil
        context.error = .completionsFailed
    }

    /// C1: search the places of the picked completion.
    static func searchCompletion(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .completionSelected(let index) = event, context.completions.indices.contains(index) else { return }
        let completion = context.completions[index]
        out.cancelTimer(.searchDebounce)
        out.cancel(.completions)
        context.query = completion.title
        requestOrHold(.places(.completion(completion)), &context, &out)
    }

    /// C2: search the places matching the query near the region on screen.
    static func searchQuery(_ context: inout Context, _ event: Event, _ out: inout Out) {
        out.cancelTimer(.searchDebounce)
        out.cancel(.completions)
        out.cancel(.places)
        requestOrHold(.places(.text(context.query, region: context.region)), &context, &out)
    }

    /// C3: show the places as markers and move the map to the region that holds them.
    static func showPlaces(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard case .places(let answer) = event,
            let region = answer.boundingRegion
                ?? MapRegion.enclosing(answer.places.map(\.center), minimumSpan: context.configuration.locationSpan)
        else { return }
        context.results = answer.places
        context.region = region
        out.emit(.setRegion(region))
        if context.error == .placesFailed { context.error = nil }
        context.resultsMovedMap = true
    }

    /// C4: the search found nothing; the map stays.
    static func showNoPlaces(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.results = []
        if context.error == .placesFailed { context.error = nil }
    }

    /// C4: the search failed.
    static func failPlaces(_ context: inout Context, _ event: Event, _ out: inout Out) {
        context.results = []
        context.error = .placesFailed
    }

    /// C5: the picked result is the address; the map centres on it and the search closes.
    static func pickResult(_ context: inout Context, _ event: Event, _ out: inout Out) {
        guard let place = context.result(pickedBy: event) else { return }
        context.address = place.address
        context.addressSource = .search
        context.region = MapRegion(center: place.center, span: context.configuration.locationSpan)
        out.emit(.setRegion(context.region))
        out.emit(.dismissSearch)
        clearSearch(&context, keepingError: true)
        context.searchOrigin = nil
        context.resultsMovedMap = false
    }

    /// C6: leave the search; if its results moved the map, put the map back.
    static func cancelSearch(_ context: inout Context, _ event: Event, _ out: inout Out) {
        cancelSearchWork(&out)
        clearSearch(&context)
        if context.resultsMovedMap, let origin = context.searchOrigin {
            context.region = origin
            out.emit(.setRegion(origin))
        }
        context.searchOrigin = nil
        context.resultsMovedMap = false
    }

    private static func cancelSearchWork(_ out: inout Out) {
        out.cancelTimer(.searchDebounce)
        out.cancel(.completions)
        out.cancel(.places)
    }

    private static func clearSearch(_ context: inout Context, keepingError: Bool = false) {
        context.query = ""
        context.completions = []
        context.completionsQuery = nil
        context.results = []
        context.heldRequest = nil
        if !keepingError, context.error?.isSearchFailure == true { context.error = nil }
    }
}
