import MachineCore
import MachineRuntime

/// A runtime's ``StateKey`` with its hash, computed once where the key is made (on any core), so
/// that the visited set, filled on one, does not hash the context again; or, for a search that
/// keeps fingerprints only, the hash alone (``StateKey/fingerprint(of:lateAnswers:ignoring:)``),
/// with no key built.
@usableFromInline
struct HashedKey<M: MachineDefinition>: Hashable, Sendable where M.Context: Hashable {
    /// The key, or `nil` when only the fingerprint is kept.
    @usableFromInline let key: StateKey<M>?
    /// The key's hash: also its 64-bit fingerprint.
    @usableFromInline let hash: Int

    /// The key of `runtime` with late answers as inputs, leaving out what `ignoring` sets; with
    /// `fingerprintOnly`, its fingerprint only. `contextHash` is the hash of the context with
    /// those fields left out (`StateKey.contextHash(of:ignoring:)`).
    @inlinable
    init(
        _ runtime: Runtime<M>, fingerprintOnly: Bool, ignoring: (@Sendable (inout M.Context) -> Void)?,
        contextHash: Int
    ) {
        if fingerprintOnly {
            key = nil
            hash = StateKey.fingerprint(of: runtime, lateAnswers: true, ignoring: ignoring, contextHash: contextHash)
        } else {
            let key = StateKey(runtime, lateAnswers: true, ignoring: ignoring, contextHash: contextHash)
            self.key = key
            hash = key.hashValue
        }
    }

    @inlinable
    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.key == b.key }

    @inlinable
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// The states a verification has visited: the states themselves, or only their 64-bit
/// fingerprints (their hashes), as TLC keeps them: 8 bytes a state, at the risk that two states
/// share a fingerprint and the second is taken for the first and never explored.
///
/// A fingerprint mixes in the context's `Hasher` hash, which Swift seeds anew in every process,
/// so which states would collide differs from run to run; without a collision, the report is the
/// same.
@usableFromInline
struct VisitedSet<M: MachineDefinition>: Sendable where M.Context: Hashable {
    @usableFromInline var states: Set<HashedKey<M>> = []
    @usableFromInline var prints = FingerprintSet()
    @usableFromInline let fingerprints: Bool

    @inlinable
    init(fingerprints: Bool) { self.fingerprints = fingerprints }

    @inlinable
    func contains(_ key: HashedKey<M>) -> Bool {
        fingerprints ? prints.contains(key.hash) : states.contains(key)
    }

    /// Adds `key`; whether it was new.
    @inlinable
    mutating func insert(_ key: HashedKey<M>) -> Bool {
        fingerprints ? prints.insert(key.hash) : states.insert(key).inserted
    }

    /// The bytes of the set's table: its capacity times the size of an entry (a fingerprint, or
    /// a key and its hash, not counting what the key's context holds on the heap).
    @inlinable
    var bytes: Int {
        fingerprints
            ? prints.capacity * MemoryLayout<Int>.stride : states.capacity * MemoryLayout<HashedKey<M>>.stride
    }
}
