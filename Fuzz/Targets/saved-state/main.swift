import AddressPicker
import AddressPickerScripting
import FuzzChecks
import MachineAnalysis
import MachineCore
import MachineRuntime

/// A saved state of the address picker: refused with a ``SavedStateError``, or restored into a
/// runtime that saves the same state, takes a few valid moves, and saves JSON that restores to
/// an equal state.
enum SavedStateRestore {
    static let table = AddressPicker.table
    static let explorer = AddressPicker.explorer(configuration: .samplePolicies)

    static func test(_ bytes: [UInt8]) {
        var runtime: Runtime<AddressPicker>
        do {
            let saved = try SavedState(json: bytes, table: table)
            runtime = try Runtime(restoring: saved, table: table)
            require(runtime.savedState == saved, "the restored runtime saves another state than it was restored from")
        } catch {
            require(!error.description.isEmpty, "an error without a description")
            return
        }
        var random = SplitMix64(seed: UInt64(bytes.count))
        for _ in 0..<4 {
            let input = explorer.nextMove(in: runtime, using: &random)
            do {
                _ = try runtime.apply(input)
            } catch {
                switch error {
                case .clockOverflow, .timerLoop: continue
                default: require(false, "a valid move \(input) failed: \(error)")
                }
            }
        }
        do {
            let json = try runtime.savedState.json()
            let again = try Runtime(restoring: SavedState(json: json, table: table), table: table)
            require(again.savedState == runtime.savedState, "a saved state restores to another one")
        } catch {
            require(false, "a restored runtime's state, after valid moves, does not save and restore: \(error)")
        }
    }
}

runFuzzer { data, size in
    SavedStateRestore.test(bytes(data, size))
    return 0
}
