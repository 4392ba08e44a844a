import AddressPicker
import MachineCore
import Testing

/// K1–K3: alerts, confirmation and ignored events.
@Suite("Picker") struct PickerBehaviourTests {
    @Test("K1: dismissing clears the alert; ignored when none is shown")
    func k1_dismissAlert() throws {
        var picker = Harness { $0.authorization = .denied }
        try picker.send(.alertDismissed)
        #expect(picker.ignored)
        try picker.send(.locateMeTapped)
        try picker.send(.alertDismissed)
        #expect(picker.context.alert == nil)
        #expect(picker.fired == ["K1.dismissAlert"])
    }

    @Test("K2: confirming cancels timers, then requests, then delivers; waiting regions go back to their start")
    func k2_confirm() throws {
        var picker = try Harness.resolved()
        try picker.send(.categoryTapped("cafe"))
        try picker.send(.regionChanged(try region(41, -74), byUser: true))
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.send(.locateMeTapped)
        #expect(picker.timers == [.regionDebounce, .searchDebounce])
        #expect(picker.pending == [.pointsOfInterest, .authorization])

        try picker.send(.confirmTapped)
        #expect(picker.picker == .confirmed)
        #expect(
            picker.commands == [
                .cancelTimer(.regionDebounce), .cancelTimer(.searchDebounce),
                .cancel(.pointsOfInterest), .cancel(.authorization),
                .output(.deliver(brooklyn)),
            ])
        #expect(picker.location == .idle)
        #expect(picker.map == .idle)
        #expect(picker.search == .inactive)
        #expect(picker.poi == .off)
        #expect(picker.context.query == "Apple")
        #expect(picker.context.category == "cafe")
        #expect(picker.timers.isEmpty)
        #expect(picker.pending.isEmpty)
        #expect(picker.booksAgree)
    }

    @Test("K2: regions that were not waiting keep their state")
    func k2_idleRegionsStay() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.appeared)
        try picker.respond(.address, .address(brooklyn))
        try picker.send(.confirmTapped)
        #expect(picker.search == .showingCompletions)
        #expect(picker.commands == [.output(.deliver(brooklyn))])
    }

    @Test("K2: without an address, confirming is ignored")
    func k2_noAddress() throws {
        var picker = Harness()
        try picker.send(.confirmTapped)
        #expect(picker.ignored)
        #expect(picker.picker == .picking)
    }

    @Test("K3: an event with no row is ignored, with its reason, and changes nothing")
    func k3_ignored() throws {
        var picker = Harness()
        let before = picker.runtime.state
        try picker.send(.searchSubmitted)
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .noRow)
        try picker.send(.resultSelected(0))
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .guardsFailed)
        #expect(picker.runtime.state == before)
    }

    @Test("K3: once confirmed, every event is ignored, whatever another line says")
    func k3_confirmedIgnoresEverything() throws {
        var picker = try Harness.resolved()
        try picker.send(.confirmTapped)
        let confirmed = picker.runtime.state
        for event: AddressPicker.Event in [
            .appeared, .queryChanged("too late"), .searchActivated, .locateMeTapped, .categoryTapped("cafe"),
            .regionChanged(try region(1, 1), byUser: true), .authorizationChanged(.denied), .confirmTapped,
        ] {
            try picker.send(event)
            #expect(picker.ignored)
            #expect(picker.ignoreReason == .finished(region: 0, state: 1))
        }
        #expect(picker.runtime.state == confirmed)
    }

    @Test("K3: an answer to a request cancelled by confirmation is dropped")
    func k3_answerAfterConfirm() throws {
        var picker = try Harness.resolved()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.send(.confirmTapped)
        try picker.respond(.completions, 1, .completions([appleStore]))
        #expect(picker.dropped == ["completions#1"])
        #expect(picker.context.completions.isEmpty)
    }
}
