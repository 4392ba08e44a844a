import MachineCore

/// The address picker's guards. Each is named in the table, in diagrams (`[name]`) and in
/// transcripts; each reads the state before the step and the event.
extension Guard where M == AddressPicker {
    typealias State = MachineState<AddressPicker>

    // Map (M1–M3).

    /// A move the machine made, echoed back by the host (M1).
    static var isEcho: Self { Self("isEcho") { _, event in event.regionChangedByUser == false } }
    /// A move by the person (M3 in `settling`).
    static var isUserMove: Self { Self("isUserMove") { _, event in event.regionChangedByUser == true } }
    /// A user move whose centre is within the duplicate distance of the reference centre (M2).
    static var isUserMoveNearReference: Self {
        Self("isUserMoveNearReference") { state, event in
            guard case .regionChanged(let region, true) = event else { return false }
            return state.context.isNearReference(region.center)
        }
    }
    /// A user move away from the reference centre, or with none (M3).
    static var isUserMoveAwayFromReference: Self {
        Self("isUserMoveAwayFromReference") { state, event in
            guard case .regionChanged(let region, true) = event else { return false }
            return !state.context.isNearReference(region.center)
        }
    }

    // Geocode cooldown (R3).

    /// The geocode cooldown runs: a lookup now would come too soon after the last one (R3).
    static var isCoolingDown: Self {
        Self("isCoolingDown") { state, _ in state.work.timers.contains(.geocodeCooldown) }
    }
    /// No geocode cooldown runs: a lookup may go now (M4, M7, L3).
    static var isCooledDown: Self {
        Self("isCooledDown") { state, _ in !state.work.timers.contains(.geocodeCooldown) }
    }

    /// R3, R4: the held lookup goes when the cooldown ends, unless the search holds a request,
    /// which goes first.
    static var searchHoldsNoRequest: Self {
        Self("searchHoldsNoRequest") { state, _ in state.context.heldRequest == nil }
    }

    /// R4: the search holds a request until the cooldown ends.
    static var holdsRequest: Self {
        Self("holdsRequest") { state, _ in state.context.heldRequest != nil }
    }

    // Search (S2–S5, R1, R2, C1–C5).

    /// A change that empties a non-empty query (S3).
    static var clearsQuery: Self {
        Self("clearsQuery") { state, event in
            guard case .queryChanged(let query) = event else { return false }
            return query.isEmpty && !query.isIdentical(to: state.context.query)
        }
    }
    /// A change to a different, non-empty query of at least the minimum length (S4).
    static var editsQuery: Self {
        Self("editsQuery") { state, event in
            guard case .queryChanged(let query) = event else { return false }
            return !query.isEmpty && !query.isIdentical(to: state.context.query)
                && !state.context.configuration.isShort(query)
        }
    }
    /// A change to a different, non-empty query shorter than the minimum length (R1).
    static var editsShortQuery: Self {
        Self("editsShortQuery") { state, event in
            guard case .queryChanged(let query) = event else { return false }
            return !query.isEmpty && !query.isIdentical(to: state.context.query)
                && state.context.configuration.isShort(query)
        }
    }
    /// The completions on screen are the query's own (S5).
    static var hasCompletionsForQuery: Self {
        Self("hasCompletionsForQuery") { state, _ in state.context.completionsQuery?.isIdentical(to: state.context.query) == true
        }
    }
    /// The completions on screen are not the query's, but the cache has them (R2).
    static var hasCachedCompletions: Self {
        Self("hasCachedCompletions") { state, _ in
            state.context.completionsQuery?.isIdentical(to: state.context.query) != true
                && state.context.cacheIndex(of: state.context.query) != nil
        }
    }
    /// The completions on screen are not the query's, and the cache does not have them (S5).
    static var needsCompletionsForQuery: Self {
        Self("needsCompletionsForQuery") { state, _ in
            state.context.completionsQuery?.isIdentical(to: state.context.query) != true
                && state.context.cacheIndex(of: state.context.query) == nil
        }
    }
    /// The index names a completion on screen (C1).
    static var isOfferedCompletion: Self {
        Self("isOfferedCompletion") { state, event in
            guard case .completionSelected(let index) = event else { return false }
            return state.context.completions.indices.contains(index)
        }
    }
    /// There is a query to search for (C2).
    static var hasQuery: Self { Self("hasQuery") { state, _ in !state.context.query.isEmpty } }
    /// The place search found places (C3).
    static var foundPlaces: Self { Self("foundPlaces") { _, event in event.foundPlaces == true } }
    /// The place search found nothing (C4).
    static var foundNoPlaces: Self { Self("foundNoPlaces") { _, event in event.foundPlaces == false } }
    /// The index names a result on screen (C5).
    static var isOfferedResult: Self {
        Self("isOfferedResult") { state, event in state.context.result(pickedBy: event) != nil }
    }
    /// The search shows results and the index names one of them (C5, for the map region).
    static var picksResult: Self {
        Self("picksResult") { state, event in state.picksResult(event) }
    }

    // Location (L1, L2, L5).

    /// Location services are off (L1).
    static var servicesOff: Self { Self("servicesOff") { state, _ in state.context.authorization == .servicesOff } }
    /// The person refused or may not give permission (L1).
    static var permissionDenied: Self {
        Self("permissionDenied") { state, _ in [.denied, .restricted].contains(state.context.authorization) }
    }
    /// Nobody has asked yet (L1).
    static var permissionUndetermined: Self {
        Self("permissionUndetermined") { state, _ in state.context.authorization == .notDetermined }
    }
    /// The app may read the location (L1).
    static var permissionGranted: Self {
        Self("permissionGranted") { state, _ in state.context.authorization.isAuthorized }
    }
    /// The answer grants permission (L2).
    static var grantsPermission: Self { Self("grantsPermission") { _, event in event.authorizationStatus?.isAuthorized == true } }
    /// The answer is denied or restricted (L2).
    static var deniesPermission: Self {
        Self("deniesPermission") { _, event in [.denied, .restricted].contains(event.authorizationStatus) }
    }
    /// The answer says location services are off (L2).
    static var reportsServicesOff: Self {
        Self("reportsServicesOff") { _, event in event.authorizationStatus == .servicesOff }
    }
    /// The answer leaves the permission undetermined (L2).
    static var leavesUndetermined: Self {
        Self("leavesUndetermined") { _, event in event.authorizationStatus == .notDetermined }
    }
    /// The new status still allows reading the location (L5).
    static var keepsPermission: Self { Self("keepsPermission") { _, event in event.authorizationStatus?.isAuthorized == true } }
    /// The new status no longer allows reading the location (L5).
    static var losesPermission: Self { Self("losesPermission") { _, event in event.authorizationStatus?.isAuthorized == false } }

    // Points of interest (P1, P3).

    /// The tapped category is the selected one (P1).
    static var isSelectedCategory: Self {
        Self("isSelectedCategory") { state, event in
            guard case .categoryTapped(let category) = event else { return false }
            return state.context.category?.isIdentical(to: category) == true
        }
    }
    /// The tapped category is not the selected one (P1, P2).
    static var isOtherCategory: Self {
        Self("isOtherCategory") { state, event in
            guard case .categoryTapped(let category) = event else { return false }
            return state.context.category?.isIdentical(to: category) != true
        }
    }
    /// A category is selected (P3 on L3).
    static var hasCategory: Self { Self("hasCategory") { state, _ in state.context.category != nil } }
    /// A category is selected and the person moved the map past M2's duplicate check (P3).
    static var hasCategoryAndUserMovedMap: Self {
        Self("hasCategoryAndUserMovedMap") { state, event in
            guard state.context.category != nil, case .regionChanged(let region, true) = event else { return false }
            return state[AddressPicker.map] == .settling || !state.context.isNearReference(region.center)
        }
    }
    /// A category is selected and the place search moves the map (P3 on C3).
    static var hasCategoryAndFoundPlaces: Self {
        Self("hasCategoryAndFoundPlaces") { state, event in state.context.category != nil && event.foundPlaces == true }
    }
    /// A category is selected and a picked result moves the map (P3 on C5).
    static var hasCategoryAndPicksResult: Self {
        Self("hasCategoryAndPicksResult") { state, event in state.context.category != nil && state.picksResult(event) }
    }
    /// A category is selected and cancelling the search restores the map (P3 on C6).
    static var hasCategoryAndRestoresMap: Self {
        Self("hasCategoryAndRestoresMap") { state, _ in
            state.context.category != nil && state.context.resultsMovedMap && state[AddressPicker.search] != .inactive
        }
    }

    // Picker (K1, K2).

    /// An alert is on screen (K1).
    static var alertShown: Self { Self("alertShown") { state, _ in state.context.alert != nil } }
    /// An address has been picked (K2).
    static var hasAddress: Self { Self("hasAddress") { state, _ in state.context.address != nil } }
}

extension AddressPicker.Context {
    /// The position in ``cachedCompletions`` of `query`'s entry, if the cache has it (R2).
    func cacheIndex(of query: String) -> Int? {
        cachedCompletions.firstIndex { $0.query.isIdentical(to: query) }
    }

    /// Whether `center` is within the duplicate distance of the reference centre (M2).
    func isNearReference(_ center: Coordinate) -> Bool {
        guard let referenceCenter else { return false }
        return referenceCenter.distance(to: center) <= configuration.duplicateDistance
    }

    /// The result a `resultSelected` event picks, if its index is in range.
    func result(pickedBy event: AddressPicker.Event) -> Place? {
        guard case .resultSelected(let index) = event, results.indices.contains(index) else { return nil }
        return results[index]
    }
}

extension MachineState where M == AddressPicker {
    /// Whether `event` picks a result on screen (C5).
    func picksResult(_ event: AddressPicker.Event) -> Bool {
        self[AddressPicker.search] == .showingResults && context.result(pickedBy: event) != nil
    }
}

extension String {
    /// Whether the two strings have the same Unicode scalars: the picker compares text without
    /// normalisation, as scripts do ("é" precomposed and decomposed differ).
    func isIdentical(to other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}

extension AddressPicker.Event {
    /// For `regionChanged`, whether the person made the move.
    var regionChangedByUser: Bool? {
        if case .regionChanged(_, let byUser) = self { byUser } else { nil }
    }

    /// For a place-search answer, whether it holds places.
    var foundPlaces: Bool? {
        if case .places(let answer) = self { !answer.places.isEmpty } else { nil }
    }

    /// For `authorization` and `authorizationChanged`, the status.
    var authorizationStatus: AddressPicker.Authorization? {
        switch self {
        case .authorization(let status), .authorizationChanged(let status): status
        default: nil
        }
    }
}
