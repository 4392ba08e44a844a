/// Text written as UTF-8 bytes: how values and transcripts are written piece by piece.
///
/// Appending a piece to a `String` costs some 300 instructions whatever its length (the
/// string's storage is checked, made unique, grown and flagged at each append); appending its
/// bytes to an array is a copy. Values and transcript entries are written into bytes and made
/// a `String` once, whole.
extension [UInt8] {
    /// Appends `text`'s UTF-8 bytes.
    @inlinable
    mutating func append(text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends a literal's UTF-8 bytes.
    @inlinable
    mutating func append(text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// The bytes as a string (they are always whole UTF-8: only strings' bytes are appended).
    @inlinable
    var text: String { String(decoding: self, as: UTF8.self) }
}
