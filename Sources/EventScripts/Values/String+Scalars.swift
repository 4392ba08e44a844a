extension String {
    /// Whether the two strings hold the same Unicode scalars, with no normalisation, as script
    /// values compare: Swift's `==` takes canonically equivalent strings as equal ("é"
    /// precomposed, and "e" with a combining accent), where a transcript must show the change.
    @inlinable
    func hasSameScalars(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
