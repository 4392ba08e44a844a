import AddressPicker
import AddressPickerScripting
import Foundation
import MachineCore
import MachineExploration
import MachineRuntime
import Testing

/// The picker saved and restored mid-run: random exploration (the explorer's own moves), a save
/// through the JSON text and a restore at random points, and the restored runtime takes the same
/// moves as the original; every step and the end must be the same.
@Suite("Saving and restoring the address picker") struct SavedStateExplorationTests {
    @Test(arguments: [AddressPicker.Configuration(), .samplePolicies])
    func oneHundredThousandRandomMovesGoOnTheSameAfterARestore(configuration: AddressPicker.Configuration) throws {
        let explorer = AddressPicker.explorer(configuration: configuration)
        let table = explorer.table
        var random = SplitMix64(seed: 2026)
        var original = Runtime(table: table, state: explorer.initial)
        var restored = original
        var episodeMoves = 0
        var restores = 0
        var pendingAtRestore = 0
        var timersAtRestore = 0
        for move in 0..<100_000 {
            if episodeMoves >= explorer.maximumEpisodeLength || table.finalState(of: original.state.controls) != nil {
                original = Runtime(table: table, state: explorer.initial)
                restored = original
                episodeMoves = 0
            }
            if random.below(40) == 0 {
                let bytes = try original.savedState.json()
                restored = try Runtime(restoring: SavedState(json: bytes, table: table), table: table)
                #expect(restored.savedState == original.savedState)
                restores += 1
                pendingAtRestore += original.pendingRequests.count
                timersAtRestore += original.timers.count
            }
            let input = explorer.nextMove(in: original, using: &random)
            episodeMoves += 1
            let expected = try original.apply(input)
            let actual = try restored.apply(input)
            guard Self.same(expected, actual), original.now == restored.now, original.timers == restored.timers else {
                Issue.record("move \(move) (\(input)) differs after a restore")
                return
            }
        }
        #expect(original.savedState == restored.savedState)
        #expect(
            restores > 2_000 && pendingAtRestore > 500 && timersAtRestore > 300,
            "restores \(restores) with \(pendingAtRestore) requests in flight and \(timersAtRestore) timers")
    }

    /// Whether two runs of steps did the same: times, rows, commands and states.
    static func same(_ a: [RuntimeStep<AddressPicker>], _ b: [RuntimeStep<AddressPicker>]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.time == y.time && x.result?.firedRows == y.result?.firedRows && x.commands == y.commands
                    && x.before == y.before && x.after == y.after
            }
    }

    @Test func aHostilePickerContextIsRefusedNamingTheField() throws {
        var runtime = Runtime(table: AddressPicker.table, state: AddressPicker.initialState())
        _ = try runtime.send(.appeared)
        let text = String(decoding: try runtime.savedState.json(), as: UTF8.self)
        let edits: [(String, String, String)] = [
            (#""latitude":40.7"#, #""latitude":140.7"#, "latitude 140.7 is outside -90...90"),
            (#""minimumQueryLength":1"#, #""minimumQueryLength":0"#, "0 is not from 1 to"),
            (#""completionCache":0"#, #""completionCache":-1"#, "-1 is not from 0 to"),
            (#""duplicateDistance":10.0"#, #""duplicateDistance":1e300"#, "is not from 0 to"),
            (#""searchDebounce":[0,300000000000000000]"#, #""searchDebounce":[-1,0]"#, "is not from 0 to 24 hours"),
        ]
        for (from, to, fragment) in edits {
            #expect(text.contains(from), "\(from)")
            let bad = text.replacingOccurrences(of: from, with: to)
            #expect {
                try SavedState(json: Array(bad.utf8), table: AddressPicker.table)
            } throws: { error in
                guard case SavedStateError.corrupt(let problem) = error else { return false }
                return problem.contains(fragment) && problem.hasPrefix("at ")
            }
        }
    }
}
