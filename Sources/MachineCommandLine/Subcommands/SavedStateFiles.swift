import MachineCore
import MachineRuntime

/// How `replay` writes and reads saved states (`--save-state`, `--from-state`): given only for a
/// machine whose context and requests are `Codable`, so that other machines' tools need not be.
struct SavedStateFiles<M: MachineDefinition>: Sendable {
    /// The runtime's state as JSON.
    let save: @Sendable (Runtime<M>) throws(SavedStateError) -> [UInt8]
    /// A runtime restored from JSON, answering with the answerer, if any.
    let restore: @Sendable ([UInt8], TransitionTable<M>, Answerer<M>?) throws(SavedStateError) -> Runtime<M>
}

extension SavedStateFiles where M.Context: Codable, M.Request: Codable {
    /// Saved states as ``SavedState`` writes and reads them; a state that breaks one of
    /// `invariants` is refused.
    static func json(invariants: [Invariant<M>]) -> SavedStateFiles {
        SavedStateFiles(
            save: { runtime throws(SavedStateError) in try runtime.savedState.json() },
            restore: { bytes, table, answerer throws(SavedStateError) in
                try Runtime(
                    restoring: SavedState(json: bytes, table: table), table: table, invariants: invariants, answerer: answerer)
            })
    }
}
