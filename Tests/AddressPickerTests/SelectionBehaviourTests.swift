import AddressPicker
import MachineCore
import Testing

/// C1–C6: picking a completion, the place search, and picking a result.
@Suite("Completion selection and place search") struct SelectionBehaviourTests {
    @Test("C1: picking a completion searches its places and takes its title")
    func c1_selectCompletion() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.completionSelected(0))
        #expect(picker.search == .searching)
        #expect(picker.context.query == "Apple Store")
        #expect(picker.commands == [.request(.searchPlaces(.completion(appleStore)))])
        #expect(picker.context.completions == [appleStore, appleFifth])
    }

    @Test("C1: while debouncing or loading, earlier completions can be picked; the timer or request is cancelled")
    func c1_selectWhileTyping() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apple F"))
        try picker.send(.completionSelected(1))
        #expect(picker.commands == [.cancelTimer(.searchDebounce), .request(.searchPlaces(.completion(appleFifth)))])
        #expect(picker.search == .searching)

        picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apple F"))
        try picker.advance(300)
        try picker.send(.completionSelected(1))
        #expect(picker.commands == [.cancel(.completions), .request(.searchPlaces(.completion(appleFifth)))])
        #expect(picker.booksAgree)
    }

    @Test("C1: an index outside the completions is ignored with its reason", arguments: [2, -1, 99])
    func c1_indexOutOfRange(index: Int) throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.completionSelected(index))
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .guardsFailed)
        #expect(picker.search == .showingCompletions)
        let checks = picker.steps[0].result?.guardChecks ?? []
        #expect(checks.map { AddressPicker.table.rows[$0.row].guard?.name } == ["isOfferedCompletion"])
    }

    @Test("C1: completions cannot be picked while editing, searching or showing results")
    func c1_onlyWhileCompletionsShow() throws {
        var picker = try Harness.showingResults()
        try picker.send(.completionSelected(0))
        #expect(picker.ignored)
        try picker.send(.queryChanged(""))
        try picker.send(.completionSelected(0))
        #expect(picker.ignored)
    }

    @Test("C2: submitting searches the query near the region on screen")
    func c2_submit() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("bakery"))
        try picker.send(.searchSubmitted)
        #expect(picker.search == .searching)
        #expect(
            picker.commands == [
                .cancelTimer(.searchDebounce),
                .request(.searchPlaces(.text("bakery", region: AddressPicker.Context.defaultRegion))),
            ])
        try picker.send(.searchSubmitted)
        #expect(
            picker.commands == [
                .cancel(.places), .request(.searchPlaces(.text("bakery", region: AddressPicker.Context.defaultRegion))),
            ])
        try picker.respond(.places, 1, .places(PlaceSearchAnswer(places: [])))
        #expect(picker.dropped == ["places#1"])
        #expect(picker.search == .searching)
    }

    @Test("C2: submitting cancels a completions request in flight; results stay until the answer")
    func c2_submitWhileLoading() throws {
        var picker = try Harness.showingResults()
        try picker.send(.searchSubmitted)
        #expect(picker.context.results.count == 2)
        try picker.send(.queryChanged("Apple W"))
        try picker.advance(300)
        try picker.send(.searchSubmitted)
        #expect(picker.commands.first == .cancel(.completions))
    }

    @Test("C2: an empty query is not submitted")
    func c2_emptyQuery() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.searchSubmitted)
        #expect(picker.ignored)
        #expect(picker.search == .editing)
    }

    @Test("C3: places become markers and the map moves to their bounding region")
    func c3_placesWithBoundingRegion() throws {
        let picker = try Harness.showingResults()
        let bounding = try region(40.74, -73.99, span: 0.08)
        #expect(picker.search == .showingResults)
        #expect(picker.context.results.map(\.name) == ["Apple Grand Central", "Apple Fifth Avenue"])
        #expect(picker.context.region == bounding)
        #expect(picker.commands == [.output(.setRegion(bounding))])
    }

    @Test("C3: without a bounding region the machine computes one")
    func c3_computedBoundingRegion() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.completionSelected(0))
        try picker.respond(
            .places,
            .places(
                PlaceSearchAnswer(places: [
                    try place("A", 40.70, -74.00), try place("B", 40.80, -73.90),
                ])))
        let computed = picker.context.region
        #expect(abs(computed.center.latitude - 40.75) < 1e-9)
        #expect(abs(computed.center.longitude - -73.95) < 1e-9)
        #expect(abs(computed.span.latitudeDelta - 0.12) < 1e-9)
        #expect(abs(computed.span.longitudeDelta - 0.12) < 1e-9)
        #expect(picker.commands == [.output(.setRegion(computed))])
    }

    @Test("C3: a place answer clears a places failure")
    func c3_clearsPlacesFailure() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.completionSelected(0))
        try picker.respond(.places, .placesFailed(nil))
        #expect(picker.context.error == .placesFailed)
        try picker.send(.searchSubmitted)
        try picker.respond(.places, .places(PlaceSearchAnswer(places: [try place("A", 40.7, -74.0)])))
        #expect(picker.context.error == nil)
    }

    @Test("C4: no places shows no results and leaves the map; a failure records it")
    func c4_noPlacesOrFailure() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.completionSelected(0))
        try picker.respond(.places, .placesFailed("no network"))
        #expect(picker.search == .showingResults)
        #expect(picker.context.results.isEmpty)
        #expect(picker.context.error == .placesFailed)
        #expect(picker.commands.isEmpty)

        try picker.send(.searchSubmitted)
        try picker.respond(.places, .places(PlaceSearchAnswer(boundingRegion: try region(10, 10), places: [])))
        #expect(picker.search == .showingResults)
        #expect(picker.context.results.isEmpty)
        #expect(picker.context.region == AddressPicker.Context.defaultRegion)
        #expect(picker.commands.isEmpty)
        #expect(picker.context.error == nil)
    }

    @Test("C4: an empty answer replaces the results that stayed during the search")
    func c4_emptyAnswerClearsOldResults() throws {
        var picker = try Harness.showingResults()
        try picker.send(.searchSubmitted)
        try picker.respond(.places, .places(PlaceSearchAnswer(places: [])))
        #expect(picker.context.results.isEmpty)
    }

    @Test("C5: picking a result sets the address, centres the map on it and closes the search")
    func c5_pickResult() throws {
        var picker = try Harness.showingResults()
        let fifth = try place("Apple Fifth Avenue", 40.7638, -73.9730, street: "767 5th Ave")
        try picker.send(.resultSelected(1))
        let centred = MapRegion(center: fifth.center, span: try Span(latitudeDelta: 0.05, longitudeDelta: 0.05))
        #expect(picker.search == .inactive)
        #expect(picker.context.address == fifth.address)
        #expect(picker.context.addressSource == .search)
        #expect(picker.context.region == centred)
        #expect(picker.commands == [.output(.setRegion(centred)), .output(.dismissSearch)])
        #expect(picker.context.query == "")
        #expect(picker.context.completions.isEmpty)
        #expect(picker.context.results.isEmpty)
        #expect(picker.map == .idle)
        #expect(picker.context.referenceCenter == fifth.center)
        // The echo of the move and a nudge do not look the place up again.
        try picker.send(.regionChanged(centred, byUser: false))
        try picker.send(.regionChanged(try region(40.76381, -73.9730), byUser: true))
        #expect(picker.map == .idle)
        #expect(picker.commands.isEmpty)
    }

    @Test("C5: picking a result stops the map's debounce and lookup first")
    func c5_mapGoesIdle() throws {
        var picker = try Harness.showingResults()
        try picker.send(.regionChanged(try region(41, -74), byUser: true))
        try picker.send(.resultSelected(0))
        #expect(picker.commands.first == .cancelTimer(.regionDebounce))
        #expect(picker.map == .idle)
        #expect(picker.fired == ["C5.settleMap", "C5.pickResult"])

        picker = try Harness.showingResults()
        try picker.send(.appeared)
        try picker.send(.resultSelected(0))
        #expect(picker.commands.first == .cancel(.address))
        #expect(picker.pending.isEmpty)
    }

    @Test("C5: an index outside the results is ignored with its reason", arguments: [2, -1])
    func c5_indexOutOfRange(index: Int) throws {
        var picker = try Harness.showingResults()
        try picker.send(.resultSelected(index))
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .guardsFailed)
        #expect(picker.search == .showingResults)
        #expect(picker.context.address == nil)
    }

    @Test("C6: cancelling the search clears it, cancels its work and keeps the address")
    func c6_cancelSearch() throws {
        var picker = try Harness.resolved()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.send(.searchCancelled)
        #expect(picker.search == .inactive)
        #expect(picker.commands == [.cancelTimer(.searchDebounce)])
        #expect(picker.context.query == "")
        #expect(picker.context.address == brooklyn)

        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.send(.searchSubmitted)
        try picker.send(.searchCancelled)
        #expect(picker.commands == [.cancel(.places)])
        try picker.respond(.places, 1, .places(PlaceSearchAnswer(places: [try place("A", 1, 1)])))
        #expect(picker.dropped == ["places#1"])
        #expect(picker.context.results.isEmpty)
    }

    @Test("C6: when results moved the map, cancelling puts it back where the search began")
    func c6_restoresTheRegion() throws {
        var picker = try Harness.showingResults()
        try picker.send(.searchCancelled)
        #expect(picker.context.region == AddressPicker.Context.defaultRegion)
        #expect(picker.commands == [.output(.setRegion(AddressPicker.Context.defaultRegion))])
        #expect(picker.context.results.isEmpty)
        #expect(picker.context.completions.isEmpty)
    }

    @Test("C6: without a move by results, the map stays")
    func c6_noMoveNoRestore() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.searchCancelled)
        #expect(picker.commands.isEmpty)
    }

    @Test("C6: the region remembered is the one at activation")
    func c6_rememberedAtActivation() throws {
        var picker = Harness()
        let origin = try region(48.85, 2.35)
        try picker.send(.regionChanged(origin, byUser: false))
        try picker.send(.searchActivated)
        try picker.send(.regionChanged(try region(48.9, 2.4), byUser: false))
        try picker.send(.queryChanged("cafe"))
        try picker.send(.searchSubmitted)
        try picker.respond(.places, .places(PlaceSearchAnswer(places: [try place("Cafe", 48.86, 2.34)])))
        try picker.send(.searchCancelled)
        #expect(picker.context.region == origin)
    }
}
