import MachineCore

/// The store's test machine: a search field that waits for a pause in typing and asks a provider,
/// beside a map the person pans and the machine recentres (telling the host to move it).
enum Finder: MachineDefinition {
    struct Context: Equatable, Sendable {
        var query = ""
        var center = 0
        var results: [String] = []
    }

    enum Event: MachineEvent, Equatable {
        case typed(String), panned(Int), recentred(Int), paused, found([String]), failed

        enum Kind: Int, IndexedCase { case typed, panned, recentred, paused, found, failed }

        var kind: Kind {
            switch self {
            case .typed: .typed
            case .panned: .panned
            case .recentred: .recentred
            case .paused: .paused
            case .found: .found
            case .failed: .failed
            }
        }
    }

    enum Request: MachineRequest {
        case find(String)
        enum Kind: Int, IndexedCase { case find }
        var kind: Kind { .find }
        var query: String { if case .find(let query) = self { query } else { "" } }
    }

    enum Output: Equatable, Sendable { case moveMap(to: Int), show(String) }
    enum Timer: Int, IndexedCase { case pause }

    static func event(firing timer: Timer) -> Event { .paused }
    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? { kind == .found || kind == .failed ? .find : nil }
    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .failed }

    enum SearchState: Int, ControlState { case idle, waiting, loading, showing }
    static let search = Region<SearchState>("search", index: 0, initial: .idle)

    static let table = TransitionTable<Finder>(
        regions: [search],
        rows: [
            Row("type", in: search, from: .any, on: .typed, to: .waiting) { context, event, out in
                guard case .typed(let query) = event else { return }
                context.query = query
                out.startTimer(.pause, after: .milliseconds(100))
            },
            Row("ask", in: search, from: [.waiting], on: .paused, to: .loading) { context, _, out in
                out.request(.find(context.query))
            },
            Row("show", in: search, from: [.loading], on: .found, to: .showing) { context, event, out in
                guard case .found(let results) = event else { return }
                context.results = results
                for result in results { out.emit(.show(result)) }
            },
            Row("fail", in: search, from: [.loading], on: .failed, to: .idle),
            Row("pan", in: search, from: .any, on: .panned) { context, event, _ in
                guard case .panned(let center) = event else { return }
                context.center = center
            },
            Row("recentre", in: search, from: .any, on: .recentred) { context, event, out in
                guard case .recentred(let center) = event else { return }
                context.center = center
                out.emit(.moveMap(to: center))
            },
        ])

    static var initialState: MachineState<Finder> { table.initialState(context: Context()) }
}
