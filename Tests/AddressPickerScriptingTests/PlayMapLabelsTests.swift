import AddressPicker
import TerminalUI
import Testing

@testable import AddressPickerPlay

/// The map's markers and labels: each label beside its marker, none touching another, none over
/// the lines of the centre and the span, a result at the centre visible.
extension PlayScreenTests {
    /// The map's rows between the line of its centre and the line of its span, cut to the map's width.
    func mapRows(_ canvas: Canvas) throws -> [String] {
        let lines = canvas.lines
        let first = try #require(lines.firstIndex { $0.hasPrefix("centre ") })
        let last = try #require(lines.firstIndex { $0.hasPrefix("span ") })
        let width = try #require(lines[first].firstIndex(of: "│")).utf16Offset(in: lines[first])
        return lines[(first + 1)..<last].map { String($0.prefix(width)) }
    }

    /// What makes a row of the map ambiguous: a run of text (runs are separated by two spaces or
    /// more) that is not one group of markers (the crosshair's cells count as markers), one cell
    /// apart at most, alone or with one name, after a space, on either side. `Scripts/check-play`
    /// checks the same on the terminal.
    func labelProblems(_ rows: [String]) throws -> [String] {
        let marker = "[•◆◇─┼│]"
        let markers = "\(marker)(?: ?\(marker))*"
        let name = "[^ •◆◇─┼│](?:[^•◆◇─┼│]*[^ •◆◇─┼│])?"
        let run = try Regex("\(markers)(?: \(name))?|\(name) \(markers)")
        return rows.flatMap { row in
            row.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty && $0.wholeMatch(of: run) == nil
            }
        }
    }

    @Test func aLabelNearTheRightEdgeGoesLeftOfItsMarker() throws {
        var view = PlayView(locationSource: "nowhere")
        view.nearby = [place("Hoboken", north: region.span.latitudeDelta / 4, east: region.span.longitudeDelta * 0.47)]
        let canvas = PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 80, rows: 24))
        let rows = try mapRows(canvas)
        #expect(rows.contains { $0.hasSuffix("Hoboken • ") || $0.hasSuffix("Hoboken •") }, "\(rows)")
    }

    @Test func labelsNeverTouchOrRunTogether() throws {
        // Lyon 01 and Lyon 06 nine cells apart on one row: "• Lyon 01" would end against Lyon 06's marker.
        let cell = region.span.longitudeDelta / 51
        let north = region.span.latitudeDelta / 4
        var view = PlayView(locationSource: "nowhere")
        view.nearby = [
            place("Lyon 06", north: north, east: 4 * cell), place("Lyon 01", north: north, east: -5 * cell),
            place("Lyon 03", north: north, east: 15 * cell), place("Lyon 05", north: north, east: -16 * cell),
        ]
        let canvas = PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 80, rows: 24))
        let rows = try mapRows(canvas)
        #expect(try labelProblems(rows) == [], "\(rows)")
        for name in ["Lyon 01", "Lyon 06", "Lyon 03", "Lyon 05"] { #expect(rows.contains { $0.contains(name) }, "\(name)") }
    }

    @Test func labelsAreNeverDrawnOverTheLinesOfTheCentreAndTheSpan() throws {
        let cell = region.span.longitudeDelta / 51
        var view = PlayView(locationSource: "nowhere")
        view.nearby = [
            place("Somewhere Far North", north: region.span.latitudeDelta / 2, east: -5 * cell),
            place("Somewhere Far South", north: -region.span.latitudeDelta * 0.45, east: 15 * cell),
        ]
        let canvas = PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 80, rows: 24))
        let lines = canvas.lines.map { String($0.prefix(51)).trimmingSuffixSpaces }
        #expect(lines.contains("centre 40.70000, -74.00000"), "\(lines)")
        #expect(lines.contains("span 6.3 km wide × 8.3 km high, 0.075° × 0.075°"), "\(lines)")
        #expect(lines.contains { $0.contains("Somewhere Far North") })
    }

    @Test func aResultAtTheCentreIsDrawnOnTheCrosshair() throws {
        let results = try showingResults([
            Place(
                name: "Alexandria", center: try Coordinate(latitude: 31.2, longitude: 29.92),
                address: Address(city: "Alexandria", country: "Egypt"))
        ])
        for size in [TerminalSize(columns: 160, rows: 45), TerminalSize(columns: 80, rows: 24)] {
            let canvas = PlayScreen.render(results, view: PlayView(locationSource: "nowhere"), size: size)
            let rows = try mapRows(canvas)
            #expect(rows.contains { $0.contains("─◆─ Alexandria") }, "\(size): \(rows)")
            #expect(try labelProblems(rows) == [])
        }
    }

    /// After a pick the map centres on the place picked: it shows under the crosshair; a place
    /// on an arm does not hide the arm.
    @Test func thePlaceUnderTheCrosshairIsDrawnOnIt() throws {
        var view = PlayView(locationSource: "nowhere")
        let cell = region.span.longitudeDelta / 51
        view.nearby = [place("Alexandria", north: 0, east: 0), place("Old Town", north: 0, east: cell)]
        let rows = try mapRows(PlayScreen.render(try runtime(), view: view, size: TerminalSize(columns: 80, rows: 24)))
        #expect(rows.contains { $0.contains("─•─ Alexandria") }, "\(rows)")
    }

    /// Many places around the crosshair, at both sizes: every label readable.
    @Test func aCrowdedMapHasNoAmbiguousLabels() throws {
        var view = PlayView(locationSource: "nowhere")
        var generator = SplitMix(seed: 33)
        view.nearby = (0..<80).map { index in
            place(
                "Place \(index)", north: (generator.unit() - 0.5) * region.span.latitudeDelta,
                east: (generator.unit() - 0.5) * region.span.longitudeDelta)
        }
        for size in [TerminalSize(columns: 160, rows: 45), TerminalSize(columns: 80, rows: 24), PlayScreen.minimumSize] {
            let rows = try mapRows(PlayScreen.render(try runtime(), view: view, size: size))
            #expect(try labelProblems(rows) == [], "\(size): \(rows.joined(separator: "\n"))")
        }
    }
}

/// A small seeded generator, so the crowded map is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in 0..<1.
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Double(value >> 11) / Double(1 << 53)
    }
}
