/// A script's bytes that can be read more than once, chunk by chunk: what a streamed replay
/// checks in one pass and replays in a second (``ScriptChecker/check(reading:file:)``,
/// the player's `play(_:on:into:onStep:)` of a ``CheckedScript``), holding neither the script nor its program.
///
/// A file conforms by reading itself from its start in chunks (a tool's reads a 64 KiB buffer at
/// a time); `[UInt8]` conforms as one chunk.
public protocol ScriptBytes {
    /// Calls `body` with the bytes in order, from the first, in chunks of any size (empty
    /// chunks are allowed); each call reads the script again from its start.
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
