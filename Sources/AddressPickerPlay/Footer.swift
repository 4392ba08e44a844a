import AddressPicker
import MachineCore
import TerminalUI

/// The footer: the keys that work now (``PlayMode``), across the bottom of the screen. When
/// they do not all fit, whole keys are left out from the end, `?` last, as `?` lists them all.
enum Footer {
    /// A key and what it does now.
    struct Item: Equatable {
        let key: String
        let meaning: String
        /// Left out only when nothing else can be.
        var isKept = false
    }

    /// Two spaces between items.
    static let separator = "  "

    /// The keys of the screen showing `state` and `view`, the most needed first.
    static func items(_ state: MachineState<AddressPicker>, view: PlayView) -> [Item] {
        let quit = Item(key: "Ctrl-C", meaning: "quit")
        switch PlayMode(state, view: view) {
        case .help:
            return [Item(key: "any key", meaning: "closes the keys")]
        case .permission:
            return [Item(key: "y", meaning: "allow"), Item(key: "n", meaning: "deny"), quit]
        case .alert:
            return [Item(key: PlayKeys.dismissAlert.name, meaning: "dismiss"), Item(key: "q", meaning: "quit")]
        case .typing:
            let search = state.context.query.isEmpty ? [] : [Item(key: "Enter", meaning: "search")]
            return [Item(key: "type", meaning: "a place")] + search + [Item(key: "Esc", meaning: "cancel"), quit]
        case .completions:
            let pick =
                PlayScreen.highlighted(state, view: view) == nil
                ? [Item(key: "↓", meaning: "choose"), Item(key: "Enter", meaning: "search the text")]
                : [Item(key: "↑↓", meaning: "choose"), Item(key: "Enter", meaning: "pick")]
            return pick + [Item(key: "Esc", meaning: "cancel"), Item(key: "type", meaning: "to refine"), quit]
        case .results:
            let cancel = state.context.resultsMovedMap ? "cancel (the map goes back)" : "cancel"
            return [
                Item(key: "↑↓", meaning: "choose"), Item(key: "Enter", meaning: "pick"), Item(key: "Esc", meaning: cancel), quit,
            ]
        case .map:
            return [
                Item(key: "Enter", meaning: "confirm"), Item(key: "/", meaning: "search"), Item(key: "←↑→↓", meaning: "pan"),
                Item(key: "+-", meaning: "zoom"), Item(key: "l", meaning: "locate"), Item(key: "c", meaning: PlayKeys.category),
                Item(key: "?", meaning: "keys", isKept: true), Item(key: "q", meaning: "quit"),
            ]
        }
    }

    /// `items` that fit in `width` cells: the last items that are not kept left out first.
    static func fitted(_ items: [Item], width: Int) -> [Item] {
        var items = items
        while length(items) > width, let last = items.lastIndex(where: { !$0.isKept }) { items.remove(at: last) }
        return items
    }

    /// Draws the keys of `state` and `view` on `row`, each key in bold.
    static func draw(_ state: MachineState<AddressPicker>, view: PlayView, into canvas: inout Canvas, row: Int) {
        var column = 0
        for (index, item) in fitted(items(state, view: view), width: canvas.size.columns).enumerated() {
            if index > 0 { column = canvas.put(separator, row: row, column: column) }
            column = canvas.put(item.key, row: row, column: column, style: Style(color: .cyan, bold: true))
            column = canvas.put(" " + item.meaning, row: row, column: column, style: Style(color: .cyan))
        }
    }

    /// The cells `items` take on a line.
    private static func length(_ items: [Item]) -> Int {
        items.map { $0.key.count + 1 + $0.meaning.count }.reduce(0, +) + separator.count * max(0, items.count - 1)
    }
}
