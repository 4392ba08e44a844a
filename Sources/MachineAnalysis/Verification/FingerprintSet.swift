/// The fingerprints a search has met, in a table of their own: open addressing with linear
/// probing over a power-of-two number of slots, at most three quarters full.
///
/// A fingerprint is a hash already (``StateKey/fingerprint(of:lateAnswers:ignoring:contextHash:)``),
/// so its low bits are its slot: `Set<Int>` would hash it again, with `Hasher`, at every lookup.
/// The table grows as `Set` does (it doubles when a fingerprint would fill it past three
/// quarters), so its ``capacity`` is the one `Set` would have, and so are the bytes a report gives.
@usableFromInline
struct FingerprintSet: Sendable {
    /// The slots; 0 marks an empty one.
    @usableFromInline var slots: [UInt64] = []
    /// How many fingerprints the set holds.
    @usableFromInline var count = 0
    /// Whether it holds the fingerprint 0, which no slot can (0 marks an empty slot).
    @usableFromInline var holdsZero = false

    @inlinable
    init() {}

    /// How many fingerprints the set holds before it grows: three quarters of its slots.
    @inlinable
    var capacity: Int { slots.count * 3 / 4 }

    /// Whether the set holds `fingerprint`.
    @inlinable
    func contains(_ fingerprint: Int) -> Bool {
        let print = UInt64(UInt(bitPattern: fingerprint))
        guard print != 0 else { return holdsZero }
        return !slots.isEmpty && slots[slot(of: print)] == print
    }

    /// Adds `fingerprint`; whether it was new.
    @inlinable
    mutating func insert(_ fingerprint: Int) -> Bool {
        let print = UInt64(UInt(bitPattern: fingerprint))
        var slot = 0
        if print == 0 {
            guard !holdsZero else { return false }
        } else if !slots.isEmpty {
            slot = self.slot(of: print)
            if slots[slot] == print { return false }
        }
        // The fingerprint 0 counts as one in a slot, so that the set grows as `Set` would. The
        // slot found above stands unless the table grows.
        if count == capacity {
            grow()
            if print != 0 { slot = self.slot(of: print) }
        }
        if print == 0 { holdsZero = true } else { slots[slot] = print }
        count += 1
        return true
    }

    /// The slot that holds `print`, or the empty slot where it would go.
    @inlinable
    func slot(of print: UInt64) -> Int {
        let mask = slots.count &- 1
        var slot = Int(truncatingIfNeeded: print) & mask
        while slots[slot] != print && slots[slot] != 0 { slot = (slot &+ 1) & mask }
        return slot
    }

    /// Doubles the slots (two at first) and puts every fingerprint back.
    @usableFromInline
    mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: Swift.max(2, old.count * 2))
        for print in old where print != 0 { slots[slot(of: print)] = print }
    }
}
