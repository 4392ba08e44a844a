import AddressPicker
import MachineCore
import MachineRuntime
import TerminalUI

/// The play screen, drawn from the runtime (the machine's state, its requests and timers) and
/// the view's own state: a pure function, so a frame can be tested at any size.
///
/// ```
/// address-picker play                                    ? keys  q quit
/// Search: Lond▏                        │ Machine
///   London — England, United Kingdom   │ picker    picking
///   …                                  │ …
/// ─ Map ────────────────────────────── │ Requests in flight
///        • Jersey City                 │ …
///               ─┼─                    │ Steps, latest last
/// Address: New York, United States     │ …
/// ```
public enum PlayScreen {
    /// The smallest terminal the screen is drawn in; a smaller one gets a message instead.
    public static let minimumSize = TerminalSize(columns: 60, rows: 18)
    /// The most lines of completions or results listed under the search field.
    static let listLines = 8

    /// The frame for `runtime` and `view` at `size`.
    public static func render(_ runtime: Runtime<AddressPicker>, view: PlayView, size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            drawTooSmall(&canvas)
            return canvas
        }
        let state = runtime.state
        let sideWidth = min(56, max(28, size.columns * 3 / 10))
        let leftWidth = size.columns - sideWidth - 1

        canvas.fill(row: 0, column: 0, width: size.columns, style: .reversed)
        canvas.put(" address-picker play", row: 0, column: 0, style: Style(bold: true, reversed: true))
        let hint = "? keys  q quit "
        canvas.put(hint, row: 0, column: size.columns - hint.count, style: .reversed)

        let listBottom = SearchPanel.draw(state, view: view, into: &canvas, width: leftWidth, top: 1, maximumLines: listLines)
        let mapBottom = size.rows - 3
        MapPanel.draw(state, view: view, into: &canvas, top: listBottom, bottom: mapBottom, width: leftWidth)
        drawStatus(state, view: view, into: &canvas, row: mapBottom, width: leftWidth)

        for row in 1..<size.rows { canvas.put("│", row: row, column: leftWidth, style: Style(color: .blue)) }
        MachinePanel.draw(
            runtime, view: view, into: &canvas, column: leftWidth + 2, width: sideWidth - 1, top: 1, bottom: size.rows)

        if view.isShowingHelp { HelpOverlay.draw(into: &canvas) }
        return canvas
    }

    /// What is listed under the search field.
    public enum ListKind: Equatable, Sendable {
        case none, completions, results
    }

    /// The completions or the results on screen, as lines of title and subtitle.
    public static func list(of state: MachineState<AddressPicker>) -> (kind: ListKind, items: [(title: String, subtitle: String)])
    {
        switch state[AddressPicker.search] {
        case .inactive, .editing, .active:  // `active` is compound: the region is always in one of its leaves
            return (.none, [])
        case .debouncing, .loadingCompletions, .showingCompletions:
            return (.completions, state.context.completions.map { ($0.title, $0.subtitle) })
        case .searching, .showingResults:
            return (.results, state.context.results.map { ($0.name, $0.address.formatted) })
        }
    }

    /// The address line, the line for alerts, prompts and notes, and the footer.
    private static func drawStatus(
        _ state: MachineState<AddressPicker>, view: PlayView, into canvas: inout Canvas, row: Int, width: Int
    ) {
        let context = state.context
        var column = canvas.put("Address: ", row: row, column: 0, style: .bold, width: width)
        if let address = context.address {
            column = canvas.put(
                address.formatted, row: row, column: column, style: Style(color: .green, bold: true), width: width - column)
            if let source = context.addressSource {
                canvas.put("  (from \(source))", row: row, column: column, width: width - column)
            }
        } else {
            canvas.put("none yet", row: row, column: column, width: width - column)
        }
        switch state[AddressPicker.map] {
        case .settling: canvas.put("  map settling…", row: row + 1, column: 0, width: width)
        case .geocoding, .throttled:
            canvas.put("  looking up the address under the crosshair…", row: row + 1, column: 0, width: width)
        case .idle: break
        }
        if let message = message(state, view: view) {
            canvas.fill(row: row + 1, column: 0, width: width)
            canvas.put(message.text, row: row + 1, column: 0, style: message.style, width: width)
        }
        let footer = "/ search  ←↑→↓ pan  +- zoom  l locate  c \(PlayKeys.category)  Enter confirm"
        canvas.put(footer, row: row + 2, column: 0, style: Style(color: .cyan), width: width)
    }

    /// The most urgent thing to tell the person: a prompt, an alert, a failure, a note.
    static func message(_ state: MachineState<AddressPicker>, view: PlayView) -> (text: String, style: Style)? {
        let warning = Style(color: .yellow, bold: true)
        if view.isAskingPermission {
            return ("Allow play to use your location (\(view.locationSource))? y / n", Style(color: .magenta, bold: true))
        }
        if let alert = state.context.alert {
            let text: String
            switch alert {
            case .locationServicesOff: text = "Location services are off."
            case .locationDenied: text = "Location permission denied: locate-me cannot work."
            case .locationFailed: text = "No location: \(view.locationSource)."
            case .poiSearchFailed:
                text = "No \(PlayKeys.category)s: the gazetteer has populated places only, no points of interest."
            }
            return (text + " (Enter)", warning)
        }
        if let error = state.context.error {
            switch error {
            case .completionsFailed: return ("The completions failed.", warning)
            case .placesFailed: return ("The place search failed.", warning)
            case .geocodingFailed: return ("The address under the crosshair could not be looked up.", warning)
            }
        }
        return view.note.map { ($0, Style(color: .yellow)) }
    }

    private static func drawTooSmall(_ canvas: inout Canvas) {
        let size = canvas.size
        let lines = [
            "Terminal too small: \(size.columns)×\(size.rows).",
            "play needs at least \(minimumSize.columns)×\(minimumSize.rows).",
        ]
        for (offset, line) in lines.enumerated() {
            let row = size.rows / 2 - 1 + offset
            canvas.put(line, row: row, column: max(0, (size.columns - line.count) / 2))
        }
    }
}
