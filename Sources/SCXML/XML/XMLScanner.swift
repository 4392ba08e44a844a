/// A cursor over a document's bytes: it decodes UTF-8 one character at a time, refusing bytes that
/// are not UTF-8 and characters XML does not allow, normalizes line ends (XML §2.11: `\r\n` and a
/// lone `\r` are read as `\n`), and keeps the line and column of where it is.
///
/// Every byte of the document passes through ``nextCharacter()`` or, for markup the reader has
/// recognized as ASCII, through ``skip(_:)``, so no byte goes unchecked. The column counts
/// characters (Unicode scalars), from 1; a tab counts as one.
struct XMLScanner {
    /// The document.
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    private(set) var offset = 0
    /// The line of the next character, from 1.
    private(set) var line = 1
    /// The column of the next character, from 1.
    private(set) var column = 1

    /// A scanner at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Where the next character is.
    var location: SourceLocation { SourceLocation(line: line, column: column) }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The byte `ahead` bytes after the next one, or `nil` past the end.
    func peek(_ ahead: Int = 0) -> UInt8? {
        let index = offset + ahead
        return index < bytes.count ? bytes[index] : nil
    }

    /// Whether the bytes from the next one on begin with `literal` (ASCII).
    func hasPrefix(_ literal: String) -> Bool {
        var index = offset
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves past `literal`, which the caller has seen with ``hasPrefix(_:)``: ASCII without line
    /// ends, so each byte is one column.
    mutating func skip(_ literal: String) {
        let count = literal.utf8.count
        offset += count
        column += count
    }

    /// Moves past UTF-8's byte-order mark (EF BB BF) if the document begins with it: it is no
    /// character of the document and takes no column. Whether there was one.
    mutating func skipUTF8ByteOrderMark() -> Bool {
        guard offset == 0, peek() == 0xEF, peek(1) == 0xBB, peek(2) == 0xBF else { return false }
        offset = 3
        return true
    }

    /// Moves past white space; whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        var skipped = false
        while let byte = peek(), XMLCharacters.isWhitespace(byte) {
            // White space is ASCII: decoding it cannot fail.
            _ = try? nextCharacter()
            skipped = true
        }
        return skipped
    }

    /// The next character without moving past it; `nil` at the end. A line end is `\n`.
    func peekCharacter() throws(SCXMLError) -> Unicode.Scalar? {
        guard let (scalar, _) = try decode() else { return nil }
        return scalar.value == 0xD ? "\n" : scalar
    }

    /// Reads the next character; `nil` at the end. A line end (`\r\n`, `\r` or `\n`) is read as
    /// one `\n`.
    mutating func nextCharacter() throws(SCXMLError) -> Unicode.Scalar? {
        guard let (scalar, length) = try decode() else { return nil }
        offset += length
        switch scalar.value {
        case 0xD:
            if peek() == 0xA { offset += 1 }
            line += 1
            column = 1
            return "\n"
        case 0xA:
            line += 1
            column = 1
        default:
            column += 1
        }
        return scalar
    }

    /// The character at ``offset`` and how many bytes it takes, or `nil` at the end; throws for
    /// bytes that are not UTF-8 (overlong forms, surrogates and values past U+10FFFF included) and
    /// for characters XML does not allow.
    private func decode() throws(SCXMLError) -> (Unicode.Scalar, Int)? {
        guard offset < bytes.count else { return nil }
        let first = bytes[offset]
        let length: Int
        var value: UInt32
        // The range of the second byte: narrower after E0, ED, F0 and F4, which is what refuses
        // overlong forms, surrogates and values past U+10FFFF.
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0x00...0x7F:
            length = 1
            value = UInt32(first)
        case 0xC2...0xDF:
            length = 2
            value = UInt32(first & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(first & 0x0F)
            if first == 0xE0 { secondRange = 0xA0...0xBF }
            if first == 0xED { secondRange = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(first & 0x07)
            if first == 0xF0 { secondRange = 0x90...0xBF }
            if first == 0xF4 { secondRange = 0x80...0x8F }
        default:
            throw invalidUTF8(first)
        }
        for index in 1..<length {
            guard offset + index < bytes.count else {
                throw SCXMLError.malformed(
                    "invalid UTF-8: the document ends inside the character that byte \(XMLCharacters.hex(first)) begins",
                    at: location)
            }
            let byte = bytes[offset + index]
            let range: ClosedRange<UInt8> = index == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { throw invalidUTF8(first) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { throw invalidUTF8(first) }
        guard XMLCharacters.isCharacter(scalar) else {
            throw SCXMLError.malformed(
                "the character \(XMLCharacters.codePoint(scalar)) is not allowed in an XML document", at: location)
        }
        return (scalar, length)
    }

    /// The error for a character beginning with `byte` that is not UTF-8, where it begins.
    private func invalidUTF8(_ byte: UInt8) -> SCXMLError {
        .malformed("invalid UTF-8: the byte \(XMLCharacters.hex(byte)) does not begin a valid character", at: location)
    }
}
