extension String {
    /// Whether the two strings hold the same Unicode scalars, with no normalisation (as script
    /// values compare): their UTF-8 compared where the strings keep it, one byte at a time
    /// otherwise. Swift's `==` takes canonically equivalent strings as equal ("é" precomposed,
    /// and "e" with a combining accent); a vocabulary that compares its context in code of its
    /// own (``ScriptVocabulary/changedFields(from:to:into:)``) compares strings with this.
    @inlinable
    public func hasSameScalars(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
