/// A script's bytes, read chunk by chunk: what ``ScriptChecker/check(reading:file:)`` checks
/// without holding the script whole, keeping only its program (``CheckedScript``).
///
/// A file conforms by reading itself from its start in chunks (a tool's reads a 64 KiB buffer at
/// a time); `[UInt8]` conforms as one chunk.
public protocol ScriptBytes {
    /// Calls `body` with the bytes in order, from the first, in chunks of any size (empty
    /// chunks are allowed).
    ///
    /// - Throws: what `body` throws, or an error reading the bytes.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws
}

extension Array: ScriptBytes where Element == UInt8 {
    /// Calls `body` once, with the whole array.
    public func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withUnsafeBytes { try body($0) }
    }
}
