import EventScripts
import Foundation

/// A text stream to a file descriptor, buffered so that a long transcript costs few writes.
///
/// A failed write (a full disk, `/dev/full`, a closed descriptor) never traps: the stream keeps
/// the first error, drops what it cannot write, and ``finish(_:)`` reports it as a ``ToolError``.
/// Get one from ``Invocation/standardOutput`` or ``Invocation/write(to:_:)``.
public struct BufferedOutput: TextOutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first write that failed.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends `string`.
    public mutating func write(_ string: String) {
        write(bytes: string.utf8)
    }

    /// Appends `bytes` as they are.
    public mutating func write<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends what `body` writes into the buffer: text already in bytes (a transcript's
    /// entry) goes in with no string made for it.
    mutating func append(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Flushes, and throws when any write failed; `destination` names it in the message
    /// (`cannot write standard output: No space left on device`).
    public mutating func finish(_ destination: String) throws(ToolError) {
        flush()
        if let failure { throw ToolError("cannot write \(destination): \(String(cString: strerror(failure)))") }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        if let error = Self.writeAll(buffer, to: descriptor) { failure = error }
    }

    /// Writes every byte, retrying after interruptions and short writes; the `errno` of a failure.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }
}
