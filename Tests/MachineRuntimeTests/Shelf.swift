import MachineCore

/// A nested machine for the saved-state tests: a shelf that is `closed` or `open`, and open
/// `browsing` or `reading` (itself on `page1` or `page2`); reopening it returns to the page last
/// read (deep history).
enum Shelf: MachineDefinition {
    struct Context: Equatable, Sendable, Codable {
        var opened = 0
    }

    enum Event: MachineEvent, Equatable {
        case open, close, read, turn
        enum Kind: Int, IndexedCase { case open, close, read, turn }
        var kind: Kind {
            switch self {
            case .open: .open
            case .close: .close
            case .read: .read
            case .turn: .turn
            }
        }
    }

    enum Request: MachineRequest, Codable {
        case none
        enum Kind: Int, IndexedCase { case none }
        var kind: Kind { .none }
    }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? { nil }
    static func isFailure(_ kind: Event.Kind) -> Bool { false }

    enum Place: Int, ControlState { case closed, open, browsing, reading, page1, page2 }

    static let place = Region<Place>(
        "place", index: 0, initial: .closed,
        children: [.open: [.browsing, .reading], .reading: [.page1, .page2]])

    static let table = TransitionTable<Shelf>(
        regions: [place],
        rows: [
            Row("open", in: place, from: [.closed], on: .open, to: .open, history: .deep) { context, _, _ in context.opened += 1
            },
            Row("close", in: place, from: [.open], on: .close, to: .closed),
            Row("read", in: place, from: [.browsing], on: .read, to: .reading),
            Row("turn", in: place, from: [.page1], on: .turn, to: .page2),
        ])
}
