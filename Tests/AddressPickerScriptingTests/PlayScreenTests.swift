import AddressPicker
import MachineRuntime
import TerminalUI
import Testing

@testable import AddressPickerPlay

/// The play screen drawn from constructed states, at given sizes.
@Suite("address-picker play: the screen") struct PlayScreenTests {
    let region = AddressPicker.Context.defaultRegion

    func place(_ name: String, north: Double, east: Double) -> Place {
        Place(
            name: name,
            center: Coordinate(clampingLatitude: region.center.latitude + north, longitude: region.center.longitude + east),
            address: Address(city: name))
    }

    func runtime(_ inputs: (inout Runtime<AddressPicker>) throws -> Void = { _ in }) throws -> Runtime<AddressPicker> {
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        try inputs(&runtime)
        return runtime
    }

    func row(_ canvas: Canvas, containing text: String) -> Int? {
        canvas.lines.firstIndex { $0.contains(text) }
    }

    @Test func placesAreDrawnAtTheirPositionRelativeToTheCrosshair() throws {
        var view = PlayView(locationSource: "nowhere")
        // 80×24: the map is 51 cells wide and 18 rows high, its centre at row 12, column 25.
        let span = region.span
        view.nearby = [
            place("Hoboken", north: span.latitudeDelta * 2 / 18, east: span.longitudeDelta * 10 / 51),
            place("Far Away", north: span.latitudeDelta, east: 0),
        ]
        let canvas = PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 80, rows: 24))
        #expect(canvas.character(row: 12, column: 25) == "┼")
        #expect(canvas.character(row: 10, column: 35) == "•")
        #expect(canvas.lines[10].dropFirst(35).hasPrefix("• Hoboken"))
        #expect(row(canvas, containing: "Far Away") == nil)
        #expect(row(canvas, containing: "span 0.075° × 0.075° (8.3 × 6.3 km)") != nil)
        #expect(row(canvas, containing: "centre 40.70000, -74.00000") != nil)
        #expect(row(canvas, containing: "Search: press / to type a place") == 1)
    }

    @Test func theMachinePanelListsRegionsRequestsTimersAndFiredRows() throws {
        var view = PlayView(locationSource: "nowhere")
        let runtime = try runtime { runtime in
            var steps = try runtime.send(.searchActivated)
            steps += try runtime.send(.queryChanged("Lond"))
            steps += try runtime.advance(by: .milliseconds(300))
            let moved = MapRegion(center: try Coordinate(latitude: 41, longitude: -74), span: region.span)
            steps += try runtime.send(.regionChanged(moved, byUser: true))
            for step in steps { view.record(step) }
        }
        // 200×60: the panel starts at column 145.
        let canvas = PlayScreen.render(runtime, view: view, size: TerminalSize(columns: 200, rows: 60))
        let panel = canvas.lines.map { String($0.dropFirst(145)).trimmingSuffixSpaces }
        #expect(panel.contains("picker    picking"))
        #expect(panel.contains("search    loadingCompletions"))
        #expect(panel.contains("map       settling"))
        #expect(panel.contains("  completions#1"))
        #expect(panel.contains("  regionDebounce until 800ms"))
        #expect(panel.contains("0ms queryChanged: S4.type"))
        #expect(panel.contains("300ms searchDebounce: S5.loadCompletions"))
        #expect(panel.contains("300ms regionChanged: M3.moved"))
    }

    @Test func completionsListUnderTheSearchFieldWithTheHighlightedOne() throws {
        let completions = [
            Completion(title: "London", subtitle: "England, United Kingdom"),
            Completion(title: "Londrina", subtitle: "Paraná, Brazil"),
        ]
        let runtime = try runtime { runtime in
            _ = try runtime.send(.searchActivated)
            _ = try runtime.send(.queryChanged("Lond"))
            _ = try runtime.advance(by: .milliseconds(300))
            _ = try runtime.respond(.completions, with: .completions(completions))
        }
        var view = PlayView(locationSource: "nowhere")
        view.selection = 1
        let canvas = PlayScreen.render(runtime, view: view, size: TerminalSize(columns: 200, rows: 60))
        #expect(canvas.lines[1].hasPrefix("Search: Lond▏"))
        #expect(canvas.lines[1].contains("[showingCompletions]"))
        #expect(canvas.lines[2].hasPrefix("  London — England, United Kingdom"))
        #expect(canvas.lines[3].hasPrefix("  Londrina — Paraná, Brazil"))
        #expect(canvas.style(row: 3, column: 4).isReversed)
        #expect(!canvas.style(row: 2, column: 4).isReversed)
        #expect(canvas.lines[4].hasPrefix("─ Map"))
    }

    @Test func theAddressAndTheAlertOfACategoryTheGazetteerCannotAnswer() throws {
        let runtime = try runtime { runtime in
            _ = try runtime.send(.appeared)
            _ = try runtime.respond(.address, with: .address(Address(city: "Brooklyn Heights", country: "United States")))
            _ = try runtime.send(.categoryTapped("cafe"))
            _ = try runtime.respond(.pointsOfInterest, with: .pointsOfInterestFailed("none"))
        }
        let canvas = PlayScreen.render(
            runtime, view: PlayView(locationSource: "nowhere"), size: TerminalSize(columns: 120, rows: 40))
        #expect(canvas.lines[37].hasPrefix("Address: Brooklyn Heights, United States  (from mapCenter)"))
        #expect(canvas.lines[38].hasPrefix("No cafes: the gazetteer has populated places only, no points of interest. (Enter)"))
    }

    @Test func aTerminalTooSmallSaysSo() throws {
        let canvas = PlayScreen.render(
            try runtime(), view: PlayView(locationSource: "nowhere"), size: TerminalSize(columns: 50, rows: 12))
        #expect(row(canvas, containing: "Terminal too small: 50×12.") != nil)
        #expect(row(canvas, containing: "play needs at least 60×18.") != nil)
        #expect(row(canvas, containing: "Map") == nil)
    }

    @Test func helpAndThePermissionPromptOverTheScreen() throws {
        var view = PlayView(locationSource: "simulated at 51.5, -0.12")
        view.isShowingHelp = true
        view.isAskingPermission = true
        let canvas = PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 120, rows: 40))
        #expect(row(canvas, containing: "locate me (y / n answers the permission prompt)") != nil)
        #expect(row(canvas, containing: "Allow play to use your location (simulated at 51.5, -0.12)? y / n") == 38)
    }

    @Test func theMapStartsAtTheSimulatedLocation() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(PlaySession.initialState(location: paris).context.region.center == paris)
        #expect(PlaySession.initialState(location: paris).context.region.span == region.span)
        #expect(PlaySession.initialState(location: nil).context.region == region)
    }
}

extension String {
    /// The string without the spaces that end it.
    var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
