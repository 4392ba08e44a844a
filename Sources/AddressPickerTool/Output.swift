import Foundation

/// A text stream to a file descriptor, buffered so that a long transcript costs few writes.
struct BufferedOutput: TextOutputStream {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(_ handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
    }

    static var standardOutput: BufferedOutput { BufferedOutput(.standardOutput) }
    static var standardError: BufferedOutput { BufferedOutput(.standardError) }

    mutating func write(_ string: String) {
        write(bytes: string.utf8)
    }

    mutating func write<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    mutating func close() throws {
        flush()
        try handle.close()
    }
}

/// A file written through a temporary sibling and moved into place only when complete, so a
/// failed run never leaves a half-written file behind.
struct AtomicFile {
    let destination: URL
    let temporary: URL
    var output: BufferedOutput

    init(_ path: String) throws {
        destination = URL(fileURLWithPath: path)
        temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw ToolError("cannot write '\(temporary.path)'")
        }
        output = BufferedOutput(try FileHandle(forWritingTo: temporary))
    }

    /// Moves the finished file into place.
    mutating func commit() throws {
        try output.close()
        // rename(2) replaces the destination atomically.
        guard rename(temporary.path, destination.path) == 0 else {
            throw ToolError("cannot move the transcript to '\(destination.path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Deletes the unfinished file.
    mutating func discard() {
        try? output.close()
        try? FileManager.default.removeItem(at: temporary)
    }
}

/// A failure of the tool itself (a file it cannot read or write): exit code 2.
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Prints `text` to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
