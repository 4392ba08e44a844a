import AddressPicker
import Foundation
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

    /// Brooklyn Heights picked under the crosshair, then a search whose results are `places`.
    func showingResults(_ places: [Place]) throws -> Runtime<AddressPicker> {
        try runtime { runtime in
            _ = try runtime.send(.appeared)
            _ = try runtime.respond(
                .address, with: .address(Address(city: "Brooklyn Heights", region: "New York", country: "United States")))
            _ = try runtime.send(.searchActivated)
            _ = try runtime.send(.queryChanged("Alexandria"))
            _ = try runtime.send(.searchSubmitted)
            _ = try runtime.respond(.places, with: .places(PlaceSearchAnswer(places: places)))
        }
    }

    /// Completions for "Lond" on screen.
    func showingCompletions() throws -> Runtime<AddressPicker> {
        try runtime { runtime in
            _ = try runtime.send(.searchActivated)
            _ = try runtime.send(.queryChanged("Lond"))
            _ = try runtime.advance(by: .milliseconds(300))
            _ = try runtime.respond(
                .completions,
                with: .completions([
                    Completion(title: "London", subtitle: "England"), Completion(title: "Londrina", subtitle: "Brazil"),
                ]))
        }
    }

    /// The footer's items: the last line, split where two spaces or more separate them.
    func footer(_ canvas: Canvas) -> [String] {
        (canvas.lines.last ?? "").split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
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
        #expect(row(canvas, containing: "span 6.3 km wide × 8.3 km high, 0.075° × 0.075°") != nil)
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
        #expect(panel.contains("  regionDebounce fires at 0.8 s"))
        #expect(panel.contains("0.0 s queryChanged: S4.type"))
        #expect(panel.contains("0.3 s searchDebounce: S5.loadCompletions"))
        #expect(panel.contains("0.3 s regionChanged: M3.moved"))
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
        #expect(canvas.lines[1].contains("[completions]"))
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
        #expect(canvas.lines[37].hasPrefix("Address: Brooklyn Heights, United States  (from the map's centre)"))
        #expect(canvas.lines[38].hasPrefix("No cafes: the gazetteer has no points of interest."))
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
        #expect(row(canvas, containing: "locate me (y / n answers the prompt)") != nil)
        #expect(row(canvas, containing: "Allow play to use your location? y / n  (simulated at 51.5, -0.12)") == 38)
    }

    @Test func theFooterOffersTheKeysOfTheMapWholeAt80Columns() throws {
        let canvas = PlayScreen.render(
            try runtime(), view: PlayView(locationSource: "nowhere"), size: TerminalSize(columns: 80, rows: 24))
        #expect(
            footer(canvas) == ["Enter confirm", "/ search", "←↑→↓ pan", "+- zoom", "l locate", "c cafe", "? keys", "q quit"])
    }

    @Test func theFooterFollowsTheSearch() throws {
        let size = TerminalSize(columns: 80, rows: 24)
        var view = PlayView(locationSource: "nowhere")
        let typing = try runtime { runtime in
            _ = try runtime.send(.searchActivated)
            _ = try runtime.send(.queryChanged("Lond"))
        }
        #expect(
            footer(PlayScreen.render(typing, view: view, size: size)) == [
                "type a place", "Enter search", "Esc cancel", "Ctrl-C quit",
            ])
        // Completions, none highlighted: Enter searches the text typed; once one is, Enter picks it.
        let completions = try showingCompletions()
        #expect(
            footer(PlayScreen.render(completions, view: view, size: size))
                == ["↓ choose", "Enter search the text", "Esc cancel", "type to refine", "Ctrl-C quit"])
        view.selection = 0
        #expect(
            footer(PlayScreen.render(completions, view: view, size: size))
                == ["↑↓ choose", "Enter pick", "Esc cancel", "type to refine", "Ctrl-C quit"])
        view.selection = nil
        let results = try showingResults([place("Alexandria", north: 0, east: 0)])
        #expect(
            footer(PlayScreen.render(results, view: view, size: size))
                == ["↑↓ choose", "Enter pick", "Esc cancel (the map goes back)", "Ctrl-C quit"])
        // While searching, q and ? are typed: the title bar does not offer them.
        #expect(row(PlayScreen.render(results, view: view, size: size), containing: "q quit") == nil)
    }

    @Test func theFooterFollowsThePromptTheAlertAndTheHelp() throws {
        let size = TerminalSize(columns: 80, rows: 24)
        var view = PlayView(locationSource: "nowhere")
        view.isAskingPermission = true
        #expect(footer(PlayScreen.render(try runtime(), view: view, size: size)) == ["y allow", "n deny", "Ctrl-C quit"])
        view.isAskingPermission = false
        view.isShowingHelp = true
        #expect(footer(PlayScreen.render(try runtime(), view: view, size: size)) == ["any key closes the keys"])
        view.isShowingHelp = false
        let alert = try runtime { runtime in
            _ = try runtime.send(.categoryTapped("cafe"))
            _ = try runtime.respond(.pointsOfInterest, with: .pointsOfInterestFailed("none"))
        }
        #expect(footer(PlayScreen.render(alert, view: view, size: size)) == ["\(PlayKeys.dismissAlert.name) dismiss", "q quit"])
    }

    /// At the smallest size the footer drops keys from its end, whole, and keeps `?`.
    @Test func theFooterDropsWholeKeysWhenNarrow() throws {
        let canvas = PlayScreen.render(
            try runtime(), view: PlayView(locationSource: "nowhere"), size: PlayScreen.minimumSize)
        #expect(footer(canvas) == ["Enter confirm", "/ search", "←↑→↓ pan", "+- zoom", "l locate", "? keys"])
    }

    @Test func whileResultsShowTheAddressLineSaysNoneIsPickedYet() throws {
        let results = try showingResults([
            Place(
                name: "Alexandria", center: try Coordinate(latitude: 31.2, longitude: 29.92),
                address: Address(city: "Alexandria", country: "Egypt")),
            Place(
                name: "Alexandria", center: try Coordinate(latitude: 38.8, longitude: -77.05),
                address: Address(city: "Alexandria", region: "Virginia", country: "United States")),
        ])
        var view = PlayView(locationSource: "nowhere")
        let canvas = PlayScreen.render(results, view: view, size: TerminalSize(columns: 120, rows: 40))
        let lines = canvas.lines
        let line = try #require(lines.firstIndex { $0.hasPrefix("Not picked yet: Alexandria, Egypt  (result 1 of 2)") })
        #expect(canvas.style(row: line, column: 16).color != .green)
        // The address picked before the search is what Esc goes back to, not the address now.
        #expect(row(canvas, containing: "Address: Brooklyn Heights") == nil)
        #expect(canvas.lines[line + 1].hasPrefix("Esc goes back to Brooklyn Heights, New York, United States"))
        view.selection = 1
        let second = PlayScreen.render(results, view: view, size: TerminalSize(columns: 120, rows: 40))
        #expect(row(second, containing: "Not picked yet: Alexandria, Virginia, United States  (result 2 of 2)") == line)
    }

    /// Green is the address under the crosshair; after a pan it is the previous one until looked up.
    @Test func theAddressIsGreenOnlyWhileItIsUnderTheCrosshair() throws {
        var runtime = try runtime { runtime in
            _ = try runtime.send(.appeared)
            _ = try runtime.respond(.address, with: .address(Address(city: "Brooklyn Heights")))
        }
        let size = TerminalSize(columns: 120, rows: 40)
        let still = PlayScreen.render(runtime, view: PlayView(locationSource: "nowhere"), size: size)
        #expect(still.lines[37].hasPrefix("Address: Brooklyn Heights  (from the map's centre)"))
        #expect(still.style(row: 37, column: 9).color == .green)
        _ = try runtime.send(.regionChanged(MapMove.north.applied(to: region), byUser: true))
        let moved = PlayScreen.render(runtime, view: PlayView(locationSource: "nowhere"), size: size)
        #expect(moved.lines[37].hasPrefix("Address: Brooklyn Heights  (from the map's centre)"))
        #expect(moved.style(row: 37, column: 9).color == nil)
        #expect(moved.lines[38].hasPrefix("  map settling…"))
    }

    @Test func theHelpIsCentredOverTheMapAndLeavesTheCrosshairVisible() throws {
        for size in [TerminalSize(columns: 160, rows: 45), TerminalSize(columns: 80, rows: 24)] {
            var view = PlayView(locationSource: "nowhere")
            let plain = PlayScreen.render(try runtime(), view: view, size: size)
            let crossRow = try #require(row(plain, containing: "─┼─"))
            let crossColumn = try #require(plain.lines[crossRow].firstIndex(of: "┼")).utf16Offset(in: plain.lines[crossRow])
            view.isShowingHelp = true
            let canvas = PlayScreen.render(try runtime(), view: view, size: size)
            #expect(row(canvas, containing: "Any key closes this.") != nil, "\(size)")
            for (row, column, character) in [
                (crossRow, crossColumn, "┼"), (crossRow, crossColumn - 1, "─"), (crossRow, crossColumn + 1, "─"),
                (crossRow - 1, crossColumn, "│"), (crossRow + 1, crossColumn, "│"),
            ] as [(Int, Int, Character)] {
                #expect(canvas.character(row: row, column: column) == character, "\(size): \(row), \(column)")
            }
        }
        // Where the map is wide enough, the box is in the middle of it, left to right.
        let size = TerminalSize(columns: 160, rows: 45)
        var view = PlayView(locationSource: "nowhere")
        view.isShowingHelp = true
        let canvas = PlayScreen.render(try runtime(), view: view, size: size)
        let top = try #require(row(canvas, containing: "┌"))
        let line = Array(canvas.lines[top])
        let left = try #require(line.firstIndex(of: "┌"))
        let right = try #require(line.firstIndex(of: "┐"))
        let mapWidth = try #require(line.firstIndex(of: "│"))
        #expect(abs(left - (mapWidth - 1 - right)) <= 1, "\(left) … \(right) in a map \(mapWidth) wide")
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
