import MachineCore
import Testing

@testable import MachineRuntime

/// `Invariant.firstViolation(among:of:isNewState:)`, the one check of a list of invariants that
/// every tool makes: the first invariant broken, in the list's order, with what it says; an
/// invariant of the state alone left out where a search has met the state before.
@Suite struct FirstViolationTests {
    static let holds = Invariant<Relay>("holds") { _ in nil }
    static let observationBreaks = Invariant<Relay>("the observation breaks") { observation in
        "at \(observation.after.now)"
    }
    static let stateBreaks = Invariant<Relay>.state("the state breaks") { state in "level \(state.context.level)" }

    @Test func theFirstInvariantBrokenInTheListsOrderIsFound() throws {
        let runtime = try SavedStateTests.busy()
        let observation = Observation(of: runtime)
        let found = try #require(
            Invariant.firstViolation(among: [Self.holds, Self.stateBreaks, Self.observationBreaks], of: observation))
        #expect(found.position == 1)
        #expect(found.message == "level \(runtime.state.context.level)")
        let next = try #require(
            Invariant.firstViolation(among: [Self.holds, Self.observationBreaks, Self.stateBreaks], of: observation))
        #expect(next.position == 1)
        #expect(next.message == "at \(runtime.now)")
    }

    @Test func anInvariantOfTheStateIsLeftOutInAStateMetBefore() throws {
        let runtime = try SavedStateTests.busy()
        let observation = Observation(of: runtime)
        let found = try #require(
            Invariant.firstViolation(
                among: [Self.holds, Self.stateBreaks, Self.observationBreaks], of: observation, isNewState: false))
        #expect(found.position == 2)
        #expect(found.message == "at \(runtime.now)")
        #expect(Invariant.firstViolation(among: [Self.stateBreaks, Self.holds], of: observation, isNewState: false) == nil)
    }

    @Test func invariantsThatHoldFindNothing() throws {
        let observation = Observation(of: try SavedStateTests.busy())
        #expect(Invariant.firstViolation(among: [Self.holds, Self.holds], of: observation) == nil)
        #expect(Invariant<Relay>.firstViolation(among: [], of: observation) == nil)
        #expect(Invariant.firstViolation(among: Invariant<Relay>.standard, of: observation) == nil)
    }
}
