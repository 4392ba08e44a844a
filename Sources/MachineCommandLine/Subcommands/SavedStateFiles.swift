import MachineCore
import MachineRuntime

/// How `replay` writes and reads saved states (`--save-state FILE`, `--from-state FILE`), given
/// to ``MachineCommandLine``'s `savedStates:`. There is one way, ``json``, and it can be named
/// only for a machine whose context and requests are `Codable`: other machines' tools have no
/// such options, and need not be `Codable`.
public struct SavedStateFiles<M: MachineDefinition>: Sendable {
    /// The runtime's state as JSON.
    let save: @Sendable (Runtime<M>) throws(SavedStateError) -> [UInt8]
    /// A runtime restored from JSON, answering with the provider, if any; a state that breaks
    /// one of the invariants is refused.
    let restore: @Sendable ([UInt8], TransitionTable<M>, [Invariant<M>], Provider<M>?) throws(SavedStateError) -> Runtime<M>
}

extension SavedStateFiles where M.Context: Codable, M.Request: Codable {
    /// Saved states as `SavedState` writes and reads them, as JSON. `--from-state` refuses a
    /// state that breaks one of the tool's invariants.
    public static var json: SavedStateFiles {
        SavedStateFiles(
            save: { runtime throws(SavedStateError) in try runtime.savedState.json() },
            restore: { bytes, table, invariants, provider throws(SavedStateError) in
                try Runtime(
                    restoring: SavedState(json: bytes, table: table), table: table, invariants: invariants, provider: provider)
            })
    }
}
