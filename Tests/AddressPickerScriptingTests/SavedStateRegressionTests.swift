import AddressPicker
import Foundation
import MachineRuntime
import Testing

/// Saved states the coverage-guided fuzzer (`Scripts/fuzz saved-state`) found breaking a property,
/// kept in Regressions/ as it saved them.
@Suite("Saved states that once broke a property") struct SavedStateRegressionTests {
    /// A version 1 file (no history) was read as format 1, so the runtime restored from it saved
    /// another state (format 2): it is now read as the current format holds it.
    @Test func aVersionOneFileRestoresToARuntimeThatSavesTheSameState() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Regressions/saved-state-format-1.json")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"format\":1"))
        let saved = try SavedState(json: bytes, table: AddressPicker.table)
        #expect(saved.format == SavedState<AddressPicker>.formatVersion)
        let runtime = try Runtime(restoring: saved, table: AddressPicker.table)
        #expect(runtime.savedState == saved)
    }
}
