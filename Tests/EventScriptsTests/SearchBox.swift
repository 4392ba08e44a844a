import MachineCore

/// A small machine for the script language's tests: a search box that waits for a pause in the
/// typing, asks a provider for hits, shows them and lets one be picked; a view the user moves;
/// and a panel that closes for good.
enum SearchBox: MachineDefinition {
    struct Point: Equatable, Sendable {
        var x: Double
        var y: Double
    }

    struct Size: Equatable, Sendable {
        var width: Double
        var height: Double
    }

    struct Area: Equatable, Sendable {
        var corner: Point
        var size: Size
    }

    /// Optional parts, written with labels in any order.
    struct Tag: Equatable, Sendable {
        var name: String?
        var colour: String?
    }

    struct Hit: Equatable, Sendable {
        var title: String
        var spot: Point
        var tag: Tag
    }

    /// The provider's answer: the hits, and the area that shows them all when it knows one.
    struct Answer: Equatable, Sendable {
        var area: Area?
        var hits: [Hit]
    }

    struct Context: Equatable, Sendable {
        var query = ""
        var hits: [Hit] = []
        var chosen: Hit?
        var view = Area(corner: Point(x: 0, y: 0), size: Size(width: 10, height: 10))
        /// How many searches were made; kept by the machine.
        var searches = 0
        /// Settings.
        var pause: Duration = .milliseconds(300)
        var limit = 5
    }

    enum Event: MachineEvent, Equatable {
        case typed(String), moved(Area, byUser: Bool), picked(Int), closed, paused, hits(Answer), hitsFailed(String?)

        enum Kind: Int, IndexedCase { case typed, moved, picked, closed, paused, hits, hitsFailed }

        var kind: Kind {
            switch self {
            case .typed: .typed
            case .moved: .moved
            case .picked: .picked
            case .closed: .closed
            case .paused: .paused
            case .hits: .hits
            case .hitsFailed: .hitsFailed
            }
        }
    }

    enum Request: MachineRequest {
        case find(String, Area)
        enum Kind: Int, IndexedCase { case hits }
        var kind: Kind { .hits }
    }

    enum Output: Equatable, Sendable { case choose(Hit) }

    enum Timer: Int, IndexedCase { case pause }

    static func event(firing timer: Timer) -> Event { .paused }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .hits || kind == .hitsFailed ? .hits : nil
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .hitsFailed }

    enum Search: Int, ControlState { case idle, waiting, loading, showing }
    enum Panel: Int, ControlState { case open, closed }

    static let search = Region<Search>("search", index: 0, initial: .idle)
    static let panel = Region<Panel>("panel", index: 1, initial: .open, final: [.closed])

    static let isOffered = Guard<SearchBox>("isOffered") { state, event in
        guard case .picked(let index) = event else { return false }
        return state.context.hits.indices.contains(index)
    }

    static let isByUser = Guard<SearchBox>("isByUser") { _, event in
        if case .moved(_, byUser: true) = event { true } else { false }
    }

    static let table = TransitionTable<SearchBox>(
        regions: [search, panel],
        rows: [
            Row("S1.type", in: search, from: .any, on: .typed, to: .waiting) { context, event, out in
                guard case .typed(let text) = event else { return }
                context.query = text
                out.cancel(.hits)
                out.startTimer(.pause, after: context.pause)
            },
            Row("S2.ask", in: search, from: [.waiting], on: .paused, to: .loading) { context, _, out in
                context.searches += 1
                out.request(.find(context.query, context.view))
            },
            Row("S3.show", in: search, from: [.loading], on: .hits, to: .showing) { context, event, _ in
                guard case .hits(let answer) = event else { return }
                context.hits = Array(answer.hits.prefix(context.limit))
                if let area = answer.area { context.view = area }
            },
            Row("S4.fail", in: search, from: [.loading], on: .hitsFailed, to: .idle),
            Row("S5.pick", in: search, from: [.showing], on: .picked, when: isOffered, to: .idle) { context, event, out in
                guard case .picked(let index) = event else { return }
                context.chosen = context.hits[index]
                out.emit(.choose(context.hits[index]))
            },
            Row("V1.move", in: panel, from: [.open], on: .moved, when: isByUser) { context, event, _ in
                if case .moved(let area, _) = event { context.view = area }
            },
            Row("P1.close", in: panel, from: [.open], on: .closed, to: .closed) { _, _, out in out.cancelEverything() },
        ])
}
