import AddressPicker
import MachineCore
import Testing

/// P1–P3: points of interest of a category.
@Suite("Points of interest") struct PointsOfInterestBehaviourTests {
    let home = AddressPicker.Context.defaultRegion

    @Test("P1: tapping a category searches it in the region on screen")
    func p1_select() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("cafe"))
        #expect(picker.poi == .loading)
        #expect(picker.context.category == "cafe")
        #expect(picker.commands == [.request(.searchPointsOfInterest(category: "cafe", region: home))])
    }

    @Test("P1: tapping the selected category again turns it off and cancels the search")
    func p1_deselect() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.categoryTapped("cafe"))
        #expect(picker.poi == .off)
        #expect(picker.context.category == nil)
        #expect(picker.context.pointsOfInterest.isEmpty)
        #expect(picker.commands == [.cancel(.pointsOfInterest)])

        try picker.send(.categoryTapped("park"))
        try picker.respond(.pointsOfInterest, .pointsOfInterest([try place("Park", 40.7, -74.0)]))
        try picker.send(.categoryTapped("park"))
        #expect(picker.commands.isEmpty)
        #expect(picker.context.pointsOfInterest.isEmpty)
    }

    @Test("P2: the points arrive without moving the map")
    func p2_loaded() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("museum"))
        let points = [try place("MoMA", 40.7614, -73.9776), try place("Met", 40.7794, -73.9632)]
        try picker.respond(.pointsOfInterest, .pointsOfInterest(points))
        #expect(picker.poi == .showing)
        #expect(picker.context.pointsOfInterest == points)
        #expect(picker.context.region == home)
        #expect(picker.commands.isEmpty)
    }

    @Test("P2: a failure turns the category off and alerts")
    func p2_failed() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("museum"))
        try picker.respond(.pointsOfInterest, .pointsOfInterestFailed(nil))
        #expect(picker.poi == .off)
        #expect(picker.context.category == nil)
        #expect(picker.context.alert == .poiSearchFailed)
        #expect(picker.commands == [.output(.showAlert(.poiSearchFailed))])
    }

    @Test("P2: another category switches the search; the old answer is dropped")
    func p2_switch() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.categoryTapped("park"))
        #expect(picker.context.category == "park")
        #expect(
            picker.commands == [.cancel(.pointsOfInterest), .request(.searchPointsOfInterest(category: "park", region: home))])
        try picker.respond(.pointsOfInterest, 1, .pointsOfInterest([try place("Cafe", 40.7, -74.0)]))
        #expect(picker.dropped == ["pointsOfInterest#1"])
        #expect(picker.context.pointsOfInterest.isEmpty)
    }

    @Test("P3: a user move past the duplicate check searches again; points stay until the answer")
    func p3_userMove() throws {
        var picker = Harness()
        try picker.send(.categoryTapped("cafe"))
        let points = [try place("Cafe", 40.7, -74.0)]
        try picker.respond(.pointsOfInterest, .pointsOfInterest(points))
        let moved = try region(40.8, -74.0)
        try picker.send(.regionChanged(moved, byUser: true))
        #expect(picker.poi == .loading)
        #expect(
            picker.commands == [
                .startTimer(.regionDebounce, .milliseconds(500)),
                .request(.searchPointsOfInterest(category: "cafe", region: moved)),
            ])
        #expect(picker.context.pointsOfInterest == points)
        // In settling, every user change counts, even a tiny one.
        let nudged = try region(40.80001, -74.0)
        try picker.send(.regionChanged(nudged, byUser: true))
        #expect(picker.commands.last == .request(.searchPointsOfInterest(category: "cafe", region: nudged)))
    }

    @Test("P3: an echo or a move M2 filters does not search again")
    func p3_filtered() throws {
        var picker = try Harness.resolved()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.regionChanged(try region(41, -74), byUser: false))
        #expect(picker.commands.isEmpty)
        try picker.send(.regionChanged(try region(41, -74), byUser: true))
        #expect(picker.commands.count == 3)
        try picker.advance(500)
        try picker.respond(.address, .address(brooklyn))
        try picker.send(.regionChanged(try region(41.00001, -74), byUser: true))
        #expect(picker.commands.isEmpty)
    }

    @Test("P3: the machine's own moves search again (C3, C5, C6, L3)")
    func p3_machineMoves() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.completionSelected(0))
        let bounding = try region(40.74, -73.99, span: 0.08)
        try picker.respond(.places, .places(PlaceSearchAnswer(boundingRegion: bounding, places: [try place("A", 40.74, -73.99)])))
        #expect(
            picker.commands == [
                .output(.setRegion(bounding)),
                .cancel(.pointsOfInterest), .request(.searchPointsOfInterest(category: "cafe", region: bounding)),
            ])

        try picker.send(.searchCancelled)
        #expect(picker.commands.last == .request(.searchPointsOfInterest(category: "cafe", region: home)))

        picker = try Harness.showingResults()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.resultSelected(0))
        #expect(picker.commands.last == .request(.searchPointsOfInterest(category: "cafe", region: picker.context.region)))
        #expect(picker.fired == ["C5.settleMap", "C5.pickResult", "P3.resultMovedMap"])

        picker = Harness { $0.authorization = .authorizedWhenInUse }
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.locateMeTapped)
        try picker.respond(.location, .location(try at(1, 1)))
        #expect(
            picker.commands.suffix(2) == [
                .cancel(.pointsOfInterest),
                .request(.searchPointsOfInterest(category: "cafe", region: picker.context.region)),
            ])
    }

    @Test("P3: a place search with no places does not move the map, so no new search")
    func p3_noPlacesNoSearch() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.completionSelected(0))
        try picker.respond(.places, .places(PlaceSearchAnswer(places: [])))
        #expect(picker.commands.isEmpty)
        #expect(picker.pending == [.pointsOfInterest])
    }

    @Test("P3: without a category the map's moves search nothing")
    func p3_noCategory() throws {
        var picker = try Harness.showingResults()
        try picker.send(.resultSelected(0))
        #expect(!picker.pending.contains(.pointsOfInterest))
        #expect(picker.poi == .off)
    }
}
