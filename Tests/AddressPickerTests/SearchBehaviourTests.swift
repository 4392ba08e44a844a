import AddressPicker
import MachineCore
import Testing

/// S1–S7: the search field and its completions.
@Suite("Search and completions") struct SearchBehaviourTests {
    @Test("S1: searchActivated starts editing and remembers the region; ignored when already active")
    func s1_activation() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        #expect(picker.search == .editing)
        #expect(picker.context.searchOrigin == AddressPicker.Context.defaultRegion)
        #expect(picker.commands.isEmpty)
        try picker.send(.searchActivated)
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .noRow)
    }

    @Test("S1: searchCancelled while inactive is ignored")
    func s1_cancelWhileInactive() throws {
        var picker = Harness()
        try picker.send(.searchCancelled)
        #expect(picker.ignored)
        #expect(picker.search == .inactive)
    }

    @Test("S2: queryChanged is ignored while the search is inactive")
    func s2_ignoredWhileInactive() throws {
        var picker = Harness()
        try picker.send(.queryChanged("Apple"))
        #expect(picker.ignored)
        #expect(picker.context.query == "")
        #expect(picker.timers.isEmpty)
    }

    @Test("S2: queryChanged with the current query is ignored")
    func s2_sameQueryIgnored() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(100)
        try picker.send(.queryChanged("Apple"))
        #expect(picker.ignored)
        #expect(picker.ignoreReason == .guardsFailed)
        // The debounce was not restarted: it still falls due 300 ms after the first keystroke.
        try picker.advance(200)
        #expect(picker.search == .loadingCompletions)
        try picker.send(.queryChanged(""))
        try picker.send(.queryChanged(""))
        #expect(picker.ignored)
    }

    @Test("S3: clearing the query clears the search and cancels its work")
    func s3_clearQuery() throws {
        var picker = try Harness.showingResults()
        try picker.send(.queryChanged(""))
        #expect(picker.search == .editing)
        #expect(picker.context.query == "")
        #expect(picker.context.completions.isEmpty)
        #expect(picker.context.results.isEmpty)
        #expect(picker.commands.isEmpty)

        try picker.send(.queryChanged("Pear"))
        try picker.send(.queryChanged(""))
        #expect(picker.commands == [.cancelTimer(.searchDebounce)])

        try picker.send(.queryChanged("Pear"))
        try picker.advance(300)
        try picker.send(.queryChanged(""))
        #expect(picker.commands == [.cancel(.completions)])
        #expect(picker.pending.isEmpty)

        try picker.send(.queryChanged("Pear"))
        try picker.send(.searchSubmitted)
        try picker.send(.queryChanged(""))
        #expect(picker.commands == [.cancel(.places)])
        #expect(picker.search == .editing)
        #expect(picker.booksAgree)
    }

    @Test("S3: clearing the query clears a search failure but not a geocoding failure")
    func s3_clearsOnlySearchFailures() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apples"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed("offline"))
        #expect(picker.context.error == .completionsFailed)
        try picker.send(.queryChanged(""))
        #expect(picker.context.error == nil)

        try picker.send(.appeared)
        try picker.respond(.address, .addressFailed(nil))
        try picker.send(.queryChanged("x"))
        try picker.send(.queryChanged(""))
        #expect(picker.context.error == .geocodingFailed)
    }

    @Test("S4: typing starts the 300 ms search debounce; each keystroke restarts it")
    func s4_typingDebounces() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("A"))
        #expect(picker.search == .debouncing)
        #expect(picker.context.query == "A")
        #expect(picker.commands == [.startTimer(.searchDebounce, .milliseconds(300))])
        try picker.advance(200)
        try picker.send(.queryChanged("Ap"))
        #expect(picker.commands == [.startTimer(.searchDebounce, .milliseconds(300))])
        try picker.advance(299)
        #expect(picker.search == .debouncing)
        try picker.advance(1)
        #expect(picker.commands == [.request(.requestCompletions(query: "Ap"))])
    }

    @Test("S4: a keystroke cancels the completions request in flight; completions on screen stay")
    func s4_keystrokeCancelsCompletions() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apple W"))
        try picker.advance(300)
        #expect(picker.search == .loadingCompletions)
        try picker.send(.queryChanged("Apple Wa"))
        #expect(picker.commands == [.cancel(.completions), .startTimer(.searchDebounce, .milliseconds(300))])
        #expect(picker.context.completions == [appleStore, appleFifth])
        try picker.respond(.completions, 2, .completions([]))
        #expect(picker.dropped == ["completions#2"])
        #expect(picker.context.completions == [appleStore, appleFifth])
    }

    @Test("S4: typing clears the results and cancels a place search in flight")
    func s4_typingClearsResults() throws {
        var picker = try Harness.showingResults()
        try picker.send(.queryChanged("Apple S"))
        #expect(picker.context.results.isEmpty)
        #expect(picker.search == .debouncing)

        try picker.send(.searchSubmitted)
        try picker.send(.queryChanged("Apple So"))
        #expect(picker.commands == [.cancel(.places), .startTimer(.searchDebounce, .milliseconds(300))])
    }

    @Test("S5: completions are requested at 300 ms, not at 299 ms")
    func s5_debounceBoundary() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(299)
        #expect(picker.search == .debouncing)
        #expect(picker.pending.isEmpty)
        try picker.advance(1)
        #expect(picker.search == .loadingCompletions)
        #expect(picker.commands == [.request(.requestCompletions(query: "Apple"))])
        #expect(picker.pending == [.completions])
    }

    @Test("S5: the search debounce follows the configuration")
    func s5_configuredDebounce() throws {
        var picker = Harness { $0.configuration.searchDebounce = .milliseconds(200) }
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        #expect(picker.commands == [.startTimer(.searchDebounce, .milliseconds(200))])
        try picker.advance(199)
        #expect(picker.search == .debouncing)
        try picker.advance(1)
        #expect(picker.search == .loadingCompletions)
    }

    @Test("S5: the query whose completions are on screen is not requested again")
    func s5_reusesCompletionsOnScreen() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apple W"))
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.search == .showingCompletions)
        #expect(picker.commands.isEmpty)
        #expect(picker.fired == ["S5.reuseCompletions"])
    }

    @Test("S5: an empty answer counts as its query's completions")
    func s5_emptyAnswerCounts() throws {
        var picker = try Harness.showingCompletions([])
        try picker.send(.queryChanged("Apple W"))
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.search == .showingCompletions)
        #expect(picker.pending.isEmpty)
    }

    @Test("S5: after a failed request the same query asks again")
    func s5_failureAsksAgain() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed(nil))
        try picker.send(.queryChanged("Apple W"))
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        #expect(picker.search == .loadingCompletions)
        #expect(picker.commands == [.request(.requestCompletions(query: "Apple"))])
    }

    @Test("S6: completions arrive and clear a completions failure")
    func s6_completionsArrive() throws {
        var picker = Harness()
        try picker.send(.searchActivated)
        try picker.send(.queryChanged("Apple"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed(nil))
        try picker.send(.queryChanged("Apple W"))
        try picker.advance(300)
        try picker.respond(.completions, .completions([appleFifth]))
        #expect(picker.search == .showingCompletions)
        #expect(picker.context.completions == [appleFifth])
        #expect(picker.context.error == nil)
    }

    @Test("S6: an empty list is not an error")
    func s6_emptyIsNotAnError() throws {
        let picker = try Harness.showingCompletions([])
        #expect(picker.search == .showingCompletions)
        #expect(picker.context.completions.isEmpty)
        #expect(picker.context.error == nil)
    }

    @Test("S7: failed completions empty the list and record the failure")
    func s7_completionsFail() throws {
        var picker = try Harness.showingCompletions()
        try picker.send(.queryChanged("Apple W"))
        try picker.advance(300)
        try picker.respond(.completions, .completionsFailed("The Internet connection appears to be offline."))
        #expect(picker.search == .showingCompletions)
        #expect(picker.context.completions.isEmpty)
        #expect(picker.context.error == .completionsFailed)
    }
}
