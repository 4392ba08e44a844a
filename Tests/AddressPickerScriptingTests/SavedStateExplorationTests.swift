import AddressPicker
import AddressPickerScripting
import Foundation
import MachineAnalysis
import MachineCore
import MachineRuntime
import ScriptTestSupport
import Testing

/// The picker saved and restored mid-run: random exploration (the explorer's own moves), a save
/// through the JSON text and a restore at random points, and the restored runtime takes the same
/// moves as the original; every step and the end must be the same. Every state a run reaches
/// restores with the picker's invariants checked: none is refused.
@Suite("Saving and restoring the address picker") struct SavedStateExplorationTests {
    @Test(arguments: [AddressPicker.Configuration(), .samplePolicies])
    func randomMovesGoOnTheSameAfterARestore(configuration: AddressPicker.Configuration) throws {
        let explorer = AddressPicker.explorer(configuration: configuration)
        let table = explorer.table
        var random = SplitMix64(seed: 2026)
        let moves = TestDepth.count(deep: 100_000, quick: 20_000)
        var original = Runtime(table: table, state: explorer.initial)
        var restored = original
        var episodeMoves = 0
        var restores = 0
        var pendingAtRestore = 0
        var timersAtRestore = 0
        for move in 0..<moves {
            if episodeMoves >= explorer.maximumEpisodeLength || table.finalState(of: original.state.controls) != nil {
                original = Runtime(table: table, state: explorer.initial)
                restored = original
                episodeMoves = 0
            }
            if random.below(40) == 0 {
                let bytes = try original.savedState.json()
                restored = try Runtime(
                    restoring: SavedState(json: bytes, table: table), table: table, invariants: AddressPicker.invariants)
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
            restores > moves / 50 && pendingAtRestore > moves / 200 && timersAtRestore > moves / 333,
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
            (#""duplicateDistance":10,"#, #""duplicateDistance":1e300,"#, "is not from 0 to"),
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

    /// A runtime of the picker after `inputs`, saved as JSON text.
    static func saved(
        after inputs: [Input<AddressPicker>], configuration: AddressPicker.Configuration = .init()
    ) throws
        -> String
    {
        var runtime = Runtime(
            table: AddressPicker.table, state: AddressPicker.initialState(AddressPicker.Context(configuration: configuration)))
        for input in inputs { _ = try runtime.apply(input) }
        return String(decoding: try runtime.savedState.json(), as: UTF8.self)
    }

    /// Restores `text` with the picker's invariants; the problem when it is refused as inconsistent.
    static func refusal(of text: String) throws -> String? {
        let saved = try SavedState(json: Array(text.utf8), table: AddressPicker.table)
        // Without the invariants, the edit is accepted: what refuses it is the invariant.
        _ = try Runtime(restoring: saved, table: AddressPicker.table)
        do {
            _ = try Runtime(restoring: saved, table: AddressPicker.table, invariants: AddressPicker.invariants)
            return nil
        } catch SavedStateError.inconsistent(let field, let problem) {
            #expect(field == "state")
            return problem
        }
    }

    static func moved() throws -> AddressPicker.Event {
        .regionChanged(
            MapRegion(
                center: try Coordinate(latitude: 40.71, longitude: -74.0),
                span: try Span(latitudeDelta: 0.05, longitudeDelta: 0.05)),
            byUser: true)
    }

    /// Defect: a saved state whose running debounce was deleted restored, and the map stayed
    /// `settling` for ever.
    @Test func aWaitingStateWithoutItsTimerIsRefused() throws {
        let text = try Self.saved(after: [.send(try Self.moved())])
        let tampered = text.replacing(/"timers":\[[^\]]*\]/, with: #""timers":[]"#)
        #expect(tampered != text)
        let problem = try #require(try Self.refusal(of: tampered))
        #expect(problem.contains("map is settling but regionDebounce is not running"), "\(problem)")
    }

    /// Defect: a map set to `geocoding` with no request in flight restored.
    @Test func aWaitingStateWithoutItsRequestIsRefused() throws {
        let text = try Self.saved(after: [.send(.appeared), .respond(.address, ordinal: nil, .addressFailed("offline"))])
        let tampered = text.replacingOccurrences(of: #""map":"idle""#, with: #""map":"geocoding""#)
        #expect(tampered != text)
        let problem = try #require(try Self.refusal(of: tampered))
        #expect(problem.contains("map is geocoding but no address request is in flight"), "\(problem)")
    }

    /// Defect: an edited geocode interval that put the cooldown out of step restored.
    @Test func aCooldownOutOfStepWithTheIntervalIsRefused() throws {
        var configuration = AddressPicker.Configuration()
        configuration.geocodeInterval = .seconds(1)
        let text = try Self.saved(
            after: [.send(.appeared), .respond(.address, ordinal: nil, .addressFailed("offline")), .advance(.milliseconds(200))],
            configuration: configuration)
        let tampered = text.replacingOccurrences(
            of: #""geocodeInterval":[0,1000000000000000000]"#, with: #""geocodeInterval":[0,0]"#)
        #expect(tampered != text)
        let problem = try #require(try Self.refusal(of: tampered))
        #expect(problem.contains("geocodeCooldown runs"), "\(problem)")
    }

    /// Defect: with `"query":"Apple","query":"Pear"` the restore read `Apple`, where other
    /// readers read `Pear`. A key written twice, however it is spelled, is corrupt.
    @Test(arguments: [#""query":"Pear""#, #""\u0071uery":"Pear""#])
    func aKeyWrittenTwiceIsCorrupt(second: String) throws {
        let text = try Self.saved(after: [.send(.searchActivated), .send(.queryChanged("Apple"))])
        #expect(text.contains(#""query":"Apple""#))
        let twice = text.replacingOccurrences(of: #""query":"Apple""#, with: #""query":"Apple","# + second)
        #expect {
            try SavedState(json: Array(twice.utf8), table: AddressPicker.table)
        } throws: { error in
            guard case SavedStateError.corrupt(let problem) = error else { return false }
            return problem.contains(#"the key "query" is written twice in one object"#)
        }
    }
}
