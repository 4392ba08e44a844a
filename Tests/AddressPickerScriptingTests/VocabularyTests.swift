import AddressPicker
import AddressPickerScripting
import EventScripts
import ScriptTestSupport
import Testing

/// The address picker's script vocabulary: its settings, its records (regions, addresses,
/// places), its answers, the ranges of its coordinates, and how its steps read in a transcript.
@Suite("The address picker's script vocabulary") struct VocabularyTests {
    @Test func numbersAndDurations() throws {
        let checked = try harness.program(
            """
            given duplicateDistance 25
            given searchDebounce 1.5s
            given regionDebounce 2min
            advance 300ms
            advance 0.5ms
            """)
        #expect(checked.initialState.context.configuration.searchDebounce == .milliseconds(1500))
        #expect(checked.initialState.context.configuration.regionDebounce == .seconds(120))
        #expect(checked.initialState.context.configuration.duplicateDistance == 25)
        guard case .input(.advance(let half)) = checked.instructions()[1].kind else {
            Issue.record("expected an advance")
            return
        }
        #expect(half == .microseconds(500))
    }

    @Test func labelsAreOptionalButMustNameTheirPosition() {
        let (outcome, _) = harness.replay(
            """
            given region region(center: center(latitude: 1.0, longitude: 2.0), span: span(0.1, longitudeDelta: 0.1))
            expect region == region(center(1, 2), span(0.1, 0.1))
            send regionChanged(region: region(center(1, 3), span(1, 1)), byUser: false)
            expect region.center.longitude == 3
            """)
        #expect(outcome == .passed(expectations: 2))
        expectInvalid("send regionChanged(byUser: true)", at: 1, 20, "argument 1 of 'regionChanged' is 'region:'")
    }

    @Test func addressLabelsComeInAnyOrderAndPlacesTakeAStreet() {
        let (outcome, _) = harness.replay(
            """
            given results [place("A", center(1, 1), address(country: "X", city: "Y")), place("B", center(2, 2), "Main St")]
            expect results[0].address == address(city: "Y", country: "X")
            expect results[1].address.street == "Main St"
            expect results[1].address.city == nil
            expect results[0].address.formatted == "Y, X"
            """)
        #expect(outcome == .passed(expectations: 4))
    }

    @Test func respondPlacesWithABoundingRegionAndANumber() {
        let (outcome, _) = harness.replay(
            """
            send searchActivated
            send queryChanged("x")
            send searchSubmitted
            send searchSubmitted
            respond places#1(region(center(1, 1), span(1, 1)), [place("Old", center(1, 1), "a")])
            expect dropped places#1
            respond places(region: region(center(2, 2), span(3, 3)), places: [place("New", center(2, 2), "b")])
            expect region == region(center(2, 2), span(3, 3))
            """)
        #expect(outcome == .passed(expectations: 2))
    }

    @Test func outOfRangeCoordinatesMakeTheScriptInvalid() {
        expectInvalid("send regionChanged(region(center(91, 0), span(1, 1)))", at: 1, 27, "latitude 91.0 is outside")
        expectInvalid("respond location center(0, -180.5)", at: 1, 18, "longitude -180.5 is outside")
        expectInvalid("given region region(center(-90.01, 0), span(1, 1))", at: 1, 21, "latitude")
        // Expectation values are not range-checked.
        #expect(harness.error("expect region.center != center(91, 0)") == nil)
    }

    @Test func theTranscriptShowsEveryPartOfAStep() {
        let (_, transcript) = harness.replay(
            """
            send appeared
            send regionChanged(region(center(41, -74), span(0.1, 0.1)))
            respond address#1 address(city: "Late")
            advance 499ms
            send completionSelected(0)
            """)
        #expect(
            transcript == """
                script test.events (machine address-picker)

                @0ms send appeared
                  fired   M7.appeared
                  state   map: idle → geocoding
                  field   referenceCenter: nil → center(40.7, -74.0)
                  field   lookupSource: nil → mapCenter
                  field   pending: [] → [address]
                  command reverseGeocode(center(40.7, -74.0))
                @0ms send regionChanged(region(center(41.0, -74.0), span(0.1, 0.1)), byUser: true)
                  fired   M3.moved
                  state   map: geocoding → settling
                  field   region: region(center(40.7, -74.0), span(0.075, 0.075)) → region(center(41.0, -74.0), span(0.1, 0.1))
                  field   pending: [address] → []
                  field   timers: [] → [regionDebounce]
                  command cancel(address)
                  command startTimer(regionDebounce, 500ms)
                @0ms drop address#1 address(city: "Late")
                  dropped: cancelled at 0ms
                @499ms advance 499ms: nothing due
                @499ms send completionSelected(0)
                  ignored: no row handles it in picker picking, location idle, map settling, search inactive, poi off

                passed: 0 expectations held

                """)
    }

}
