import AddressPicker
import EventScripts
import MachineExploration
import Testing

@Suite("Exploring the address picker") struct AddressPickerExplorationTests {
    @Test func oneHundredThousandRandomMovesKeepEveryInvariant() {
        let report = AddressPicker.explorer().explore(seed: 2026, moves: 100_000)
        #expect(report.violation == nil, "\(report.violation.map { "\($0.invariant): \($0.message)" } ?? "")")
        #expect(report.moves == 100_000)
        #expect(report.rowHits.filter { $0 > 0 }.count == AddressPicker.table.rows.count, "every row fires")
        #expect(report.drops > 100 && report.timersFired > 100 && report.requests > 1_000)
    }

    @Test func everyRequestKindAndTimerIsTiedToTheStateThatWaitsForIt() {
        let names = AddressPicker.invariants.map(\.name)
        for kind in AddressPicker.Request.Kind.allCases {
            #expect(names.contains { $0.hasPrefix("\(kind.name) in flight exactly when ") }, "\(kind.name)")
        }
        for timer in AddressPicker.Timer.allCases {
            #expect(names.contains { $0.hasPrefix("\(timer.name) runs exactly when ") }, "\(timer.name)")
        }
    }

    /// An invariant the machine does break (search does show results) stands in for a bug: the
    /// shrunk script is short, replays, passes, and ends in the state that breaks it.
    @Test func aViolationBecomesAShortScriptThatReplays() throws {
        let neverShowsResults = Invariant<AddressPicker>("search never shows results") { observation in
            observation.after.state[AddressPicker.search] == .showingResults ? "search is showingResults" : nil
        }
        var explorer = AddressPicker.explorer()
        explorer = Explorer(table: explorer.table, initial: explorer.initial, samples: explorer.samples,
                            invariants: AddressPicker.invariants + [neverShowsResults])
        let violation = try #require(explorer.explore(seed: 5, moves: 20_000).violation)
        #expect(violation.invariant == "search never shows results")
        let shrunk = explorer.shrink(violation)
        #expect(shrunk.moves.count <= 4, "searchActivated, queryChanged, searchSubmitted, respond places: \(shrunk.moves)")
        #expect(shrunk.moves.count < violation.moves.count || violation.moves.count <= 4)

        let vocabulary = AddressPickerVocabulary()
        let script = ExplorationScript.render(shrunk, vocabulary: vocabulary, initial: explorer.initial, header: ["A test."])
        #expect(script.hasPrefix("# A test.\n# Invariant broken: search never shows results\n#   search is showingResults\nmachine address-picker\n"))
        #expect(script.contains("expect search == showingResults\n"))
        let program = try ScriptChecker(vocabulary: vocabulary).program(from: Array(script.utf8), file: "shrunk.events")
        let replay = Player(vocabulary: vocabulary).transcript(of: program)
        #expect(replay.outcome.exitCode == 0, "\(replay.text)")
    }

    @Test func aLateAnswerInAScriptNamesItsRequest() throws {
        let violation = Violation<AddressPicker>(invariant: "x", message: "y", moves: [
            .send(.searchActivated), .send(.queryChanged("Apple")), .advance(.milliseconds(300)),
            .send(.queryChanged("")), .respond(.completions, ordinal: 1, .completions([])),
        ])
        let script = ExplorationScript.render(violation, vocabulary: AddressPickerVocabulary(),
                                              initial: AddressPicker.initialState(), header: [])
        #expect(script.contains("advance 300ms\nsend queryChanged(\"\")\nrespond completions#1 []\n"))
        #expect(script.hasSuffix("expect pending == []\nexpect timers == []\n"))
    }
}
