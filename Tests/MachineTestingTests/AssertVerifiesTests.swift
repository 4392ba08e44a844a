import MachineAnalysis
import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// The lookup's inputs for verification: two queries and a clear, and an answer and a failure.
struct LookupSamples: InputSamples {
    typealias Machine = Lookup

    var events: [Lookup.Event] { [.typed("pie"), .typed("tart"), .cleared, .picked(0)] }

    func answers(to request: Lookup.Request) -> [Lookup.Event] {
        [.found([Lookup.Match(title: "Apple pie", score: 9)]), .failed(.offline)]
    }
}

@Suite("Verifying a machine to a depth") struct AssertVerifiesTests {
    static let invariants: [Invariant<Lookup>] = [
        .timer(.debounce, onlyIn: Lookup.search, .debouncing),
        Invariant("find is in flight only while search is loading, or debouncing a newer query") { observation in
            let after = observation.after
            let waiting = after.state.isIn(.loading, of: Lookup.search) || after.state.isIn(.debouncing, of: Lookup.search)
            guard !waiting, after.pendingRequests.contains(where: { $0.reference.kind == .find }) else { return nil }
            return "a find request is in flight while search is \(after.state[Lookup.search].name)"
        },
    ]

    /// The lookup with a race: clearing the box leaves the search in flight, whose answer may
    /// then come while the box is idle.
    static let racingTable = TransitionTable<Lookup>(
        regions: [Lookup.search],
        rows: Lookup.table.rows.dropLast() + [
            Row("clear", in: Lookup.search, from: .any, on: .cleared, to: .idle) { context, _, out in
                context.query = ""
                context.matches = []
                out.cancelTimer(.debounce)
            }
        ])

    static var initial: MachineState<Lookup> { Lookup.table.initialState(context: Lookup.Context()) }

    @Test func theLookupVerifiesToADepth() {
        assertVerifies(LookupVocabulary(), samples: LookupSamples(), invariants: Self.invariants, depth: 6)
        #expect(
            counterexample(in: Lookup.table, from: Self.initial, samples: LookupSamples(), invariants: Self.invariants, depth: 6)
                == nil)
    }

    /// The shortest counterexample: type, wait out the debounce (the search starts), clear.
    @Test func theRaceIsFoundAsTheShortestCounterexample() throws {
        let found = try #require(
            counterexample(
                in: Self.racingTable, from: Self.initial, samples: LookupSamples(), invariants: Self.invariants, depth: 6))
        #expect(found.invariant == "find is in flight only while search is loading, or debouncing a newer query")
        #expect(found.message == "a find request is in flight while search is idle")
        #expect(found.inputs == [.send(.typed("pie")), .advance(.milliseconds(300)), .send(.cleared)])
        #expect(
            counterexample(
                in: Self.racingTable, from: Self.initial, samples: LookupSamples(), invariants: Self.invariants, depth: 2)
                == nil, "shorter than three inputs, nothing breaks")
    }

    /// The race's invariant as an invariant of the state alone: verification checks it once per
    /// state, not on every transition, and finds the same shortest counterexample.
    static let raceOfTheState = Invariant<Lookup>.state(
        "find is in flight only while search is loading, or debouncing a newer query"
    ) { state in
        let waiting = state.isIn(.loading, of: Lookup.search) || state.isIn(.debouncing, of: Lookup.search)
        guard !waiting, state.work.pending.contains(.find) else { return nil }
        return "a find request is in flight while search is \(state[Lookup.search].name)"
    }

    @Test func anInvariantOfTheStateFindsTheSameRace() throws {
        let ofTransitions = try #require(
            counterexample(
                in: Self.racingTable, from: Self.initial, samples: LookupSamples(), invariants: Self.invariants, depth: 6))
        let ofTheState = try #require(
            counterexample(
                in: Self.racingTable, from: Self.initial, samples: LookupSamples(),
                invariants: [Self.invariants[0], Self.raceOfTheState], depth: 6))
        #expect(ofTheState.invariant == ofTransitions.invariant)
        #expect(ofTheState.message == ofTransitions.message)
        #expect(ofTheState.inputs == ofTransitions.inputs)
        #expect(
            counterexample(
                in: Lookup.table, from: Self.initial, samples: LookupSamples(), invariants: [Self.raceOfTheState], depth: 6)
                == nil)
    }

    /// The initial state is a state like any other: an invariant of the state it breaks is
    /// broken with no input.
    @Test func anInvariantOfTheStateIsCheckedOnTheInitialState() throws {
        let neverIdle = Invariant<Lookup>.state("search is never idle") { state in
            state[Lookup.search] == .idle ? "search is idle" : nil
        }
        let found = try #require(
            counterexample(in: Lookup.table, from: Self.initial, samples: LookupSamples(), invariants: [neverIdle], depth: 3))
        #expect(found.invariant == "search is never idle")
        #expect(found.inputs.isEmpty)
    }

    /// The failure holds the counterexample's script, with the expectations of each input.
    @Test func aRaceFailsTheAssertionWithItsScript() {
        var vocabulary = LookupVocabulary()
        vocabulary.table = Self.racingTable
        let issues = capturingTestIssues {
            assertVerifies(vocabulary, samples: LookupSamples(), invariants: Self.invariants, depth: 6)
        }
        #expect(issues.count == 1)
        let message = issues.first ?? ""
        #expect(
            message.hasPrefix(
                "An invariant is broken after 3 inputs: find is in flight only while search is loading, or debouncing a newer query\n"
                    + "  a find request is in flight while search is idle\nThis script reproduces it:\n"
                    + "# A shortest counterexample, 3 inputs long.\n"))
        #expect(message.contains("send typed(\"pie\")\nexpect search == debouncing\n"))
        #expect(message.contains("advance 300ms\n"))
    }

    @Test func stoppingAtTheMostStatesFailsTheAssertion() {
        let issues = capturingTestIssues {
            assertVerifies(LookupVocabulary(), samples: LookupSamples(), invariants: Self.invariants, depth: 6, maximumStates: 5)
        }
        #expect(issues == ["The search stopped at 5 states, while visiting depth 2 of 6: not verified to depth 6."])
    }
}
