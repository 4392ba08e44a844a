/// A 64-bit hash of a state's words, the same in every run, in a few instructions a word: what
/// a search that keeps fingerprints only (exhaustive verification) hashes each state it reaches
/// with. `Hasher`, seeded anew in every process, spends some forty instructions a word and a
/// hundred more to finish.
///
/// Each word is mixed into the running state by SplitMix64's finalizer, a bijection whose every
/// output bit depends on every input bit: two sequences of words of the same length that differ
/// end up with fingerprints as far apart as random ones (which the chance of a collision a report
/// gives assumes). A list of words of varying length is combined after its count.
@usableFromInline
package struct FingerprintHasher {
    @usableFromInline var state: UInt64 = 0x243F_6A88_85A3_08D3

    /// A hasher that has combined nothing.
    @inlinable
    package init() {}

    /// Mixes `word` in.
    @inlinable @inline(__always)
    package mutating func combine(_ word: UInt64) {
        var mixed = state ^ word
        mixed = (mixed ^ (mixed &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed &>> 27)) &* 0x94D0_49BB_1331_11EB
        state = (mixed ^ (mixed &>> 31)) &+ 0x9E37_79B9_7F4A_7C15
    }

    /// Mixes `word` in, by its bits.
    @inlinable @inline(__always)
    package mutating func combine(_ word: Int) { combine(UInt64(UInt(bitPattern: word))) }

    /// Mixes `duration` in, by the two words its equality compares.
    @inlinable @inline(__always)
    package mutating func combine(_ duration: Duration) {
        combine(duration._low)
        combine(UInt64(bitPattern: duration._high))
    }

    /// The fingerprint of the words combined so far.
    @inlinable
    package func finalize() -> Int { Int(truncatingIfNeeded: state) }
}

extension ControlStates {
    /// Mixes the control states into `hasher`: the words their equality compares.
    @inlinable
    package func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.combine(bits)
        hasher.combine(_historyBits)
    }
}

extension WorkLedger {
    /// Mixes the ledger into `hasher`: the words its equality compares.
    @inlinable
    package func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.combine(timers.slots)
        hasher.combine(UInt64(timers.members))
        hasher.combine(pending.slots)
        hasher.combine(UInt64(pending.members))
        hasher.combine(delays)
    }
}
