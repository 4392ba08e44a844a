import AddressPicker
import Foundation
import Gazetteer
import MachineRuntime
import TerminalUI
import Testing

@testable import AddressPickerPlay

/// What a person reads on the play screen: text cut with an ellipsis, never silently; times in
/// seconds, never a bare number of milliseconds (which reads as a year); words for the machine's
/// values on the picker's side; one name for the key that dismisses an alert; and a search whose
/// places are an ocean apart shown on a map of the places, not of the ocean.
extension PlayScreenTests {
    /// The columns of the machine panel at 80×24, as its lines.
    func panel80(_ canvas: Canvas) -> [String] {
        canvas.lines.map { String($0.dropFirst(53)).trimmingSuffixSpaces }
    }

    @Test func textThatDoesNotFitIsCutWithAnEllipsis() {
        var canvas = Canvas(size: TerminalSize(columns: 12, rows: 4))
        #expect(canvas.put("awaitingAuthorization", row: 0, column: 2, within: 8) == 10)
        #expect(canvas.put("idle", row: 1, column: 2, within: 8) == 6)
        canvas.put("北京北京北京", row: 2, column: 0, within: 6)
        // The frame's edge cuts too.
        canvas.put("Massachusetts", row: 3, column: 8, within: 100)
        #expect(canvas.lines == ["  awaitin…  ", "  idle      ", "北京…       ", "        Mas…"])
        #expect(MapLayout.shortenedFromStart("Springfield", to: 6) == "…field")
    }

    /// "location  awaitingAuthoriza" read as whole: the side panel cuts with an ellipsis.
    @Test func theSidePanelCutsWithAnEllipsis() throws {
        let asking = try runtime { runtime in _ = try runtime.send(.locateMeTapped) }
        let canvas = PlayScreen.render(
            asking, view: PlayView(locationSource: "nowhere"), size: TerminalSize(columns: 80, rows: 24))
        #expect(panel80(canvas).contains("location  awaitingAuthoriz…"))
        // At 80 columns the address Esc goes back to is cut too, not left to read as whole.
        let results = try showingResults([place("Alexandria", north: 0, east: 0)])
        let screen = PlayScreen.render(
            results, view: PlayView(locationSource: "nowhere"), size: TerminalSize(columns: 80, rows: 24))
        let back = try #require(screen.lines.first { $0.hasPrefix("Esc goes back to ") })
        #expect(back.prefix(51) == "Esc goes back to Brooklyn Heights, New York, Unite…")
    }

    @Test func timesReadAsSecondsNeverAsABareNumber() {
        #expect(MachinePanel.time(.zero) == "0.0 s")
        #expect(MachinePanel.time(.milliseconds(800)) == "0.8 s")
        #expect(MachinePanel.time(.milliseconds(14_793)) == "14.8 s")
        #expect(MachinePanel.time(.milliseconds(59_960)) == "1 min 0.0 s")
        // "until 2057ms", cut to "until 2057", read as a year.
        #expect(MachinePanel.time(.milliseconds(2_057)) == "2.1 s")
        #expect(MachinePanel.time(.seconds(2_057)) == "34 min 17.0 s")
        #expect(MachinePanel.time(.milliseconds(3_725_300)) == "1 h 2 min 5.3 s")
        // A timer's line says when it fires in the words that fit the panel.
        #expect(
            MachinePanel.timerLines(name: "regionDebounce", deadline: .milliseconds(800), width: 55) == [
                "  regionDebounce fires at 0.8 s"
            ])
        #expect(
            MachinePanel.timerLines(name: "geocodeCooldown", deadline: .milliseconds(12_300), width: 27) == [
                "  geocodeCooldown at 12.3 s"
            ])
        #expect(
            MachinePanel.timerLines(name: "regionDebounce", deadline: .seconds(2_057), width: 27) == [
                "  regionDebounce", "    fires at 34 min 17.0 s",
            ])
    }

    @Test func theMachinePanelAt80ColumnsShowsTimesInSeconds() throws {
        var view = PlayView(locationSource: "nowhere")
        let runtime = try runtime { runtime in
            // A pan at 1557 ms: the region debounce fires at 2057 ms, which "until 2057" read as a year.
            var steps = try runtime.advance(by: .milliseconds(1_557))
            steps += try runtime.send(.regionChanged(MapMove.north.applied(to: region), byUser: true))
            for step in steps { view.record(step) }
        }
        let panel = panel80(PlayScreen.render(runtime, view: view, size: TerminalSize(columns: 80, rows: 24)))
        #expect(panel.contains("  regionDebounce at 2.1 s"))
        // A step whose rows do not fit beside it takes two lines.
        let step = try #require(panel.firstIndex(of: "1.6 s regionChanged:"))
        #expect(panel[step + 1] == "  M3.moved")
        #expect(panel.allSatisfy { $0.firstMatch(of: /[0-9]ms/) == nil }, "\(panel)")
    }

    /// The picker's side says where the address came from, and what the search and the map
    /// do, in words: never an enum case's name, which only the machine panel shows.
    @Test func thePickerSpeaksWordsNotCaseNames() throws {
        for source in AddressPicker.AddressSource.allCases {
            #expect(PlayWords.source(source).firstMatch(of: /[A-Z]/) == nil)
        }
        for state in AddressPicker.SearchState.allCases {
            #expect(PlayWords.search(state).firstMatch(of: /[A-Z]/) == nil)
        }
        for state in AddressPicker.MapState.allCases {
            #expect(PlayWords.map(state).firstMatch(of: /[A-Z]/) == nil)
        }
        let located = try runtime { runtime in
            _ = try runtime.send(.appeared)
            _ = try runtime.respond(.address, with: .address(Address(city: "Brooklyn Heights")))
        }
        let size = TerminalSize(columns: 160, rows: 45)
        let canvas = PlayScreen.render(located, view: PlayView(locationSource: "nowhere"), size: size)
        #expect(row(canvas, containing: "Address: Brooklyn Heights  (from the map's centre)") != nil)
        #expect(row(canvas, containing: "mapCenter") == nil)
        var search = try showingResults([place("Alexandria", north: 0, east: 0)])
        #expect(
            row(PlayScreen.render(search, view: PlayView(locationSource: "nowhere"), size: size), containing: "[results]") == 1)
        _ = try search.send(.resultSelected(0))
        let afterPick = PlayScreen.render(search, view: PlayView(locationSource: "nowhere"), size: size)
        #expect(row(afterPick, containing: "Address: Alexandria  (from the search)") != nil)
        let completions = PlayScreen.render(try showingCompletions(), view: PlayView(locationSource: "nowhere"), size: size)
        #expect(row(completions, containing: "[completions]") == 1)
        #expect(row(completions, containing: "[showingCompletions]") == nil)
    }

    /// The footer of an alert and the help name one key to dismiss it, the key that does.
    @Test func theAlertFooterAndTheHelpNameTheSameKeyToDismiss() throws {
        let alert = try runtime { runtime in
            _ = try runtime.send(.categoryTapped("cafe"))
            _ = try runtime.respond(.pointsOfInterest, with: .pointsOfInterestFailed("none"))
        }
        var view = PlayView(locationSource: "nowhere")
        let offered = try #require(footer(PlayScreen.render(alert, view: view, size: TerminalSize(columns: 80, rows: 24))).first)
        #expect(offered.hasSuffix(" dismiss"))
        let key = String(offered.dropLast(" dismiss".count))
        #expect(key == PlayKeys.dismissAlert.name)
        // The help names that key for an alert, and no other.
        #expect(PlayKeys.help.filter { $0.meaning.contains("alert") }.map(\.key) == [key])
        view.isShowingHelp = true
        let help = PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 80, rows: 24))
        let line = try #require(help.lines.first { $0.contains("dismiss an alert") })
        #expect(line.contains("│ \(key)  "), "\(line)")
        // And that key dismisses it.
        view.isShowingHelp = false
        #expect(PlayKeys.handle(PlayKeys.dismissAlert.key, state: alert.state, view: &view) == [.send(.alertDismissed)])
    }

    /// Whether `region` shows `coordinate`.
    func shows(_ region: MapRegion, _ coordinate: Coordinate) -> Bool {
        var east = (coordinate.longitude - region.center.longitude).truncatingRemainder(dividingBy: 360)
        if east > 180 { east -= 360 }
        if east < -180 { east += 360 }
        return abs(coordinate.latitude - region.center.latitude) <= region.span.latitudeDelta / 2
            && abs(east) <= region.span.longitudeDelta / 2
    }

    /// "Springfield — Search Nearby": twenty Springfields in the United States and one in
    /// Queensland. The region that held them all went west from Massachusetts over the Pacific
    /// to Queensland: a map 17,832 km wide centred at 8.3° N, 139.6° W, the places at its edges.
    @MainActor @Test func searchNearbyForAUSCityShowsTheUnitedStatesNotThePacific() async throws {
        let provider = PlayProviders.provider(
            gazetteer: try Gazetteer.bundled(), geocoder: nil, location: nil, prompt: PermissionPrompt())
        let completion = Completion(title: "Springfield", subtitle: GazetteerProvider.searchNearby)
        let event = await provider(.searchPlaces(.completion(completion)))
        guard case .places(let answer) = event else {
            Issue.record("expected places, got \(event)")
            return
        }
        let region = try #require(answer.boundingRegion)
        let american = answer.places.filter { $0.address.country == "United States" }
        #expect(american.count >= 10)
        #expect(answer.places.contains { $0.address.country == "Australia" }, "every namesake is still listed")
        #expect((-125.0 ... -66.0).contains(region.center.longitude), "\(region)")
        #expect((24.0...50.0).contains(region.center.latitude), "\(region)")
        #expect(region.span.longitudeDelta < 90, "\(region)")
        for place in american { #expect(shows(region, place.center), "\(place.address.formatted) is off the map \(region)") }

        // On screen at 80×24: the map is a few thousand kilometres wide, the first result on it.
        let runtime = try runtime { runtime in
            _ = try runtime.send(.searchActivated)
            _ = try runtime.send(.queryChanged("Springfield"))
            _ = try runtime.advance(by: .milliseconds(300))
            _ = try runtime.respond(.completions, with: .completions([completion]))
            _ = try runtime.send(.completionSelected(0))
            _ = try runtime.respond(.places, with: event)
        }
        let canvas = PlayScreen.render(
            runtime, view: PlayView(locationSource: "nowhere"), size: TerminalSize(columns: 80, rows: 24))
        let span = try #require(canvas.lines.compactMap { $0.firstMatch(of: /^span ([0-9]+) km wide/) }.first)
        #expect(try #require(Int(span.1)) < 8_000, "\(canvas.lines.joined(separator: "\n"))")
        let first = try #require(answer.places.first)
        #expect(shows(region, first.center))
    }

    /// Places across the antimeridian are one group, the map on the date line; a namesake
    /// across the world is listed, not mapped. All of one group, the gazetteer's region stays.
    @Test func aSearchsMapHoldsThePlacesAroundTheFirstAcrossTheAntimeridian() throws {
        func place(_ name: String, _ latitude: Double, _ longitude: Double) throws -> Place {
            Place(name: name, center: try Coordinate(latitude: latitude, longitude: longitude), address: Address(city: name))
        }
        let pacific = [
            try place("Suva", -18.14, 178.44), try place("Apia", -13.83, -171.76), try place("Nuku'alofa", -21.14, -175.2),
        ]
        let places = pacific + [try place("Paris", 48.86, 2.35)]
        let minimum = PlayProviders.smallestSearchSpan
        let everywhere = PlaceSearchAnswer(
            boundingRegion: MapRegion.enclosing(places.map(\.center), minimumSpan: minimum), places: places)
        let shown = PlayProviders.shown(everywhere)
        #expect(shown.places == places)
        let region = try #require(shown.boundingRegion)
        #expect(abs(region.center.longitude) > 170, "\(region)")
        #expect(region.span.longitudeDelta < 20, "\(region)")
        for place in pacific { #expect(shows(region, place.center)) }
        let together = PlaceSearchAnswer(
            boundingRegion: MapRegion.enclosing(pacific.map(\.center), minimumSpan: minimum), places: pacific)
        #expect(PlayProviders.shown(together) == together)
    }
}
