import MachineCore

/// The store's own test machine, and the one its documentation shows: a search box that waits
/// for a pause in typing, then asks a provider to find matches. A newer search supersedes an
/// older one still in flight; clearing stops everything.
enum Lookup: MachineDefinition {
    struct Context: Hashable, Sendable {
        var query = ""
        var matches: [Match] = []
        var failure: Failure?
        var debounce = Duration.milliseconds(300)
    }

    struct Match: Hashable, Sendable {
        var title: String
        var score: Int
    }

    enum Failure: Hashable, Sendable { case offline, server(code: Int) }

    enum Event: MachineEvent, Equatable {
        case typed(String), cleared, picked(Int), debounceElapsed, found([Match]), failed(Failure)

        enum Kind: Int, IndexedCase { case typed, cleared, picked, debounceElapsed, found, failed }

        var kind: Kind {
            switch self {
            case .typed: .typed
            case .cleared: .cleared
            case .picked: .picked
            case .debounceElapsed: .debounceElapsed
            case .found: .found
            case .failed: .failed
            }
        }
    }

    enum Request: MachineRequest {
        case find(query: String)

        enum Kind: Int, IndexedCase { case find }

        var kind: Kind { .find }
    }

    enum Output: Equatable, Sendable { case show(Match) }

    enum Timer: Int, IndexedCase { case debounce }

    static func event(firing timer: Timer) -> Event { .debounceElapsed }

    static func requestKind(answeredBy kind: Event.Kind) -> Request.Kind? {
        kind == .found || kind == .failed ? .find : nil
    }

    static func isFailure(_ kind: Event.Kind) -> Bool { kind == .failed }

    enum SearchState: Int, ControlState { case idle, debouncing, loading, showing }

    static let search = Region<SearchState>("search", index: 0, initial: .idle)

    static let isListed = Guard<Lookup>("isListed") { state, event in
        guard case .picked(let index) = event else { return false }
        return state.context.matches.indices.contains(index)
    }

    static let table = TransitionTable<Lookup>(
        regions: [search],
        rows: [
            Row("type", in: search, from: .any, on: .typed, to: .debouncing) { context, event, out in
                guard case .typed(let query) = event else { return }
                context.query = query
                out.startTimer(.debounce, after: context.debounce)
            },
            Row("find", in: search, from: [.debouncing], on: .debounceElapsed, to: .loading) { context, _, out in
                out.request(.find(query: context.query))
            },
            Row("show", in: search, from: [.loading], on: .found, to: .showing) { context, event, _ in
                guard case .found(let matches) = event else { return }
                context.matches = matches
                context.failure = nil
            },
            Row("fail", in: search, from: [.loading], on: .failed, to: .idle) { context, event, _ in
                guard case .failed(let failure) = event else { return }
                context.failure = failure
            },
            Row("pick", in: search, from: [.showing], on: .picked, when: isListed) { context, event, out in
                guard case .picked(let index) = event else { return }
                out.emit(.show(context.matches[index]))
            },
            Row("clear", in: search, from: .any, on: .cleared, to: .idle) { context, _, out in
                context.query = ""
                context.matches = []
                out.cancelTimer(.debounce)
                out.cancel(.find)
            },
        ])
}
