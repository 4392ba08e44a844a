extension String {
    /// Whether the two strings hold the same Unicode scalars, with no normalisation (as script
    /// values compare): two strings of the same representation (the same storage, or the same
    /// small string) at once, otherwise their UTF-8 compared where the strings keep it, one byte
    /// at a time when they keep none. Swift's `==` takes canonically equivalent strings as equal
    /// ("é" precomposed, and "e" with a combining accent); a vocabulary that compares its context
    /// in code of its own (``ScriptVocabulary/changedFields(from:to:into:)``) compares strings
    /// with this.
    @inlinable
    public func hasSameScalars(as other: String) -> Bool {
        // A field that did not change holds the same string before and after a step.
        if hasSameRepresentation(self, other) { return true }
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

/// Whether the strings `a` and `b` are the same bits: then they hold the same scalars (the same
/// native storage, which no one can change while both share it, or the same small string, whose
/// bits are its contents); a `false` says nothing. For strings only: for a type whose `==` is not
/// by its bits (a floating-point `nan`), the same bits would not mean equal.
@inlinable
func hasSameRepresentation(_ a: String, _ b: String) -> Bool {
    withUnsafeBytes(of: a) { a in
        withUnsafeBytes(of: b) { b in
            var offset = 0
            while offset &+ 8 <= a.count {
                guard
                    a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset &+= 8
            }
            while offset < a.count {
                guard a[offset] == b[offset] else { return false }
                offset &+= 1
            }
            return true
        }
    }
}
