import AddressPicker
import MachineCore
import Testing

/// R1: `minimumQueryLength`, a query shorter than the minimum asks nothing.
@Suite("R1: minimum query length") struct MinimumQueryLengthTests {
    /// A picker whose search is active, with `minimumQueryLength` set to `minimum`.
    static func searching(minimum: Int) throws -> Harness {
        var picker = Harness { $0.configuration.minimumQueryLength = minimum }
        try picker.send(.searchActivated)
        return picker
    }

    @Test("R1: a query of N−1 characters asks nothing; one of N characters starts the search debounce")
    func r1_shortAndLongEnough() throws {
        var picker = try Self.searching(minimum: 3)
        try picker.send(.queryChanged("Ap"))
        #expect(picker.fired == ["R1.shortQuery"])
        #expect(picker.search == .editing)
        #expect(picker.context.query == "Ap")
        #expect(picker.commands.isEmpty)
        #expect(picker.timers.isEmpty)
        try picker.advance(1_000)
        #expect(picker.ignored, "no timer was started")
        #expect(picker.pending.isEmpty)

        try picker.send(.queryChanged("App"))
        #expect(picker.fired == ["S4.type"])
        #expect(picker.search == .debouncing)
        #expect(picker.commands == [.startTimer(.searchDebounce, .milliseconds(300))])
        try picker.advance(300)
        #expect(picker.commands == [.request(.requestCompletions(query: "App"))])
    }

    @Test(
        "R1: characters are counted as String.count counts them (extended grapheme clusters, as typed)",
        arguments: [
            ("🇩🇪", true),  // two scalars, one character
            ("e\u{301}", true),  // e and a combining acute accent: one character
            ("🇩🇪🇫🇷", false),  // two flags: two characters
            ("e\u{301}x", false),
            (" a", false),  // no trimming: a space counts
        ])
    func r1_countsCharacters(query: String, isShort: Bool) throws {
        var picker = try Self.searching(minimum: 2)
        try picker.send(.queryChanged(query))
        #expect(picker.fired == [isShort ? "R1.shortQuery" : "S4.type"])
        #expect(picker.search == (isShort ? .editing : .debouncing))
        #expect(picker.context.query.unicodeScalars.elementsEqual(query.unicodeScalars))
    }

    @Test("R1: completions, results and a search error are cleared; only what runs is cancelled")
    func r1_clearsTheSearchAndCancelsWhatRuns() throws {
        var picker = try Self.showingResults()
        try picker.send(.queryChanged("Ap"))
        #expect(picker.search == .editing)
        #expect(picker.context.completions.isEmpty)
        #expect(picker.context.results.isEmpty)
        #expect(picker.commands.isEmpty, "nothing was running")

        try picker.send(.queryChanged("Apple"))
        try picker.send(.queryChanged("Ap"))
        #expect(picker.commands == [.cancelTimer(.searchDebounce)])

        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.send(.queryChanged("Ap"))
        #expect(picker.commands == [.cancel(.completions)])

        try picker.send(.queryChanged("Apple"))
        try picker.send(.searchSubmitted)
        try picker.send(.queryChanged("Ap"))
        #expect(picker.commands == [.cancel(.places)])

        try picker.send(.queryChanged("Apple"))
        try picker.send(.searchSubmitted)
        try picker.respond(.places, .placesFailed("offline"))
        #expect(picker.context.error == .placesFailed)
        try picker.send(.queryChanged("Ap"))
        #expect(picker.context.error == nil)
        #expect(picker.booksAgree)
    }

    /// A picker with `minimumQueryLength` 3 showing the places of the "Apple Store" completion.
    static func showingResults() throws -> Harness {
        var picker = try searching(minimum: 3)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.respond(.completions, .completions([appleStore]))
        try picker.send(.completionSelected(0))
        try picker.respond(.places, .places(PlaceSearchAnswer(places: [try place("Apple Grand Central", 40.7527, -73.9772)])))
        #expect(picker.search == .showingResults)
        #expect(!picker.context.results.isEmpty && !picker.context.completions.isEmpty)
        return picker
    }

    @Test("R1: a map error is not a search error and stays")
    func r1_keepsAMapError() throws {
        var picker = Harness { $0.configuration.minimumQueryLength = 3 }
        try picker.send(.appeared)
        try picker.respond(.address, .addressFailed(nil))
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Ap"))
        #expect(picker.context.error == .geocodingFailed)
    }

    @Test("R1: afterwards no query's completions are on screen, so the next query asks again")
    func r1_nothingOnScreenAfterwards() throws {
        var picker = try Self.searching(minimum: 3)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.respond(.completions, .completions([appleStore]))
        try picker.send(.queryChanged("Ap"))
        #expect(picker.context.completions.isEmpty)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.fired == ["S5.loadCompletions"])
        #expect(picker.commands == [.request(.requestCompletions(query: "Apple"))])
    }

    @Test("R1: S2 still ignores an unchanged short query")
    func r1_unchangedShortQueryIgnored() throws {
        var picker = try Self.searching(minimum: 3)
        try picker.send(.queryChanged("Ap"))
        try picker.send(.queryChanged("Ap"))
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .guardsFailed)
    }

    @Test("R1: C2 still searches a short query (an explicit submit)")
    func r1_submitSearchesAShortQuery() throws {
        var picker = try Self.searching(minimum: 3)
        try picker.send(.queryChanged("Ap"))
        try picker.send(.searchSubmitted)
        #expect(picker.fired == ["C2.submit"])
        #expect(picker.search == .searching)
        #expect(picker.commands == [.request(.searchPlaces(.text("Ap", region: AddressPicker.Context.defaultRegion)))])
    }

    @Test(
        "R1: off by default: a one-character query asks; through the Swift API a minimum below 1 acts as 1",
        arguments: [1, 0, -5])
    func r1_offByDefault(minimum: Int) throws {
        var picker = try Self.searching(minimum: minimum)
        #expect(AddressPicker.Configuration().minimumQueryLength == 1)
        try picker.send(.queryChanged("A"))
        #expect(picker.fired == ["S4.type"])
        #expect(picker.commands == [.startTimer(.searchDebounce, .milliseconds(300))])
    }
}
