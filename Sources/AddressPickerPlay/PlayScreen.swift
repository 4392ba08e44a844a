import AddressPicker
import MachineCore
import MachineRuntime
import TerminalUI

/// The play screen, drawn from the runtime (the machine's state, its requests and timers) and
/// the view's own state: a pure function, so a frame can be tested at any size. Text that does
/// not fit is cut with an ellipsis; the picker's side names the machine's states and values in
/// words (``PlayWords``), the machine panel by their names.
///
/// ```
/// address-picker play
/// Search: Lond▏          [completions] │ Machine
///   London — England, United Kingdom   │ picker    picking
///   …                                  │ …
/// ─ Map ────────────────────── still ─ │ Requests in flight
/// centre 40.70000, -74.00000           │ …
///        • Jersey City                 │ …
///               ─┼─                    │ Steps, latest last
/// span 6.3 km wide × 8.3 km high, …    │ …
/// Address: New York, United States     │ …
/// ↑↓ choose  Enter pick  Esc cancel  type to refine  Ctrl-C quit
/// ```
package enum PlayScreen {
    /// The smallest terminal the screen is drawn in; a smaller one gets a message instead.
    static let minimumSize = TerminalSize(columns: 60, rows: 18)
    /// The most lines of completions or results listed under the search field.
    static let listLines = 8

    /// The frame for `runtime` and `view` at `size`.
    package static func render(_ runtime: Runtime<AddressPicker>, view: PlayView, size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            drawTooSmall(&canvas)
            return canvas
        }
        let state = runtime.state
        let sideWidth = min(56, max(28, size.columns * 3 / 10))
        let leftWidth = size.columns - sideWidth - 1
        let footerRow = size.rows - 1

        canvas.fill(row: 0, column: 0, width: size.columns, style: .reversed)
        canvas.put(" address-picker play", row: 0, column: 0, style: Style(bold: true, reversed: true))
        if let service = view.service {
            // The service's notice, wherever its results are shown: on every frame.
            let credit = "\(service.name) · data \(service.attribution) "
            let width = MapLayout.width(of: credit)
            if width + 22 <= size.columns {
                canvas.put(credit, row: 0, column: size.columns - width, style: Style(reversed: true), within: width)
            }
        }

        // The list takes at most a third of the rows between the title and the status: the map keeps room.
        let maximumLines = min(listLines, max(1, (size.rows - 4) / 3))
        let listBottom = SearchPanel.draw(
            state, view: view, into: &canvas, width: leftWidth, top: 1, maximumLines: maximumLines)
        let mapBottom = size.rows - 3
        let help =
            view.isShowingHelp
            ? HelpOverlay.box(
                on: size, mapWidth: leftWidth,
                avoiding: MapPanel.crosshairCell(top: listBottom, bottom: mapBottom, width: leftWidth))
            : nil
        MapPanel.draw(state, view: view, into: &canvas, top: listBottom, bottom: mapBottom, width: leftWidth, under: help)
        drawStatus(state, view: view, into: &canvas, row: mapBottom, width: leftWidth)

        for row in 1..<footerRow { canvas.put("│", row: row, column: leftWidth, style: Style(color: .blue)) }
        MachinePanel.draw(
            runtime, view: view, into: &canvas, column: leftWidth + 2, width: sideWidth - 1, top: 1, bottom: footerRow)
        Footer.draw(state, view: view, into: &canvas, row: footerRow)

        if let help { HelpOverlay.draw(in: help, into: &canvas) }
        return canvas
    }

    /// What is listed under the search field.
    package enum ListKind: Equatable, Sendable {
        case none, completions, results
    }

    /// The completions or the results on screen, as lines of title and subtitle.
    package static func list(
        of state: MachineState<AddressPicker>
    ) -> (kind: ListKind, items: [(title: String, subtitle: String)]) {
        switch state[AddressPicker.search] {
        case .inactive, .editing, .active:  // `active` is compound: the region is always in one of its leaves
            return (.none, [])
        case .debouncing, .loadingCompletions, .showingCompletions:
            return (.completions, state.context.completions.map { ($0.title, $0.subtitle) })
        case .searching, .showingResults:
            return (.results, state.context.results.map { ($0.name, $0.address.formatted) })
        }
    }

    /// The line of the list the person has highlighted: the view's selection, else the first
    /// result; no completion until an arrow is pressed.
    static func highlighted(_ state: MachineState<AddressPicker>, view: PlayView) -> Int? {
        let list = list(of: state)
        if let selection = view.selection, list.items.indices.contains(selection) { return selection }
        return list.kind == .results && !list.items.isEmpty ? 0 : nil
    }

    /// The address line and, under it, the line for prompts, alerts, failures and notes.
    ///
    /// The address line says what is true now: green, the address under the crosshair; while
    /// the map moves or its centre is looked up, the previous one, not green; while results are
    /// listed, the highlighted one, not yet picked (Esc goes back to the address before the
    /// search); in the rest of the search, the address from before it.
    private static func drawStatus(
        _ state: MachineState<AddressPicker>, view: PlayView, into canvas: inout Canvas, row: Int, width: Int
    ) {
        let context = state.context
        var progress: String?
        if state[AddressPicker.search] == .inactive {
            var column = canvas.put("Address: ", row: row, column: 0, style: .bold, within: width)
            if let address = context.address {
                let style = state[AddressPicker.map] == .idle ? Style(color: .green, bold: true) : .bold
                column = canvas.put(address.formatted, row: row, column: column, style: style, within: width - column)
                if let source = context.addressSource {
                    putWhole("  (from \(PlayWords.source(source)))", row: row, column: column, width: width, into: &canvas)
                }
            } else {
                canvas.put("none yet", row: row, column: column, within: width - column)
            }
            switch state[AddressPicker.map] {
            case .settling: progress = "  map settling…"
            case .geocoding, .throttled: progress = "  looking up the address under the crosshair…"
            case .idle: break
            }
        } else if PlayMode(state, view: view) == .results, let index = highlighted(state, view: view) {
            var column = canvas.put("Not picked yet: ", row: row, column: 0, style: .bold, within: width)
            column = canvas.put(
                context.results[index].address.formatted, row: row, column: column, style: Style(color: .cyan, bold: true),
                within: width - column)
            putWhole("  (result \(index + 1) of \(context.results.count))", row: row, column: column, width: width, into: &canvas)
            if let address = context.address {
                let column = canvas.put("Esc goes back to \(address.formatted)", row: row + 1, column: 0, within: width)
                putWhole(" (picked before the search)", row: row + 1, column: column, width: width, into: &canvas)
            }
        } else if let address = context.address {
            let column = canvas.put("Before the search: ", row: row, column: 0, style: .bold, within: width)
            canvas.put(address.formatted, row: row, column: column, within: width - column)
        } else {
            canvas.put("Address: none yet", row: row, column: 0, style: .bold, within: width)
        }
        if let message = message(state, view: view) {
            canvas.fill(row: row + 1, column: 0, width: width)
            let column = canvas.put(message.text, row: row + 1, column: 0, style: message.style, within: width)
            if let detail = message.detail, column + 8 < width {
                // Shortened to the line when it does not fit: a geocoder's reason is long.
                canvas.put("  (\(detail))", row: row + 1, column: column, within: width - column)
            }
        } else if let progress {
            canvas.put(progress, row: row + 1, column: 0, within: width)
        }
    }

    /// Draws `text` from `column` when it fits whole before `width`; a note cut short would mislead.
    private static func putWhole(_ text: String, row: Int, column: Int, width: Int, into canvas: inout Canvas) {
        guard column + MapLayout.width(of: text) <= width else { return }
        canvas.put(text, row: row, column: column)
    }

    /// The most urgent thing to tell the person: a prompt, an alert, a failure, a note; and a
    /// detail, shown when it fits.
    static func message(
        _ state: MachineState<AddressPicker>, view: PlayView
    ) -> (text: String, detail: String?, style: Style)? {
        let warning = Style(color: .yellow, bold: true)
        if view.isAskingPermission {
            return ("Allow play to use your location? y / n", view.locationSource, Style(color: .magenta, bold: true))
        }
        if let alert = state.context.alert {
            let text: String
            switch alert {
            case .locationServicesOff: text = "Location services are off."
            case .locationDenied: text = "Location permission denied: locate-me cannot work."
            case .locationFailed: text = "No location: \(view.locationSource)."
            case .poiSearchFailed: text = "No \(PlayKeys.category)s: the gazetteer has no points of interest."
            }
            return (text, nil, warning)
        }
        if let error = state.context.error {
            switch error {
            case .completionsFailed: return ("The completions failed.", view.failure, warning)
            case .placesFailed: return ("The place search failed.", view.failure, warning)
            case .geocodingFailed: return ("The address under the crosshair could not be looked up.", view.failure, warning)
            }
        }
        return view.note.map { ($0, nil, Style(color: .yellow)) }
    }

    private static func drawTooSmall(_ canvas: inout Canvas) {
        let size = canvas.size
        let lines = [
            "Terminal too small: \(size.columns)×\(size.rows).",
            "play needs at least \(minimumSize.columns)×\(minimumSize.rows).",
        ]
        for (offset, line) in lines.enumerated() {
            let row = size.rows / 2 - 1 + offset
            canvas.put(line, row: row, column: max(0, (size.columns - line.count) / 2), within: size.columns)
        }
    }
}
