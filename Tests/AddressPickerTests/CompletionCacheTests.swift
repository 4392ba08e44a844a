import AddressPicker
import MachineCore
import Testing

/// R2: `completionCache`, the completions of recent queries come back without a request.
@Suite("R2: completion cache") struct CompletionCacheTests {
    /// A picker whose search is active, keeping the completions of `size` queries.
    static func searching(cache size: Int) throws -> Harness {
        var picker = Harness { $0.configuration.completionCache = size }
        try picker.send(.searchActivated)
        return picker
    }

    static func completion(_ query: String) -> Completion {
        Completion(title: "\(query) Store", subtitle: "Search Nearby")
    }

    /// The cache's queries, most recently used first.
    static func queries(_ picker: Harness) -> [String] { picker.context.cachedCompletions.map(\.query) }

    @Test("R2: K answered queries are all kept, most recent first; the K+1-th drops the one used longest ago")
    func r2_capacity() throws {
        var picker = try Self.searching(cache: 2)
        try picker.ask("Apple", answer: [Self.completion("Apple")])
        try picker.ask("Pear", answer: [Self.completion("Pear")])
        #expect(Self.queries(picker) == ["Pear", "Apple"])
        try picker.ask("Plum", answer: [Self.completion("Plum")])
        #expect(Self.queries(picker) == ["Plum", "Pear"])

        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.fired == ["S5.loadCompletions"], "Apple was dropped")
        #expect(picker.commands == [.request(.requestCompletions(query: "Apple"))])
    }

    @Test("R2: a cached query shows its completions, moves first, clears completionsFailed and asks nothing")
    func r2_cacheHit() throws {
        var picker = try Self.searching(cache: 2)
        try picker.ask("Apple", answer: [appleStore, appleFifth])
        try picker.send(.queryChanged("Pear"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed("offline"))
        #expect(picker.context.error == .completionsFailed)

        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.fired == ["R2.cacheHit"])
        #expect(picker.search == .showingCompletions)
        #expect(picker.commands.isEmpty)
        #expect(picker.pending.isEmpty)
        #expect(picker.context.completions == [appleStore, appleFifth])
        #expect(picker.context.error == nil)

        // The hit put Apple's completions on screen: picking one searches its places (C1).
        try picker.send(.completionSelected(1))
        #expect(picker.commands == [.request(.searchPlaces(.completion(appleFifth)))])
    }

    @Test("R2: the order is by last use, an answer or a hit")
    func r2_orderByUse() throws {
        var picker = try Self.searching(cache: 3)
        for query in ["A1", "B1", "C1"] { try picker.ask(query, answer: [Self.completion(query)]) }
        #expect(Self.queries(picker) == ["C1", "B1", "A1"])
        try picker.send(.queryChanged("A1"))
        try picker.advance(300)
        #expect(Self.queries(picker) == ["A1", "C1", "B1"])
        try picker.ask("D1", answer: [Self.completion("D1")])
        #expect(Self.queries(picker) == ["D1", "A1", "C1"], "B1 was used longest ago")
    }

    @Test("R2: failures are not cached")
    func r2_failureNotCached() throws {
        var picker = try Self.searching(cache: 2)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed("offline"))
        #expect(Self.queries(picker).isEmpty)
        try picker.send(.queryChanged("Pear"))
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.commands == [.request(.requestCompletions(query: "Apple"))])
    }

    @Test("R2: an empty answer is cached")
    func r2_emptyAnswerCached() throws {
        var picker = try Self.searching(cache: 2)
        try picker.ask("Xyzzy", answer: [])
        #expect(Self.queries(picker) == ["Xyzzy"])
        try picker.ask("Apple", answer: [appleStore])
        try picker.send(.queryChanged("Xyzzy"))
        try picker.advance(300)
        #expect(picker.fired == ["R2.cacheHit"])
        #expect(picker.commands.isEmpty)
        #expect(picker.context.completions.isEmpty)
    }

    @Test("R2: a late answer that is dropped is not cached")
    func r2_droppedAnswerNotCached() throws {
        var picker = try Self.searching(cache: 2)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.send(.queryChanged("Pear"))
        try picker.respond(.completions, 1, .completions([appleStore]))
        #expect(picker.dropped == ["completions#1"])
        #expect(Self.queries(picker).isEmpty)
        try picker.advance(300)
        try picker.respond(.completions, .completions([Self.completion("Pear")]))
        #expect(Self.queries(picker) == ["Pear"])
    }

    @Test("R2: S5's on-screen rule comes first and leaves the cache as it is")
    func r2_onScreenRuleFirst() throws {
        var picker = Harness {
            $0.configuration.completionCache = 2
            $0.cachedCompletions = [
                AddressPicker.CachedCompletions(query: "Pear", completions: [Self.completion("Pear")]),
                AddressPicker.CachedCompletions(query: "Apple", completions: [appleFifth]),
            ]
        }
        try picker.send(.searchActivated)
        try picker.ask("Plum", answer: [Self.completion("Plum")])
        #expect(Self.queries(picker) == ["Plum", "Pear"])
        // Plum's completions are on screen and cached: the on-screen rule fires, not the cache.
        try picker.send(.queryChanged("Plumb"))
        try picker.send(.queryChanged("Plum"))
        let before = picker.context.cachedCompletions
        try picker.advance(300)
        #expect(picker.fired == ["S5.reuseCompletions"])
        #expect(picker.commands.isEmpty)
        #expect(picker.context.cachedCompletions == before)
    }

    @Test(
        "R2: queries compare by Unicode scalars: case and normalisation matter",
        arguments: [("apple", "Apple"), ("\u{E9}", "e\u{301}")])
    func r2_comparesScalars(cached: String, typed: String) throws {
        var picker = try Self.searching(cache: 2)
        try picker.ask(cached, answer: [Self.completion(cached)])
        try picker.send(.queryChanged(typed))
        try picker.advance(300)
        #expect(picker.fired == ["S5.loadCompletions"])
        #expect(picker.commands == [.request(.requestCompletions(query: typed))])
        try picker.respond(.completions, .completions([]))
        #expect(
            picker.context.cachedCompletions.map { Array($0.query.unicodeScalars) }
                == [Array(typed.unicodeScalars), Array(cached.unicodeScalars)])
    }

    @Test("R2: the cache lives as long as the machine, across searches")
    func r2_outlivesTheSearch() throws {
        var picker = try Self.searching(cache: 1)
        try picker.ask("Apple", answer: [appleStore])
        try picker.send(.searchCancelled)
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.fired == ["R2.cacheHit"])
        #expect(picker.context.completions == [appleStore])
    }

    @Test("R2: off by default (and below 0 through the Swift API): nothing is cached", arguments: [0, -1])
    func r2_offByDefault(size: Int) throws {
        #expect(AddressPicker.Configuration().completionCache == 0)
        var picker = try Self.searching(cache: size)
        try picker.ask("Apple", answer: [appleStore])
        try picker.ask("Pear", answer: [])
        #expect(picker.context.cachedCompletions.isEmpty)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.commands == [.request(.requestCompletions(query: "Apple"))])
    }
}

extension Harness {
    /// Types `query`, lets the search debounce elapse and answers its completions request.
    mutating func ask(_ query: String, answer: [Completion]) throws {
        try send(.queryChanged(query))
        try advance(300)
        #expect(commands == [.request(.requestCompletions(query: query))], "\(query) is asked for")
        try respond(.completions, .completions(answer))
    }
}
