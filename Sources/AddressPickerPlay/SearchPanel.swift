import AddressPicker
import MachineCore
import TerminalUI

/// The search field and, under it while a search is active, its completions or results.
enum SearchPanel {
    /// Draws the field on `top` and the list under it; returns the first row below them.
    static func draw(
        _ state: MachineState<AddressPicker>, view: PlayView, into canvas: inout Canvas, width: Int, top: Int, maximumLines: Int
    ) -> Int {
        let search = state[AddressPicker.search]
        let context = state.context
        guard search != .inactive else {
            canvas.put("Search: press / to type a place", row: top, column: 0, style: Style(color: .cyan), within: width)
            return top + 1
        }
        let status = "[\(PlayWords.search(search))]"
        var column = canvas.put("Search: ", row: top, column: 0, style: .bold, within: width)
        // The field ends at the cursor, a cell clear of the status; a query too long for it shows its end.
        let room = width - status.count - 2 - column
        let query = context.query
        let shown = MapLayout.width(of: query) <= room ? query : MapLayout.shortenedFromStart(query, to: room)
        column = canvas.put(shown, row: top, column: column, within: max(0, room))
        canvas.put("▏", row: top, column: column, style: .bold, within: width - column)
        canvas.put(status, row: top, column: width - status.count, style: Style(color: .blue), within: status.count)

        let list = PlayScreen.list(of: state)
        var row = top + 1
        if list.items.isEmpty {
            let line: String?
            switch search {
            case .debouncing: line = "  …"
            case .loadingCompletions: line = "  looking for completions…"
            case .searching: line = "  searching…"
            case .showingCompletions: line = "  no completions"
            case .showingResults: line = "  no places found"
            case .editing:
                // A service that forbids autocomplete: the person learns why nothing is suggested.
                if let service = view.service, !service.suggestsAsYouType, !context.query.isEmpty {
                    line = "  \(service.name) suggests nothing as you type: Enter searches"
                } else {
                    line = nil
                }
            case .inactive, .active: line = nil  // `active` is compound: never the region's leaf
            }
            if let line {
                canvas.put(line, row: row, column: 0, style: Style(color: .cyan), within: width)
                row += 1
            }
            return row
        }
        let highlighted = PlayScreen.highlighted(state, view: view)
        // Keep the highlighted line in view.
        let first = max(0, min((highlighted ?? 0) - maximumLines + 1, list.items.count - maximumLines))
        for index in first..<min(list.items.count, first + maximumLines) {
            let item = list.items[index]
            let style = index == highlighted ? Style.reversed : .plain
            if index == highlighted { canvas.fill(row: row, column: 0, width: width, style: style) }
            let marker = list.kind == .results ? "◆ " : "  "
            var column = canvas.put(marker, row: row, column: 0, style: style, within: width)
            column = canvas.put(item.title, row: row, column: column, style: style.with(bold: true), within: width - column)
            canvas.put(" — \(item.subtitle)", row: row, column: column, style: style, within: width - column)
            row += 1
        }
        if list.items.count > maximumLines {
            canvas.put(
                "  \(list.items.count) in all, ↑ ↓ to scroll", row: row, column: 0, style: Style(color: .cyan), within: width)
            row += 1
        }
        return row
    }
}

extension Style {
    /// This style, bold or not.
    func with(bold: Bool) -> Style {
        Style(color: color, bold: bold, reversed: isReversed)
    }
}
