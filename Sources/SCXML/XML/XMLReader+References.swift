/// Attribute values and references: the five predefined entities and character references are
/// the only references read, since no DTD is read to declare any other.
extension XMLReader {
    /// Reads a quoted attribute value, replacing references and normalizing white space as XML
    /// §3.3.3 does for an attribute of no declared type: each tab or line end becomes a space
    /// (a tab or line end written as a character reference stays itself).
    mutating func readAttributeValue() throws(SCXMLError) -> String {
        let location = scanner.location
        guard let quote = scanner.peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw .malformed("expected a quoted attribute value", at: location)
        }
        _ = try scanner.nextCharacter()
        var value = ""
        while true {
            guard let byte = scanner.peek() else {
                throw .malformed("the attribute value is not closed", at: location)
            }
            if byte == quote {
                _ = try scanner.nextCharacter()
                return value
            }
            if byte == UInt8(ascii: "<") {
                throw .malformed("'<' is not allowed in an attribute value: write &lt;", at: scanner.location)
            }
            if byte == UInt8(ascii: "&") {
                value.unicodeScalars.append(try readReference())
                continue
            }
            guard let character = try scanner.nextCharacter() else { continue }
            value.unicodeScalars.append(character == "\n" || character == "\t" ? " " : character)
        }
    }

    /// Reads a reference at `&`: `&lt;`, `&gt;`, `&amp;`, `&apos;`, `&quot;`, `&#DIGITS;` or
    /// `&#xHEX;` (of a character XML allows), and returns the character it stands for. Any other
    /// entity is refused: without a DTD none is declared, and entities are what XXE and
    /// "billion laughs" documents are made of.
    mutating func readReference() throws(SCXMLError) -> Unicode.Scalar {
        let location = scanner.location
        let start = scanner.offset
        scanner.skip("&")
        if scanner.hasPrefix("#") {
            return try readCharacterReference(at: location, from: start)
        }
        let name = try readName("an entity name after '&'")
        guard scanner.hasPrefix(";") else {
            throw .malformed("the reference &\(name) is not closed with ';'", at: location)
        }
        scanner.skip(";")
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "apos": return "'"
        case "quot": return "\""
        default:
            throw .malformed(
                "the entity reference \(SCXMLError.quoted("&\(name);")) is refused: only &lt; &gt; &amp; &apos; &quot; and character references are read",
                at: location)
        }
    }

    /// Reads a character reference after `&`; `start` is the offset of the `&`. Digits are
    /// counted, not accumulated, once the value is past U+10FFFF, so no number of digits
    /// overflows.
    private mutating func readCharacterReference(
        at location: SourceLocation, from start: Int
    ) throws(SCXMLError)
        -> Unicode.Scalar
    {
        scanner.skip("#")
        let isHexadecimal = scanner.hasPrefix("x")
        if isHexadecimal { scanner.skip("x") }
        let radix: UInt32 = isHexadecimal ? 16 : 10
        var value: UInt32 = 0
        var isTooBig = false
        var digitCount = 0
        while let byte = scanner.peek(), let digit = Self.digit(byte, hexadecimal: isHexadecimal) {
            _ = try scanner.nextCharacter()
            digitCount += 1
            if !isTooBig {
                value = value * radix + digit
                isTooBig = value > 0x10_FFFF
            }
        }
        guard digitCount > 0 else {
            throw .malformed("a character reference needs \(isHexadecimal ? "hexadecimal " : "")digits", at: location)
        }
        guard scanner.hasPrefix(";") else {
            throw .malformed("the character reference is not closed with ';'", at: location)
        }
        scanner.skip(";")
        let written = SCXMLError.quoted(String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self))
        guard !isTooBig, let scalar = Unicode.Scalar(value), XMLCharacters.isCharacter(scalar) else {
            throw .malformed("the character reference \(written) is not a character XML allows", at: location)
        }
        return scalar
    }

    /// The value of `byte` as a decimal (or hexadecimal) digit, or `nil`.
    private static func digit(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
