import AddressPicker
import MachineCore

/// What the keys do now. The help, the permission prompt and an alert each take the next key;
/// in the search, keys type, and the arrows and Enter choose among the completions or results
/// listed; otherwise the keys move the map. ``PlayKeys`` acts on it and ``Footer`` shows it, so
/// the footer offers the keys that work.
enum PlayMode: Equatable {
    /// The keys are shown (`?`): any key closes them.
    case help
    /// Location permission is being asked: y or n.
    case permission
    /// An alert is on screen: ``PlayKeys/dismissAlert`` dismisses it.
    case alert
    /// The search has nothing listed to choose from: keys type, Enter searches the text.
    case typing
    /// Completions are listed: ↑ ↓ highlight one, Enter picks it (or, none highlighted,
    /// searches the text).
    case completions
    /// Results are listed: ↑ ↓ highlight one, Enter picks it.
    case results
    /// The map: pan, zoom, locate, search, confirm.
    case map

    /// The mode of the screen showing `state` and `view`.
    init(_ state: MachineState<AddressPicker>, view: PlayView) {
        if view.isShowingHelp {
            self = .help
        } else if view.isAskingPermission {
            self = .permission
        } else if state.context.alert != nil {
            self = .alert
        } else if state[AddressPicker.search] == .inactive {
            self = .map
        } else {
            let list = PlayScreen.list(of: state)
            switch list.kind {
            case .completions where !list.items.isEmpty: self = .completions
            case .results where !list.items.isEmpty: self = .results
            case .none, .completions, .results: self = .typing
            }
        }
    }
}
