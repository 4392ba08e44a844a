import Foundation

/// The bytes of a gazetteer file, read in place for as long as a gazetteer uses them: the file
/// linked into the binary, which lives as long as the process and is never copied, or a copy
/// that this object owns and frees.
///
/// Unchecked `Sendable`: the bytes are never written after `init`.
final class GazetteerBytes: @unchecked Sendable {
    let buffer: UnsafeRawBufferPointer
    private let copy: UnsafeMutableRawBufferPointer?

    /// Bytes that outlive every gazetteer: the file linked into the binary.
    init(linked buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
        copy = nil
    }

    /// A copy of `bytes`, aligned for the file's columns and bound to `UInt8` like the linked file.
    init(copying bytes: some ContiguousBytes) {
        let copy = bytes.withUnsafeBytes { source in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: GazetteerFormat.alignment)
            copy.bindMemory(to: UInt8.self)
            copy.copyMemory(from: source)
            return copy
        }
        self.copy = copy
        buffer = UnsafeRawBufferPointer(copy)
    }

    deinit { copy?.deallocate() }
}
