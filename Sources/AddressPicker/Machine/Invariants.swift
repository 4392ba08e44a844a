import MachineRuntime

extension AddressPicker {
    /// What must hold after every input, whatever the inputs: the framework's standard
    /// invariants, every request and timer tied to the control state that waits for it, and the
    /// request policies (R1–R4) kept whatever the configuration (with a policy off, its
    /// invariants hold trivially).
    ///
    /// Declared once, for every tool: restore a saved picker with them
    /// (`Runtime(restoring: saved, table: AddressPicker.table, invariants: AddressPicker.invariants)`)
    /// and a state no picker can be in is refused; exploration checks them after every move.
    public static let invariants: [Invariant<AddressPicker>] =
        Invariant.standard + [
            .request(.address, onlyIn: map, .geocoding),
            searchRequest(.completions, in: .loadingCompletions),
            searchRequest(.places, in: .searching),
            .request(.authorization, onlyIn: location, .awaitingAuthorization),
            .request(.location, onlyIn: location, .locating),
            .request(.pointsOfInterest, onlyIn: poi, .loading),
            .timer(.searchDebounce, onlyIn: search, .debouncing),
            .timer(.regionDebounce, onlyIn: map, .settling),
            geocodeCooldownFollowsLookups,
            throttledOnlyWhileCoolingDown,
            lookupsAreSpacedOut,
            completionsOnlyForLongUncachedQueries,
            noSearchWorkForShortQueries,
            cacheWithinCapacity,
            requestsAreSpacedOut,
            heldRequestWaitsForTheCooldown,
            shownAnswersMatchTheQuery,
        ]

    /// A search request of `kind` is in flight exactly when the search is in `state` and holds
    /// no request for R4: while it holds one, the search waits in that state for its turn.
    static func searchRequest(_ kind: Request.Kind, in state: SearchState) -> Invariant<AddressPicker> {
        // The region is captured once, not copied out of its static constant on each check.
        .state("\(kind.name) in flight exactly when search is \(state.name) and holds no request") { [search] machine in
            let pending = machine.work.pending.contains(kind)
            let waiting = machine[search] == state && machine.context.heldRequest == nil
            if pending == waiting { return nil }
            return pending
                ? "a \(kind.name) request is in flight while search is \(machine[search].name)"
                    + (machine.context.heldRequest == nil ? "" : " and holds a request")
                : "search is \(state.name) but no \(kind.name) request is in flight"
        }
    }

    // MARK: the request policies

    /// Whether the geocoding service answers requests of `kind`, which R4 spaces out together.
    static func isServiceKind(_ kind: Request.Kind) -> Bool {
        switch kind {
        case .completions, .places, .address: true
        case .authorization, .location, .pointsOfInterest: false
        }
    }

    /// Whether `kind` is the reverse geocodes' kind, which R3 spaces out.
    static func isAddressKind(_ kind: Request.Kind) -> Bool { kind == .address }

    /// R3, R4: the cooldown runs exactly while the last request it follows (reverse geocodes;
    /// with R4, every request to the service) is younger than the cooldown (it starts with
    /// each one, and only confirming stops it early).
    static let geocodeCooldownFollowsLookups = Invariant<AddressPicker>(
        "geocodeCooldown runs exactly while the last reverseGeocode is younger than geocodeInterval"
    ) { observation in
        let interval = observation.after.state.context.configuration.cooldown
        let running = observation.after.state.work.timers.contains(.geocodeCooldown)
        // Without a cooldown it must not run: when it does not, the history is not read.
        if interval <= .zero, !running { return nil }
        let spacesEveryRequest = observation.after.state.context.configuration.spacesEveryRequest
        let finished = observation.after.table.finalState(of: observation.after.state.controls) != nil
        let requests = observation.after.requests
        let last = requests.indices.last { index in
            let kind = requests[index].reference.kind
            return spacesEveryRequest ? isServiceKind(kind) : isAddressKind(kind)
        }
        let age = last.map { observation.after.now - requests[$0].madeAt }
        let recent = interval > .zero && !finished && age.map { $0 < interval } == true
        if running == recent { return nil }
        let since = age.map { "\(milliseconds($0)) after the last reverseGeocode" } ?? "with no reverseGeocode"
        return running
            ? "geocodeCooldown runs \(since), geocodeInterval \(milliseconds(interval))"
            : "geocodeCooldown is not running \(since), within geocodeInterval \(milliseconds(interval))"
    }

    /// R3: a lookup is held back only while the cooldown runs, at the reference centre.
    static let throttledOnlyWhileCoolingDown = Invariant<AddressPicker>.state(
        "map is throttled only while geocodeCooldown runs, holding back the reference centre"
    ) { [map] state in
        guard state[map] == .throttled else { return nil }
        if !state.work.timers.contains(.geocodeCooldown) { return "map is throttled but geocodeCooldown is not running" }
        if state.context.referenceCenter == nil { return "map is throttled with no reference centre to look up" }
        return nil
    }

    /// R3: no two reverse geocodes closer than the interval.
    static let lookupsAreSpacedOut = Invariant<AddressPicker>(
        "reverseGeocode requests are at least geocodeInterval apart"
    ) { observation in
        let interval = observation.after.state.context.configuration.geocodeInterval
        if let gap = closestGap(in: observation, of: isAddressKind, below: interval) {
            return "\(gap.reference) was made \(milliseconds(gap.after)) after the previous reverseGeocode, "
                + "geocodeInterval \(milliseconds(interval))"
        }
        return nil
    }

    /// R4: no two requests to the geocoding service closer than the interval, whatever their kinds.
    static let requestsAreSpacedOut = Invariant<AddressPicker>(
        "requests to the geocoding service (completions, places, address) are at least requestInterval apart"
    ) { observation in
        let interval = observation.after.state.context.configuration.requestInterval
        if let gap = closestGap(in: observation, of: isServiceKind, below: interval) {
            return "\(gap.reference) was made \(milliseconds(gap.after)) after the previous request to the service, "
                + "requestInterval \(milliseconds(interval))"
        }
        return nil
    }

    /// The first request of the kinds `isSpaced` names this observation made less than
    /// `interval` after the previous one of those kinds, and how long after; `nil` when there is
    /// none or no interval.
    private static func closestGap(
        in observation: Observation<AddressPicker>, of isSpaced: (Request.Kind) -> Bool, below interval: Duration
    ) -> (reference: RequestReference<Request.Kind>, after: Duration)? {
        // Without an interval nothing is too close: the history is not read.
        guard interval > .zero else { return nil }
        let requests = observation.after.requests
        let firstNew = observation.before.requests.count
        guard requests.count > firstNew else { return nil }
        var previous: Duration?
        for position in requests.indices where isSpaced(requests[position].reference.kind) {
            let madeAt = requests[position].madeAt
            if position >= firstNew, let previous, madeAt - previous < interval {
                return (requests[position].reference, madeAt - previous)
            }
            previous = madeAt
        }
        return nil
    }

    /// R4: the search holds a request only while the cooldown runs, in the state that waits
    /// for it, with no request of its kind in flight (until the picker is confirmed, which
    /// abandons it with everything else).
    static let heldRequestWaitsForTheCooldown = Invariant<AddressPicker>.state(
        "the search holds a request only while geocodeCooldown runs, loadingCompletions or searching, with none of its kind in flight"
    ) { [search] state in
        guard let held = state.context.heldRequest, table.finalState(of: state.controls) == nil else { return nil }
        if !state.work.timers.contains(.geocodeCooldown) {
            return "the search holds \(held.request) but geocodeCooldown is not running"
        }
        let waiting: SearchState = if case .completions = held { .loadingCompletions } else { .searching }
        if state[search] != waiting { return "the search holds \(held.request) while \(state[search].name)" }
        if state.work.pending.contains(held.request.kind) {
            return "the search holds \(held.request) while a \(held.request.kind.name) request is in flight"
        }
        return nil
    }

    /// No late answer overwrites a newer one: completions shown are the current query's, and
    /// results shown answer the last place search, which searched the current query.
    static let shownAnswersMatchTheQuery = Invariant<AddressPicker>(
        "completions and results on screen answer the current query"
    ) { [search] observation in
        if observation.after.state[search] == .showingCompletions, !observation.after.state.context.completions.isEmpty {
            let context = observation.after.state.context
            if context.completionsQuery.map({ !$0.utf8.elementsEqual(context.query.utf8) }) ?? true {
                return
                    "completions of \(String(reflecting: context.completionsQuery)) are shown for the query \(String(reflecting: context.query))"
            }
        }
        guard !observation.after.state.context.results.isEmpty else { return nil }
        let requests = observation.after.requests
        let answered = requests.indices.last {
            requests[$0].reference.kind == .places && requests[$0].isAnswered && requests[$0].cancellation == nil
        }
        guard let answered, case .searchPlaces(let query) = requests[answered].request else {
            return "results are shown with no place search answered"
        }
        let searched: String
        switch query {
        case .completion(let completion): searched = completion.title
        case .text(let text, _): searched = text
        }
        if searched.utf8.elementsEqual(observation.after.state.context.query.utf8) { return nil }
        return
            "the results of \(String(reflecting: searched)) are shown for the query \(String(reflecting: observation.after.state.context.query))"
    }

    /// R1, R2: completions are asked for only for a query long enough and not cached.
    static let completionsOnlyForLongUncachedQueries = Invariant<AddressPicker>(
        "completions are requested only for a query of at least minimumQueryLength characters that is not cached"
    ) { observation in
        // The steps and their commands read where the lists keep them: a copy of a step copies
        // two states.
        let steps = observation.steps
        for index in steps.indices {
            guard let commands = steps[index].result?.commands else { continue }
            // Matched where the list keeps them: only a completions request's query is copied.
            for position in commands.indices {
                guard case .request(.requestCompletions(let query)) = commands[position] else { continue }
                let context = steps[index].before.context
                if context.configuration.isShort(query) {
                    return
                        "completions were requested for \(String(reflecting: query)), shorter than minimumQueryLength \(context.configuration.minimumQueryLength)"
                }
                if context.cachedCompletions.contains(where: { $0.query.utf8.elementsEqual(query.utf8) }) {
                    return "completions were requested for \(String(reflecting: query)), which the cache holds"
                }
            }
        }
        return nil
    }

    /// R1: a short query has no search debounce and no completions request.
    static let noSearchWorkForShortQueries = Invariant<AddressPicker>.state(
        "search is debouncing or loadingCompletions only for a query of at least minimumQueryLength characters"
    ) { [search] state in
        let search = state[search]
        guard search == .debouncing || search == .loadingCompletions, state.context.configuration.isShort(state.context.query)
        else {
            return nil
        }
        return
            "search is \(search.name) for \(String(reflecting: state.context.query)), shorter than minimumQueryLength \(state.context.configuration.minimumQueryLength)"
    }

    /// R2: the cache holds each query once, and no more queries than its capacity.
    static let cacheWithinCapacity = Invariant<AddressPicker>.state(
        "the completion cache holds at most completionCache distinct queries"
    ) { state in
        let cached = state.context.cachedCompletions
        let capacity = max(0, state.context.configuration.completionCache)
        if cached.count > capacity { return "the cache holds \(cached.count) queries, completionCache \(capacity)" }
        for (position, entry) in cached.enumerated()
        where cached[..<position].contains(where: { $0.query.utf8.elementsEqual(entry.query.utf8) }) {
            return "the cache holds \(String(reflecting: entry.query)) twice"
        }
        return nil
    }
}

/// A duration in milliseconds, for the invariants' messages: `800ms`, `2.5ms`.
private func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))ms" : "\(value)ms"
}
