import MachineCore
import Testing

@testable import MachineTesting

/// What the store shows of nested states and of the history memory, on the oven.
@Suite("MachineTestStore, nested states and history") struct HistoryDiffTests {
    typealias Store = MachineTestStore<Oven>

    /// Turns the oven on, heats and boosts it (asserted): it is in `high`, nothing remembered.
    func heatToHigh(_ store: Store) {
        store.send(.power) { $0[Oven.mode] = .idle }
        store.send(.heat) { $0[Oven.mode] = .low }
        store.send(.boost) { $0[Oven.mode] = .high }
    }

    @Test func aStepThatChangesTheHistoryPassesWhenTheTestSaysSo() {
        let store = Store(table: Oven.table, context: Oven.Context())
        heatToHigh(store)
        #expect(Oven.table.remembered(.on, of: Oven.mode, in: store.state) == nil)
        store.send(.pause) {
            $0[Oven.mode] = .paused
            Oven.table.remember(.high, for: .on, of: Oven.mode, in: &$0)
        }
        #expect(Oven.table.remembered(.on, of: Oven.mode, in: store.state) == .high)
        // Shallow history re-enters heating, which starts low; entering keeps the memory.
        store.send(.resume) { $0[Oven.mode] = .low }
        store.send(.power) {
            $0[Oven.mode] = .off
            Oven.table.remember(.low, for: .on, of: Oven.mode, in: &$0)
        }
        // Deep history re-enters the leaf.
        store.send(.power) { $0[Oven.mode] = .low }
        store.finish()
    }

    /// Forgetting that leaving `on` remembers its leaf: the diff shows the memory, which is
    /// why a later `resume` re-enters heating.
    @Test func aForgottenHistoryFailsWithTheMemoryInTheDiff() {
        let store = Store(table: Oven.table, context: Oven.Context())
        heatToHigh(store)
        let issues = capturingTestIssues {
            store.send(.pause) { $0[Oven.mode] = .paused }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -1,6 +1,6 @@
                 mode: paused
                 history:
                -  mode.on: never exited
                +  mode.on: high (in heating)
                 context:
                   label: "kitchen"
                 work:

                """
            ])
        store.finish()
    }

    /// Expecting deep history where the row's is shallow: the diff shows the active
    /// configuration, and the memory that shallow history re-entered the child of.
    @Test func aWrongRestoreFailsWithTheActiveConfigurationInTheDiff() {
        let store = Store(table: Oven.table, context: Oven.Context())
        heatToHigh(store)
        store.send(.pause) {
            $0[Oven.mode] = .paused
            Oven.table.remember(.high, for: .on, of: Oven.mode, in: &$0)
        }
        let issues = capturingTestIssues {
            store.send(.resume) { $0[Oven.mode] = .high }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -1,4 +1,4 @@
                -mode: high (in heating, on)
                +mode: low (in heating, on)
                 history:
                   mode.on: high (in heating)
                 context:

                """
            ])
        store.finish()
    }

    /// A state that differs from the expected one only in its history was "unequal but dumped
    /// the same"; the memory is now part of the dump.
    @Test func aStateThatDiffersOnlyInItsHistoryShowsTheDifference() {
        let store = Store(table: Oven.table, context: Oven.Context())
        heatToHigh(store)
        let issues = capturingTestIssues {
            store.send(.pause) {
                $0[Oven.mode] = .paused
                Oven.table.remember(.low, for: .on, of: Oven.mode, in: &$0)
            }
        }
        #expect(
            issues == [
                """
                The state changed differently than asserted (− expected, + actual):
                @@ -1,6 +1,6 @@
                 mode: paused
                 history:
                -  mode.on: low (in heating)
                +  mode.on: high (in heating)
                 context:
                   label: "kitchen"
                 work:

                """
            ])
        store.finish()
    }

    @Test func aFlatMachinesDumpHasNoHistoryAndNoAncestors() {
        let dump = StateDump(table: Lookup.table).dump(Lookup.table.initialState(context: Lookup.Context()))
        #expect(dump.hasPrefix("search: idle\ncontext:\n"))
        #expect(!dump.contains("history"))
    }

    @Test func theDumpNamesALeafAtTheTopOfARegionAlone() {
        var state = Oven.table.initialState(context: Oven.Context())
        Oven.table.remember(.idle, for: .on, of: Oven.mode, in: &state)
        #expect(StateDump(table: Oven.table).dump(state).hasPrefix("mode: off\nhistory:\n  mode.on: idle\ncontext:\n"))
        Oven.table.remember(nil, for: .on, of: Oven.mode, in: &state)
        #expect(Oven.table.remembered(.on, of: Oven.mode, in: state) == nil)
    }
}
