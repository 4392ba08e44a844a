import AddressPicker
import MachineCore
import Testing

/// R3: `geocodeInterval`, reverse geocodes at least an interval apart.
@Suite("R3: geocode interval") struct GeocodeThrottlingTests {
    static let second = Duration.seconds(1)
    static let origin = AddressPicker.Context.defaultRegion.center

    /// A picker with a one-second geocode interval (and any other settings).
    static func throttling(
        _ interval: Duration = second, _ configure: (inout AddressPicker.Context) -> Void = { _ in }
    ) -> Harness {
        Harness {
            $0.configuration.geocodeInterval = interval
            configure(&$0)
        }
    }

    /// A picker whose address was looked up on `appeared` at 0 ms, answered, then panned away at
    /// `panAt`, so that M4 looks up 500 ms later.
    static func pannedAfterLookup(panAt: Int) throws -> Harness {
        var picker = throttling()
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        if panAt > 0 { try picker.advance(panAt) }
        try picker.send(.regionChanged(try region(40.75, -73.98), byUser: true))
        return picker
    }

    @Test("R3: every reverseGeocode is followed by startTimer(geocodeCooldown, D)")
    func r3_cooldownFollowsEachLookup() throws {
        var picker = Self.throttling()
        try picker.send(.appeared)
        #expect(picker.commands == [.request(.reverseGeocode(center: Self.origin)), .startTimer(.geocodeCooldown, Self.second)])
        #expect(picker.timers == [.geocodeCooldown])
    }

    @Test("R3: a lookup D−1 ms after the previous one is held back until the cooldown ends")
    func r3_lookupTooSoonIsHeldBack() throws {
        var picker = try Self.pannedAfterLookup(panAt: 499)
        try picker.advance(500)
        #expect(picker.fired == ["R3.holdBack"])
        #expect(picker.map == .throttled)
        #expect(picker.commands.isEmpty)
        #expect(picker.pending.isEmpty)
        let held = try at(40.75, -73.98)
        #expect(picker.context.referenceCenter == held)

        try picker.advance(1)
        #expect(picker.fired == ["R3.cooldownOver"])
        #expect(picker.map == .geocoding)
        #expect(picker.commands == [.request(.reverseGeocode(center: held)), .startTimer(.geocodeCooldown, Self.second)])
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.map == .idle)
        #expect(picker.context.addressSource == .mapCenter)
    }

    @Test("R3: a lookup D ms after the previous one goes at once: the cooldown (started first) ends first")
    func r3_lookupAtTheIntervalGoes() throws {
        var picker = try Self.pannedAfterLookup(panAt: 500)
        try picker.advance(500)
        #expect(picker.fired == ["M4.lookUp"])
        #expect(picker.steps.count == 2, "the cooldown fires, then the region debounce")
        #expect(picker.steps.first?.isIgnored == true)
        #expect(picker.map == .geocoding)
        #expect(
            picker.commands == [
                .request(.reverseGeocode(center: try at(40.75, -73.98))), .startTimer(.geocodeCooldown, Self.second),
            ])
    }

    @Test("R3: when the cooldown and the region debounce fall due together, the cooldown ends before M4 looks up")
    func r3_tieWithTheRegionDebounce() throws {
        var picker = Self.throttling(.milliseconds(500))
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        try picker.send(.regionChanged(try region(40.75, -73.98), byUser: true))
        #expect(picker.timers == [.geocodeCooldown, .regionDebounce])
        try picker.advance(500)
        #expect(picker.steps.count == 2)
        guard picker.steps.count == 2 else { return }
        if case .timer(let first) = picker.steps[0].cause {
            #expect(first == .geocodeCooldown)
        } else {
            Issue.record("a timer first")
        }
        #expect(picker.steps[0].isIgnored)
        #expect(picker.fired == ["M4.lookUp"])
        #expect(picker.map == .geocoding)
    }

    @Test("R3: M7 too soon is held back, then looks up the centre once the cooldown ends")
    func r3_appearedTooSoon() throws {
        var picker = Self.throttling()
        try picker.send(.appeared)
        try picker.advance(999)
        try picker.send(.appeared)
        #expect(picker.fired == ["R3.holdBackAppeared"])
        #expect(picker.map == .throttled)
        #expect(picker.commands == [.cancel(.address)], "the lookup in flight is cancelled, the cooldown runs on")
        #expect(picker.timers == [.geocodeCooldown])
        try picker.advance(1)
        #expect(picker.commands == [.request(.reverseGeocode(center: Self.origin)), .startTimer(.geocodeCooldown, Self.second)])
    }

    @Test("R3: in throttled, a user change within duplicateDistance of the held-back centre only stores the region")
    func r3_nearbyUserChangeInThrottled() throws {
        var picker = try Self.pannedAfterLookup(panAt: 0)
        try picker.advance(500)
        #expect(picker.map == .throttled)
        let nudged = try region(40.75001, -73.98, span: 0.01)
        try picker.send(.regionChanged(nudged, byUser: true))
        #expect(picker.fired == ["M2.samePlace"])
        #expect(picker.map == .throttled)
        #expect(picker.commands.isEmpty)
        #expect(picker.context.region == nudged)
        try picker.advance(500)
        #expect(picker.commands.first == .request(.reverseGeocode(center: try at(40.75, -73.98))), "the held-back centre")
    }

    @Test("R3: in throttled, a user change farther away goes to settling and abandons the held-back lookup")
    func r3_farUserChangeInThrottled() throws {
        var picker = try Self.pannedAfterLookup(panAt: 0)
        try picker.advance(600)
        #expect(picker.map == .throttled)
        try picker.send(.regionChanged(try region(40.8, -73.9), byUser: true))
        #expect(picker.fired == ["M3.moved"])
        #expect(picker.map == .settling)
        #expect(picker.commands == [.startTimer(.regionDebounce, .milliseconds(500))], "M3 never cancels the cooldown")
        #expect(picker.timers == [.geocodeCooldown, .regionDebounce])
        try picker.advance(400)
        #expect(picker.ignored, "the cooldown ends in settling: no row")
        #expect(picker.map == .settling)
        try picker.advance(100)
        #expect(picker.fired == ["M4.lookUp"])
        #expect(picker.commands.first == .request(.reverseGeocode(center: try at(40.8, -73.9))))
    }

    @Test("R3: echoes and moves the machine makes in throttled leave the held-back centre as it is")
    func r3_echoKeepsTheHeldCentre() throws {
        var picker = try Self.pannedAfterLookup(panAt: 0)
        try picker.advance(500)
        try picker.send(.regionChanged(try region(10, 10), byUser: false))
        #expect(picker.map == .throttled)
        #expect(try picker.context.referenceCenter == (at(40.75, -73.98)))
        try picker.advance(500)
        #expect(picker.commands.first == .request(.reverseGeocode(center: try at(40.75, -73.98))))
    }

    @Test("R3: appeared in throttled replaces an L3 lookup held back with a map-centre lookup")
    func r3_appearedInThrottled() throws {
        var picker = try Self.heldLocation()
        try picker.send(.regionChanged(try region(20, 20), byUser: false))
        try picker.send(.appeared)
        #expect(picker.fired == ["R3.holdBackAppeared"])
        #expect(picker.map == .throttled)
        #expect(picker.commands.isEmpty)
        #expect(try picker.context.referenceCenter == (at(20, 20)))
        try picker.advance(1_000)
        #expect(picker.commands.first == .request(.reverseGeocode(center: try at(20, 20))))
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.context.addressSource == .mapCenter)
    }

    /// Where the person is.
    static func here() throws -> Coordinate { try at(51.5007, -0.1246) }

    /// A picker whose map-centre address came at 0 ms and whose location came 100 ms later,
    /// while the cooldown ran: L3's lookup is held back.
    static func heldLocation() throws -> Harness {
        var picker = throttling { $0.authorization = .authorizedWhenInUse }
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        try picker.send(.locateMeTapped)
        try picker.advance(100)
        try picker.respond(.location, .location(try here()))
        return picker
    }

    @Test("R3: an L3 lookup held back keeps addressSource until its answer, which sets currentLocation")
    func r3_heldLocationStaysL3s() throws {
        var picker = try Self.heldLocation()
        let here = try Self.here()
        let centred = MapRegion(center: here, span: try Span(latitudeDelta: 0.05, longitudeDelta: 0.05))
        #expect(picker.fired == ["L3.located", "R3.holdBackLocation"])
        #expect(picker.map == .throttled)
        #expect(picker.commands == [.output(.setRegion(centred))])
        #expect(picker.context.region == centred)
        #expect(picker.context.referenceCenter == here)
        #expect(picker.context.addressSource == .mapCenter, "the old address keeps its source meanwhile")

        try picker.advance(900)
        #expect(picker.fired == ["R3.cooldownOver"])
        #expect(picker.commands == [.request(.reverseGeocode(center: here)), .startTimer(.geocodeCooldown, Self.second)])
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.context.addressSource == .currentLocation)
    }

    @Test("R3: L3 in throttled holds back the location's lookup instead")
    func r3_locationInThrottled() throws {
        var picker = try Self.pannedAfterLookup(panAt: 0)
        let here = try Self.here()
        try picker.send(.locateMeTapped)
        #expect(picker.location == .awaitingAuthorization)
        try picker.respond(.authorization, .authorization(.authorizedWhenInUse))
        try picker.advance(500)
        #expect(picker.map == .throttled)
        try picker.respond(.location, .location(here))
        #expect(picker.fired == ["L3.located", "R3.holdBackLocation"])
        #expect(picker.map == .throttled)
        #expect(picker.context.referenceCenter == here)
        try picker.advance(500)
        #expect(picker.commands.first == .request(.reverseGeocode(center: here)))
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.context.addressSource == .currentLocation)
    }

    @Test("R3: C5 in throttled settles the map without cancelling the cooldown")
    func r3_pickedResultInThrottled() throws {
        var picker = try Self.pannedAfterLookup(panAt: 0)
        try picker.advance(500)
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.send(.searchSubmitted)
        try picker.respond(.places, .places(PlaceSearchAnswer(places: [try place("Apple SoHo", 40.725, -73.9987)])))
        #expect(picker.map == .throttled, "C3 moves the map but leaves the held-back lookup")
        try picker.send(.resultSelected(0))
        #expect(picker.fired == ["C5.settleMap", "C5.pickResult"])
        #expect(picker.map == .idle)
        #expect(picker.timers == [.geocodeCooldown])
        #expect(!picker.commands.contains(.cancelTimer(.geocodeCooldown)))
        try picker.advance(500)
        #expect(picker.ignored, "the cooldown ends in idle: no row")
    }

    @Test("R3: K2 cancels the cooldown; throttled counts as waiting and returns to idle")
    func r3_confirmCancelsTheCooldown() throws {
        var picker = try Self.pannedAfterLookup(panAt: 0)
        try picker.advance(500)
        #expect(picker.map == .throttled)
        try picker.send(.confirmTapped)
        #expect(picker.fired == ["K2.confirm", "K2.stopLookup"])
        #expect(picker.map == .idle)
        #expect(picker.commands == [.cancelTimer(.geocodeCooldown), .output(.deliver(brooklyn))])
        #expect(picker.timers.isEmpty)

        var idle = Self.throttling()
        try idle.send(.appeared)
        try idle.respond(.address, .address(brooklyn))
        try idle.send(.confirmTapped)
        #expect(idle.commands == [.cancelTimer(.geocodeCooldown), .output(.deliver(brooklyn))])
        #expect(idle.booksAgree)
    }

    @Test("R3: geocodeCooldownElapsed outside throttled fires no row")
    func r3_cooldownOutsideThrottled() throws {
        var picker = Self.throttling()
        try picker.send(.appeared)
        try picker.advance(1_000)
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .noRow)
        #expect(picker.map == .geocoding)
        #expect(picker.pending == [.address])
    }

    @Test(
        "R3: off by default (and below zero through the Swift API): no cooldown",
        arguments: [Duration.zero, .milliseconds(-5)])
    func r3_offByDefault(interval: Duration) throws {
        #expect(AddressPicker.Configuration().geocodeInterval == .zero)
        var picker = Self.throttling(interval)
        try picker.send(.appeared)
        #expect(picker.commands == [.request(.reverseGeocode(center: Self.origin))])
        try picker.send(.appeared)
        #expect(picker.fired == ["M7.appeared"])
        #expect(picker.timers.isEmpty)
    }
}
