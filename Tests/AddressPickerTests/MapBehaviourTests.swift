import AddressPicker
import MachineCore
import Testing

/// M1–M7: map panning and address resolution.
@Suite("Map panning and address resolution") struct MapBehaviourTests {
    @Test("M1: an echo stores the region in every map state and does nothing else")
    func m1_echoOnlyStoresTheRegion() throws {
        var picker = Harness()
        let moved = try region(40.8, -73.9)
        try picker.send(.regionChanged(moved, byUser: false))
        #expect(picker.context.region == moved)
        #expect(picker.commands.isEmpty)
        #expect(picker.map == .idle)
        #expect(picker.fired == ["M1.echo"])

        try picker.send(.regionChanged(try region(40.9, -73.9), byUser: true))
        #expect(picker.map == .settling)
        let echo = try region(41.0, -73.9)
        try picker.send(.regionChanged(echo, byUser: false))
        #expect(picker.commands.isEmpty)
        #expect(picker.map == .settling)
        #expect(picker.context.region == echo)

        try picker.advance(500)
        #expect(picker.map == .geocoding)
        try picker.send(.regionChanged(try region(42.0, -73.9), byUser: false))
        #expect(picker.commands.isEmpty)
        #expect(picker.map == .geocoding)
        #expect(picker.pending == [.address])
    }

    @Test("M1: a user change stores the region too")
    func m1_userChangeStoresTheRegion() throws {
        var picker = Harness()
        let moved = try region(40.71, -74.0, span: 0.02)
        try picker.send(.regionChanged(moved, byUser: true))
        #expect(picker.context.region == moved)
    }

    @Test("M2: a user change within the duplicate distance of the reference centre only stores the region")
    func m2_zoomWithoutMovingIsNotLookedUp() throws {
        var picker = try Harness.resolved()
        #expect(picker.context.referenceCenter == AddressPicker.Context.defaultRegion.center)
        let zoomed = try region(40.7, -74.0, span: 0.01)
        try picker.send(.regionChanged(zoomed, byUser: true))
        #expect(picker.map == .idle)
        #expect(picker.commands.isEmpty)
        #expect(picker.context.region == zoomed)
        #expect(picker.fired == ["M2.samePlace"])

        // About four metres away: the same place.
        try picker.send(.regionChanged(try region(40.70003, -74.00002), byUser: true))
        #expect(picker.commands.isEmpty)
        #expect(picker.timers.isEmpty)
    }

    @Test("M2: the duplicate distance includes its bound")
    func m2_atMostIncludesEqual() throws {
        let origin = AddressPicker.Context.defaultRegion.center
        let nearby = try at(40.70008, -74.0)
        var picker = Harness { $0.configuration.duplicateDistance = origin.distance(to: nearby) }
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        try picker.send(
            .regionChanged(MapRegion(center: nearby, span: try Span(latitudeDelta: 0.05, longitudeDelta: 0.05)), byUser: true))
        #expect(picker.map == .idle)
        #expect(picker.commands.isEmpty)

        try picker.send(.regionChanged(try region(40.70009, -74.0), byUser: true))
        #expect(picker.map == .settling)
    }

    @Test("M2: in geocoding a nearby user change keeps the lookup in flight")
    func m2_nearbyChangeWhileGeocoding() throws {
        var picker = Harness()
        try picker.send(.appeared)
        try picker.send(.regionChanged(try region(40.70001, -74.0), byUser: true))
        #expect(picker.map == .geocoding)
        #expect(picker.commands.isEmpty)
        #expect(picker.pending == [.address])
    }

    @Test("M2: without a reference centre every user change is looked up, even to the same centre")
    func m2_noReferenceMeansNoDuplicate() throws {
        var picker = Harness()
        try picker.send(.regionChanged(AddressPicker.Context.defaultRegion, byUser: true))
        #expect(picker.map == .settling)
        #expect(picker.commands == [.startTimer(.regionDebounce, .milliseconds(500))])
    }

    @Test("M3: a user move starts the region debounce; each further move restarts it with startTimer only")
    func m3_moveStartsAndRestartsTheDebounce() throws {
        var picker = Harness()
        try picker.send(.regionChanged(try region(40.71, -74.0), byUser: true))
        #expect(picker.map == .settling)
        #expect(picker.commands == [.startTimer(.regionDebounce, .milliseconds(500))])
        try picker.advance(400)
        let last = try region(40.72, -74.0)
        try picker.send(.regionChanged(last, byUser: true))
        #expect(picker.commands == [.startTimer(.regionDebounce, .milliseconds(500))])
        #expect(picker.fired == ["M3.stillMoving"])
        try picker.advance(499)
        #expect(picker.map == .settling)
        try picker.advance(1)
        #expect(picker.commands == [.request(.reverseGeocode(center: last.center))])
    }

    @Test("M3: a move while geocoding cancels the lookup in flight, whose late answer is dropped")
    func m3_moveCancelsTheLookup() throws {
        var picker = Harness()
        try picker.send(.appeared)
        try picker.send(.regionChanged(try region(40.8, -74.0), byUser: true))
        #expect(picker.commands == [.cancel(.address), .startTimer(.regionDebounce, .milliseconds(500))])
        #expect(picker.map == .settling)
        try picker.respond(.address, 1, .address(brooklyn))
        #expect(picker.dropped == ["address#1"])
        #expect(picker.context.address == nil)
        #expect(picker.map == .settling)
    }

    @Test("M4: the lookup starts at 500 ms, not at 499 ms")
    func m4_debounceBoundary() throws {
        var picker = Harness()
        let moved = try region(40.71, -74.0)
        try picker.send(.regionChanged(moved, byUser: true))
        try picker.advance(499)
        #expect(picker.ignored)
        #expect(picker.map == .settling)
        #expect(picker.pending.isEmpty)
        try picker.advance(1)
        #expect(picker.map == .geocoding)
        #expect(picker.commands == [.request(.reverseGeocode(center: moved.center))])
        #expect(picker.pending == [.address])
        #expect(picker.timers.isEmpty)
        #expect(picker.context.referenceCenter == moved.center)
    }

    @Test("M4: the region debounce follows the configuration")
    func m4_configuredDebounce() throws {
        var picker = Harness { $0.configuration.regionDebounce = .milliseconds(200) }
        try picker.send(.regionChanged(try region(40.71, -74.0), byUser: true))
        try picker.advance(199)
        #expect(picker.map == .settling)
        try picker.advance(1)
        #expect(picker.map == .geocoding)
    }

    @Test("M5: the answer is the address under the centre and clears a geocoding failure")
    func m5_addressResolved() throws {
        var picker = Harness()
        try picker.send(.appeared)
        try picker.respond(.address, .addressFailed("offline"))
        #expect(picker.context.error == .geocodingFailed)
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.map == .idle)
        #expect(picker.context.address == brooklyn)
        #expect(picker.context.addressSource == .mapCenter)
        #expect(picker.context.error == nil)
    }

    @Test("M5: a success does not clear the failure of another kind")
    func m5_keepsOtherFailures() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apples"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed(nil))
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.context.error == .completionsFailed)
    }

    @Test("M6: a failed lookup drops the old address and records the failure")
    func m6_lookupFails() throws {
        var picker = try Harness.resolved()
        try picker.send(.regionChanged(try region(40.73, -73.99), byUser: true))
        try picker.advance(500)
        try picker.respond(.address, .addressFailed("The network connection was lost."))
        #expect(picker.map == .idle)
        #expect(picker.context.address == nil)
        #expect(picker.context.addressSource == nil)
        #expect(picker.context.error == .geocodingFailed)
        // The reference centre went with it: the same centre is looked up again.
        try picker.send(.regionChanged(try region(40.73, -73.99, span: 0.01), byUser: true))
        #expect(picker.map == .settling)
    }

    @Test("M7: appeared looks up the centre in every map state, cancelling what runs")
    func m7_appearedResolvesTheCenter() throws {
        var picker = Harness()
        let center = AddressPicker.Context.defaultRegion.center
        try picker.send(.appeared)
        #expect(picker.map == .geocoding)
        #expect(picker.commands == [.request(.reverseGeocode(center: center))])

        try picker.send(.appeared)
        #expect(picker.commands == [.cancel(.address), .request(.reverseGeocode(center: center))])
        try picker.respond(.address, 1, .address(brooklyn))
        #expect(picker.dropped == ["address#1"])

        let moved = try region(40.9, -74.0)
        try picker.send(.regionChanged(moved, byUser: true))
        try picker.send(.appeared)
        #expect(picker.commands == [.cancelTimer(.regionDebounce), .request(.reverseGeocode(center: moved.center))])
        #expect(picker.map == .geocoding)
        #expect(picker.timers.isEmpty)
        #expect(picker.booksAgree)
    }
}
