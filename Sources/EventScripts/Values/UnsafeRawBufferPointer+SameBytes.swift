extension UnsafeRawBufferPointer {
    /// Whether these bytes and `other`'s are the same in `range`. Word by word, then byte by
    /// byte: a transcript compares every context field at every step.
    @inlinable
    func hasSameBytes(as other: UnsafeRawBufferPointer, in range: Range<Int>) -> Bool {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            let word = loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard word == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < range.upperBound {
            guard self[offset] == other[offset] else { return false }
            offset += 1
        }
        return true
    }
}
