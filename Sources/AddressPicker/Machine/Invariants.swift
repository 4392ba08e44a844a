import MachineRuntime

extension AddressPicker {
    /// What must hold after every input, whatever the inputs: the framework's standard
    /// invariants, every request and timer tied to the control state that waits for it, and the
    /// request policies (R1–R3) kept whatever the configuration (with a policy off, its
    /// invariants hold trivially).
    ///
    /// Declared once, for every tool: restore a saved picker with them
    /// (`Runtime(restoring: saved, table: AddressPicker.table, invariants: AddressPicker.invariants)`)
    /// and a state no picker can be in is refused; exploration checks them after every move.
    public static let invariants: [Invariant<AddressPicker>] =
        Invariant.standard + [
            .request(.address, onlyIn: map, .geocoding),
            .request(.completions, onlyIn: search, .loadingCompletions),
            .request(.places, onlyIn: search, .searching),
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
        ]

    // MARK: the request policies

    /// R3: the cooldown runs exactly while the last reverse geocode is younger than the interval
    /// (it starts with each one, and only confirming stops it early).
    static let geocodeCooldownFollowsLookups = Invariant<AddressPicker>(
        "geocodeCooldown runs exactly while the last reverseGeocode is younger than geocodeInterval"
    ) { observation in
        let runtime = observation.after
        let interval = runtime.state.context.configuration.geocodeInterval
        let running = runtime.timers.contains { $0.timer == .geocodeCooldown }
        let finished = runtime.table.finalState(of: runtime.state.controls) != nil
        let age = runtime.requests.last { $0.reference.kind == .address }.map { runtime.now - $0.madeAt }
        let recent = interval > .zero && !finished && age.map { $0 < interval } == true
        if running == recent { return nil }
        let since = age.map { "\(milliseconds($0)) after the last reverseGeocode" } ?? "with no reverseGeocode"
        return running
            ? "geocodeCooldown runs \(since), geocodeInterval \(milliseconds(interval))"
            : "geocodeCooldown is not running \(since), within geocodeInterval \(milliseconds(interval))"
    }

    /// R3: a lookup is held back only while the cooldown runs, at the reference centre.
    static let throttledOnlyWhileCoolingDown = Invariant<AddressPicker>(
        "map is throttled only while geocodeCooldown runs, holding back the reference centre"
    ) { observation in
        let state = observation.after.state
        guard state[map] == .throttled else { return nil }
        if !state.work.timers.contains(.geocodeCooldown) { return "map is throttled but geocodeCooldown is not running" }
        if state.context.referenceCenter == nil { return "map is throttled with no reference centre to look up" }
        return nil
    }

    /// R3: no two reverse geocodes closer than the interval.
    static let lookupsAreSpacedOut = Invariant<AddressPicker>(
        "reverseGeocode requests are at least geocodeInterval apart"
    ) { observation in
        let runtime = observation.after
        let interval = runtime.state.context.configuration.geocodeInterval
        let firstNew = observation.before.requests.count
        guard interval > .zero, runtime.requests.count > firstNew else { return nil }
        var previous: Duration?
        for (position, record) in runtime.requests.enumerated() where record.reference.kind == .address {
            if position >= firstNew, let previous, record.madeAt - previous < interval {
                return
                    "\(record.reference) was made \(milliseconds(record.madeAt - previous)) after the previous reverseGeocode, "
                    + "geocodeInterval \(milliseconds(interval))"
            }
            previous = record.madeAt
        }
        return nil
    }

    /// R1, R2: completions are asked for only for a query long enough and not cached.
    static let completionsOnlyForLongUncachedQueries = Invariant<AddressPicker>(
        "completions are requested only for a query of at least minimumQueryLength characters that is not cached"
    ) { observation in
        for step in observation.steps {
            for command in step.commands {
                guard case .request(.requestCompletions(let query)) = command else { continue }
                let context = step.before.context
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
    static let noSearchWorkForShortQueries = Invariant<AddressPicker>(
        "search is debouncing or loadingCompletions only for a query of at least minimumQueryLength characters"
    ) { observation in
        let state = observation.after.state
        let search = state[search]
        guard search == .debouncing || search == .loadingCompletions, state.context.configuration.isShort(state.context.query)
        else {
            return nil
        }
        return
            "search is \(search.name) for \(String(reflecting: state.context.query)), shorter than minimumQueryLength \(state.context.configuration.minimumQueryLength)"
    }

    /// R2: the cache holds each query once, and no more queries than its capacity.
    static let cacheWithinCapacity = Invariant<AddressPicker>(
        "the completion cache holds at most completionCache distinct queries"
    ) { observation in
        let context = observation.after.state.context
        let cached = context.cachedCompletions
        let capacity = max(0, context.configuration.completionCache)
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
