import AddressPicker
import MachineCore
import TerminalUI

/// What a key asks the session to do.
package enum PlayAction: Equatable, Sendable {
    /// Send a host event to the machine.
    case send(AddressPicker.Event)
    /// Answer the location-permission prompt: granted or not.
    case answerPermission(granted: Bool)
    /// Leave without confirming; `interrupted` for Ctrl-C.
    case quit(interrupted: Bool)
}

/// The keys of the play screen: a pure function from a key, the machine's state and the view
/// to the actions to take, changing only the view.
package enum PlayKeys {
    /// The category of points of interest `c` taps.
    package static let category = "cafe"

    /// The key that dismisses an alert and its name, which the footer and the help both show
    /// (Esc and Space dismiss it too, unnamed).
    package static let dismissAlert = (key: Key.enter, name: "Enter")

    /// The keys, as `?` lists them.
    package static let help: [(key: String, meaning: String)] = [
        ("/ or s", "search: type, then ↑ ↓ and Enter pick"),
        ("← ↑ → ↓", "pan the map (a quarter of the span)"),
        ("+ / -", "zoom in / out"),
        ("l", "locate me (y / n answers the prompt)"),
        ("c", "points of interest: \(category)"),
        ("Enter", "confirm the address under the crosshair"),
        (dismissAlert.name, "dismiss an alert"),
        ("Esc", "cancel the search"),
        ("?", "show or hide these keys"),
        ("q", "quit without confirming (Ctrl-C too)"),
    ]

    /// The actions `key` asks for, given the state on screen; updates the view's own state.
    package static func handle(_ key: Key, state: MachineState<AddressPicker>, view: inout PlayView) -> [PlayAction] {
        if key == .control("c") { return [.quit(interrupted: true)] }
        view.note = nil
        switch PlayMode(state, view: view) {
        case .help:
            view.isShowingHelp = false
            return []
        case .permission:
            switch key {
            case .text("y"), .text("Y"): return [.answerPermission(granted: true)]
            case .text("n"), .text("N"), .escape: return [.answerPermission(granted: false)]
            default: return []
            }
        case .alert:
            switch key {
            case dismissAlert.key, .escape, .text(" "): return [.send(.alertDismissed)]
            case .text("q"): return [.quit(interrupted: false)]
            default: return []
            }
        case .typing, .completions, .results:
            return searchKey(key, state: state, view: &view)
        case .map:
            return mapKey(key, state: state, view: &view)
        }
    }

    private static func searchKey(_ key: Key, state: MachineState<AddressPicker>, view: inout PlayView) -> [PlayAction] {
        let context = state.context
        let list = PlayScreen.list(of: state)
        switch key {
        case .text(let character):
            view.selection = nil
            return [.send(.queryChanged(context.query + String(character)))]
        case .backspace:
            guard !context.query.isEmpty else { return [] }
            view.selection = nil
            return [.send(.queryChanged(String(context.query.dropLast())))]
        case .escape:
            view.selection = nil
            return [.send(.searchCancelled)]
        case .down, .up:
            guard !list.items.isEmpty else { return [] }
            let current = PlayScreen.highlighted(state, view: view) ?? -1
            let next = key == .down ? current + 1 : current - 1
            view.selection = next < 0 ? (list.kind == .results ? 0 : nil) : min(next, list.items.count - 1)
            return []
        case .enter:
            switch list.kind {
            case .results where !list.items.isEmpty:
                let index = view.selection ?? 0
                view.selection = nil
                return [.send(.resultSelected(index))]
            case .completions where view.selection != nil:
                let index = view.selection ?? 0
                view.selection = nil
                return [.send(.completionSelected(index))]
            default:
                return context.query.isEmpty ? [] : [.send(.searchSubmitted)]
            }
        default:
            return []
        }
    }

    private static func mapKey(_ key: Key, state: MachineState<AddressPicker>, view: inout PlayView) -> [PlayAction] {
        let region = state.context.region
        let move: MapMove?
        switch key {
        case .up: move = .north
        case .down: move = .south
        case .right: move = .east
        case .left: move = .west
        case .text("+"), .text("="): move = .zoomIn
        case .text("-"), .text("_"): move = .zoomOut
        default: move = nil
        }
        if let move { return [.send(.regionChanged(move.applied(to: region), byUser: true))] }
        switch key {
        case .text("/"), .text("s"):
            view.selection = nil
            return [.send(.searchActivated)]
        case .text("l"): return [.send(.locateMeTapped)]
        case .text("c"): return [.send(.categoryTapped(category))]
        case .text("?"):
            view.isShowingHelp = true
            return []
        case .text("q"): return [.quit(interrupted: false)]
        case .enter:
            guard state.context.address != nil else {
                view.note = "Nothing to confirm yet: wait for the address under the crosshair."
                return []
            }
            return [.send(.confirmTapped)]
        default:
            return []
        }
    }
}
