import AddressPicker
import MachineCore
import Testing

/// L1–L5: permission and the current location.
@Suite("Current location") struct LocationBehaviourTests {
    @Test("L1: with services off, tapping alerts locationServicesOff")
    func l1_servicesOff() throws {
        var picker = Harness { $0.authorization = .servicesOff }
        try picker.send(.locateMeTapped)
        #expect(picker.location == .idle)
        #expect(picker.context.alert == .locationServicesOff)
        #expect(picker.commands == [.output(.showAlert(.locationServicesOff))])
    }

    @Test(
        "L1: denied or restricted, tapping alerts locationDenied", arguments: [AddressPicker.Authorization.denied, .restricted])
    func l1_denied(status: AddressPicker.Authorization) throws {
        var picker = Harness { $0.authorization = status }
        try picker.send(.locateMeTapped)
        #expect(picker.location == .idle)
        #expect(picker.context.alert == .locationDenied)
        #expect(picker.commands == [.output(.showAlert(.locationDenied))])
    }

    @Test("L1: undetermined, tapping asks for permission")
    func l1_askPermission() throws {
        var picker = Harness()
        try picker.send(.locateMeTapped)
        #expect(picker.location == .awaitingAuthorization)
        #expect(picker.commands == [.request(.requestAuthorization)])
    }

    @Test(
        "L1: authorised, tapping reads the location",
        arguments: [AddressPicker.Authorization.authorizedWhenInUse, .authorizedAlways])
    func l1_locate(status: AddressPicker.Authorization) throws {
        var picker = Harness { $0.authorization = status }
        try picker.send(.locateMeTapped)
        #expect(picker.location == .locating)
        #expect(picker.commands == [.request(.requestLocation)])
    }

    @Test("L1: tapping again while waiting is ignored")
    func l1_ignoredWhileBusy() throws {
        var picker = Harness()
        try picker.send(.locateMeTapped)
        try picker.send(.locateMeTapped)
        #expect(picker.ignored)
        try picker.respond(.authorization, .authorization(.authorizedWhenInUse))
        try picker.send(.locateMeTapped)
        #expect(picker.ignored)
        #expect(picker.pending == [.location])
    }

    @Test("L2: a grant stores the status and reads the location")
    func l2_granted() throws {
        var picker = Harness()
        try picker.send(.locateMeTapped)
        try picker.respond(.authorization, .authorization(.authorizedWhenInUse))
        #expect(picker.location == .locating)
        #expect(picker.context.authorization == .authorizedWhenInUse)
        #expect(picker.commands == [.request(.requestLocation)])
    }

    @Test(
        "L2: a refusal stores the status and alerts",
        arguments: [
            (AddressPicker.Authorization.denied, AddressPicker.Alert.locationDenied),
            (.restricted, .locationDenied),
            (.servicesOff, .locationServicesOff),
        ])
    func l2_refused(status: AddressPicker.Authorization, alert: AddressPicker.Alert) throws {
        var picker = Harness()
        try picker.send(.locateMeTapped)
        try picker.respond(.authorization, .authorization(status))
        #expect(picker.location == .idle)
        #expect(picker.context.authorization == status)
        #expect(picker.context.alert == alert)
        #expect(picker.commands == [.output(.showAlert(alert))])
    }

    @Test("L2: still undetermined returns to idle without an alert")
    func l2_undetermined() throws {
        var picker = Harness()
        try picker.send(.locateMeTapped)
        try picker.respond(.authorization, .authorization(.notDetermined))
        #expect(picker.location == .idle)
        #expect(picker.context.alert == nil)
        #expect(picker.commands.isEmpty)
    }

    @Test("L2: a failed request alerts locationFailed and leaves the status")
    func l2_failed() throws {
        var picker = Harness()
        try picker.send(.locateMeTapped)
        try picker.respond(.authorization, .authorizationFailed("denied by policy"))
        #expect(picker.location == .idle)
        #expect(picker.context.authorization == .notDetermined)
        #expect(picker.context.alert == .locationFailed)
        #expect(picker.commands == [.output(.showAlert(.locationFailed))])
    }

    @Test("L3: the location centres the map and looks up the address there, in order")
    func l3_located() throws {
        var picker = Harness { $0.authorization = .authorizedWhenInUse }
        try picker.send(.regionChanged(try region(40.8, -74.0), byUser: true))
        try picker.send(.locateMeTapped)
        let here = try at(51.5007, -0.1246)
        try picker.respond(.location, .location(here))
        let centred = MapRegion(center: here, span: try Span(latitudeDelta: 0.05, longitudeDelta: 0.05))
        #expect(picker.location == .idle)
        #expect(picker.map == .geocoding)
        #expect(picker.context.region == centred)
        #expect(
            picker.commands == [
                .cancelTimer(.regionDebounce), .output(.setRegion(centred)), .request(.reverseGeocode(center: here)),
            ])
        try picker.respond(.address, .address(brooklyn))
        #expect(picker.context.addressSource == .currentLocation)
    }

    @Test("L3: a lookup in flight is cancelled before the location's own")
    func l3_cancelsLookup() throws {
        var picker = Harness { $0.authorization = .authorizedAlways }
        try picker.send(.appeared)
        try picker.send(.locateMeTapped)
        let here = try at(10, 10)
        try picker.respond(.location, .location(here))
        #expect(picker.commands.first == .cancel(.address))
        #expect(picker.pending == [.address])
        #expect(picker.booksAgree)
    }

    @Test("L4: a failed location alerts locationFailed")
    func l4_failed() throws {
        var picker = Harness { $0.authorization = .authorizedWhenInUse }
        try picker.send(.locateMeTapped)
        try picker.respond(.location, .locationFailed("kCLErrorDomain 0"))
        #expect(picker.location == .idle)
        #expect(picker.context.alert == .locationFailed)
        #expect(picker.commands == [.output(.showAlert(.locationFailed))])
    }

    @Test("L5: a change of permission is stored in every state")
    func l5_stored() throws {
        var picker = Harness()
        try picker.send(.authorizationChanged(.denied))
        #expect(picker.context.authorization == .denied)
        #expect(picker.commands.isEmpty)
        try picker.send(.authorizationChanged(.notDetermined))
        try picker.send(.locateMeTapped)
        try picker.send(.authorizationChanged(.authorizedAlways))
        #expect(picker.location == .awaitingAuthorization)
        #expect(picker.context.authorization == .authorizedAlways)
    }

    @Test(
        "L5: losing permission while locating cancels the request and alerts",
        arguments: [
            (AddressPicker.Authorization.denied, AddressPicker.Alert.locationDenied),
            (.restricted, .locationDenied),
            (.notDetermined, .locationDenied),
            (.servicesOff, .locationServicesOff),
        ])
    func l5_lost(status: AddressPicker.Authorization, alert: AddressPicker.Alert) throws {
        var picker = Harness { $0.authorization = .authorizedWhenInUse }
        try picker.send(.locateMeTapped)
        try picker.send(.authorizationChanged(status))
        #expect(picker.location == .idle)
        #expect(picker.context.authorization == status)
        #expect(picker.commands == [.cancel(.location), .output(.showAlert(alert))])
        try picker.respond(.location, 1, .location(try at(1, 1)))
        #expect(picker.dropped == ["location#1"])
        #expect(picker.map == .idle)
    }

    @Test("L5: keeping permission while locating goes on locating")
    func l5_kept() throws {
        var picker = Harness { $0.authorization = .authorizedWhenInUse }
        try picker.send(.locateMeTapped)
        try picker.send(.authorizationChanged(.authorizedAlways))
        #expect(picker.location == .locating)
        #expect(picker.commands.isEmpty)
        #expect(picker.context.authorization == .authorizedAlways)
    }
}
