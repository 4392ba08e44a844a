import Testing

@testable import MachineCore

/// A hierarchy or a row that does not fit it is refused when the table is built.
@Suite struct HierarchyErrorTests {
    typealias Deck = Jukebox.Deck

    func build(_ region: Region<Deck>, _ rows: [Row<Jukebox>] = [], actions: [StateActions<Jukebox>] = []) -> TableError? {
        do {
            _ = try TransitionTable<Jukebox>(validating: [region], rows: rows, stateActions: actions)
            return nil
        } catch {
            return error
        }
    }

    @Test func aStateUnderTwoParentsIsRefused() {
        let region = Region<Deck>("deck", index: 0, initial: .off, children: [.on: [.idle], .busy: [.idle]])
        #expect(build(region) == .invalidHierarchy(region: "deck", problem: "'idle' is listed as a child twice"))
    }

    @Test func aCycleIsRefused() {
        let region = Region<Deck>("deck", index: 0, initial: .off, children: [.on: [.busy], .busy: [.on]])
        #expect(build(region) == .invalidHierarchy(region: "deck", problem: "'on' is its own ancestor"))
    }

    @Test func emptyChildrenAndCompoundFinalStatesAreRefused() {
        #expect(
            build(Region<Deck>("deck", index: 0, initial: .off, children: [.on: []]))
                == .invalidHierarchy(region: "deck", problem: "'on' has an empty list of children"))
        #expect(
            build(Region<Deck>("deck", index: 0, initial: .off, final: [.on], children: [.on: [.idle]]))
                == .invalidHierarchy(region: "deck", problem: "final state 'on' has children"))
        #expect(
            build(Region<Deck>("deck", index: 0, initial: .off, children: [.on: [.idle], .on: [.busy]]))
                == .invalidHierarchy(region: "deck", problem: "'on' is given children twice"))
    }

    @Test func historyNeedsACompoundTargetAndInternalATargetBelowTheSource() {
        let deck = Jukebox.deck
        #expect(
            build(deck, [Row("a", in: deck, from: [.off], on: .power, to: .idle, history: .deep)])
                == .invalidRowTarget(row: "a", problem: "a history needs a compound or parallel target"))
        #expect(
            build(deck, [Row("b", in: deck, from: [.busy], on: .power, to: .idle, internal: true)])
                == .invalidRowTarget(
                    row: "b", problem: "an internal row's target must be its source or below it, and 'idle' is not in 'busy'"))
        #expect(
            build(deck, [Row("c", in: deck, from: [.on], on: .power, internal: true)])
                == .invalidRowTarget(row: "c", problem: "an internal row needs a target"))
    }

    @Test func actionsDeclaredTwiceAreRefused() {
        let deck = Jukebox.deck
        #expect(
            build(deck, actions: [StateActions(in: deck, .on), StateActions(in: deck, .on)])
                == .invalidStateActions(region: "deck", state: "on", problem: "they are declared twice"))
    }
}
