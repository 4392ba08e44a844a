import MachineCore

extension AddressPicker {
    /// Every transition of the address picker, by name.
    ///
    /// Each row is `id, region, source states, event, [guard], target, action`; the id starts with
    /// the rule it implements (see <doc:Behaviour>). Within a step, rows fire in
    /// region order (picker, location, map, search, poi), and each row emits its cancellations
    /// before its other commands.
    public static let table = TransitionTable<AddressPicker>(
        regions: [picker, location, map, search, poi], rows: rows, exclusive: exclusiveGuards)

    /// Guards of rows that leave one state on one event: at most one of each set holds, so the
    /// table is deterministic whatever the order of its rows (checked by `address-picker check`).
    static let exclusiveGuards: [ExclusiveGuards<AddressPicker>] = [
        ExclusiveGuards(.servicesOff, .permissionDenied, .permissionUndetermined, .permissionGranted),
        ExclusiveGuards(.grantsPermission, .deniesPermission, .reportsServicesOff, .leavesUndetermined),
        ExclusiveGuards(.keepsPermission, .losesPermission),
        ExclusiveGuards(.isEcho, .isUserMoveNearReference, .isUserMoveAwayFromReference),
        ExclusiveGuards(.isEcho, .isUserMove),
        ExclusiveGuards(.isCoolingDown, .isCooledDown),
        ExclusiveGuards(.clearsQuery, .editsQuery, .editsShortQuery),
        ExclusiveGuards(.hasCompletionsForQuery, .hasCachedCompletions, .needsCompletionsForQuery),
        ExclusiveGuards(.foundPlaces, .foundNoPlaces),
        ExclusiveGuards(.isSelectedCategory, .isOtherCategory),
    ]

    static let rows: [Row<AddressPicker>] = [
        // MARK: picker
        Row("K1.dismissAlert", in: picker, from: [.picking], on: .alertDismissed, when: .alertShown, action: dismissAlert),
        Row("K2.confirm", in: picker, from: [.picking], on: .confirmTapped, when: .hasAddress, to: .confirmed, action: confirm),

        // MARK: location
        Row("L1.servicesOff", in: location, from: [.idle], on: .locateMeTapped, when: .servicesOff, action: alertServicesOff),
        Row("L1.denied", in: location, from: [.idle], on: .locateMeTapped, when: .permissionDenied, action: alertDenied),
        Row(
            "L1.askPermission", in: location, from: [.idle], on: .locateMeTapped, when: .permissionUndetermined,
            to: .awaitingAuthorization, action: askPermission),
        Row(
            "L1.locate", in: location, from: [.idle], on: .locateMeTapped, when: .permissionGranted,
            to: .locating, action: locate),
        Row(
            "L2.granted", in: location, from: [.awaitingAuthorization], on: .authorization, when: .grantsPermission,
            to: .locating, action: locateAfterPermission),
        Row(
            "L2.denied", in: location, from: [.awaitingAuthorization], on: .authorization, when: .deniesPermission,
            to: .idle, action: alertRefusal),
        Row(
            "L2.servicesOff", in: location, from: [.awaitingAuthorization], on: .authorization, when: .reportsServicesOff,
            to: .idle, action: alertRefusal),
        Row(
            "L2.undetermined", in: location, from: [.awaitingAuthorization], on: .authorization, when: .leavesUndetermined,
            to: .idle, action: storeAuthorization),
        Row(
            "L2.failed", in: location, from: [.awaitingAuthorization], on: .authorizationFailed,
            to: .idle, action: alertLocationFailed),
        Row("L3.located", in: location, from: [.locating], on: .location, to: .idle),
        Row("L4.failed", in: location, from: [.locating], on: .locationFailed, to: .idle, action: alertLocationFailed),
        Row(
            "L5.store", in: location, from: [.idle, .awaitingAuthorization], on: .authorizationChanged,
            action: storeAuthorization),
        Row(
            "L5.keep", in: location, from: [.locating], on: .authorizationChanged, when: .keepsPermission,
            action: storeAuthorization),
        Row(
            "L5.lost", in: location, from: [.locating], on: .authorizationChanged, when: .losesPermission,
            to: .idle, action: stopLocating),
        Row(
            "K2.stopLocating", in: location, from: [.awaitingAuthorization, .locating], on: .confirmTapped,
            when: .hasAddress, to: .idle),

        // MARK: map
        Row("M1.echo", in: map, from: .any, on: .regionChanged, when: .isEcho, action: storeRegion),
        Row(
            "M2.samePlace", in: map, from: [.idle, .geocoding, .throttled], on: .regionChanged,
            when: .isUserMoveNearReference, action: storeRegion),
        Row(
            "M3.moved", in: map, from: [.idle, .geocoding, .throttled], on: .regionChanged,
            when: .isUserMoveAwayFromReference, to: .settling, action: settle),
        Row(
            "M3.stillMoving", in: map, from: [.settling], on: .regionChanged, when: .isUserMove,
            to: .settling, action: settle),
        Row(
            "M4.lookUp", in: map, from: [.settling], on: .regionDebounceElapsed, when: .isCooledDown,
            to: .geocoding, action: lookUpCenter),
        Row(
            "R3.holdBack", in: map, from: [.settling], on: .regionDebounceElapsed, when: .isCoolingDown,
            to: .throttled, action: holdBackCenter),
        Row("M5.resolved", in: map, from: [.geocoding], on: .address, to: .idle, action: resolveAddress),
        Row("M6.failed", in: map, from: [.geocoding], on: .addressFailed, to: .idle, action: failLookup),
        Row("M7.appeared", in: map, from: .any, on: .appeared, when: .isCooledDown, to: .geocoding, action: lookUpCenter),
        Row(
            "R3.holdBackAppeared", in: map, from: .any, on: .appeared, when: .isCoolingDown,
            to: .throttled, action: holdBackCenter),
        Row(
            "C5.settleMap", in: map, from: .any, on: .resultSelected, when: .picksResult,
            to: .idle, action: settleOnPickedResult),
        Row(
            "L3.lookUpLocation", in: map, from: .any, on: .location, when: .isCooledDown,
            to: .geocoding, action: lookUpLocation),
        Row(
            "R3.holdBackLocation", in: map, from: .any, on: .location, when: .isCoolingDown,
            to: .throttled, action: holdBackLocation),
        Row(
            "R3.cooldownOver", in: map, from: [.throttled], on: .geocodeCooldownElapsed, when: .searchHoldsNoRequest,
            to: .geocoding, action: lookUpHeldCenter),
        Row(
            "K2.stopLookup", in: map, from: [.settling, .geocoding, .throttled], on: .confirmTapped, when: .hasAddress,
            to: .idle),

        // MARK: search
        // The rows of `active` that stay in it (clear, type, short query, submit) are internal:
        // they change the leaf below `active` without exiting and re-entering it; `active` has
        // no entry or exit actions, so only the transcripts' compound lines tell the difference.
        Row("S1.activate", in: search, from: [.inactive], on: .searchActivated, to: .active, action: activateSearch),
        Row(
            "S3.clear", in: search, from: [.active], on: .queryChanged, when: .clearsQuery,
            to: .editing, internal: true, action: clearQuery),
        Row(
            "S4.type", in: search, from: [.active], on: .queryChanged, when: .editsQuery,
            to: .debouncing, internal: true, action: editQuery),
        Row(
            "R1.shortQuery", in: search, from: [.active], on: .queryChanged, when: .editsShortQuery,
            to: .editing, internal: true, action: editShortQuery),
        Row(
            "S5.reuseCompletions", in: search, from: [.debouncing], on: .searchDebounceElapsed,
            when: .hasCompletionsForQuery, to: .showingCompletions),
        Row(
            "R2.cacheHit", in: search, from: [.debouncing], on: .searchDebounceElapsed,
            when: .hasCachedCompletions, to: .showingCompletions, action: showCachedCompletions),
        Row(
            "S5.loadCompletions", in: search, from: [.debouncing], on: .searchDebounceElapsed,
            when: .needsCompletionsForQuery, to: .loadingCompletions, action: requestCompletions),
        Row(
            "S6.completions", in: search, from: [.loadingCompletions], on: .completions,
            to: .showingCompletions, action: showCompletions),
        Row(
            "S7.completionsFailed", in: search, from: [.loadingCompletions], on: .completionsFailed,
            to: .showingCompletions, action: failCompletions),
        Row(
            "C1.selectCompletion", in: search, from: [.showingCompletions, .debouncing, .loadingCompletions],
            on: .completionSelected, when: .isOfferedCompletion, to: .searching, action: searchCompletion),
        Row(
            "C2.submit", in: search, from: [.active], on: .searchSubmitted, when: .hasQuery,
            to: .searching, internal: true, action: searchQuery),
        Row(
            "C3.places", in: search, from: [.searching], on: .places, when: .foundPlaces,
            to: .showingResults, action: showPlaces),
        Row(
            "C4.noPlaces", in: search, from: [.searching], on: .places, when: .foundNoPlaces,
            to: .showingResults, action: showNoPlaces),
        Row(
            "C4.placesFailed", in: search, from: [.searching], on: .placesFailed,
            to: .showingResults, action: failPlaces),
        Row(
            "C5.pickResult", in: search, from: [.showingResults], on: .resultSelected, when: .isOfferedResult,
            to: .inactive, action: pickResult),
        Row("C6.cancel", in: search, from: [.active], on: .searchCancelled, to: .inactive, action: cancelSearch),
        Row(
            "R4.sendHeld", in: search, from: [.loadingCompletions, .searching], on: .geocodeCooldownElapsed,
            when: .holdsRequest, action: sendHeldRequest),
        Row(
            "K2.stopSearch", in: search, from: [.debouncing, .loadingCompletions, .searching], on: .confirmTapped,
            when: .hasAddress, to: .inactive),

        // MARK: poi
        Row(
            "P1.deselect", in: poi, from: .any, on: .categoryTapped, when: .isSelectedCategory,
            to: .off, action: deselectCategory),
        Row(
            "P1.select", in: poi, from: .any, on: .categoryTapped, when: .isOtherCategory,
            to: .loading, action: selectCategory),
        Row("P2.loaded", in: poi, from: [.loading], on: .pointsOfInterest, to: .showing, action: showPointsOfInterest),
        Row("P2.failed", in: poi, from: [.loading], on: .pointsOfInterestFailed, to: .off, action: failPointsOfInterest),
        Row(
            "P3.userMovedMap", in: poi, from: .any, on: .regionChanged, when: .hasCategoryAndUserMovedMap,
            to: .loading, action: searchCategoryAgain),
        Row(
            "P3.placesMovedMap", in: poi, from: .any, on: .places, when: .hasCategoryAndFoundPlaces,
            to: .loading, action: searchCategoryAgain),
        Row(
            "P3.resultMovedMap", in: poi, from: .any, on: .resultSelected, when: .hasCategoryAndPicksResult,
            to: .loading, action: searchCategoryAgain),
        Row(
            "P3.searchRestoredMap", in: poi, from: .any, on: .searchCancelled, when: .hasCategoryAndRestoresMap,
            to: .loading, action: searchCategoryAgain),
        Row(
            "P3.locationMovedMap", in: poi, from: .any, on: .location, when: .hasCategory,
            to: .loading, action: searchCategoryAgain),
        Row("K2.stopPointsOfInterest", in: poi, from: [.loading], on: .confirmTapped, when: .hasAddress, to: .off),
    ]
}
