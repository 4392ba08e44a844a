/// The character classes of XML 1.0 (fifth edition) the reader needs: which characters a
/// document may hold at all, which may begin or continue a name, and which are white space.
enum XMLCharacters {
    /// Whether `scalar` may appear in a document (XML §2.2 `Char`): tab, line feed, carriage
    /// return and every scalar from U+0020 except U+FFFE and U+FFFF. Other control characters,
    /// NUL among them, are refused wherever they appear, even as a character reference.
    static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }

    /// Whether `byte` is white space (XML §2.3 `S`): space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD
    }

    /// Whether `scalar` is white space (XML §2.3 `S`).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 && isWhitespace(UInt8(scalar.value))
    }

    /// Whether `text` is nothing but white space (or empty).
    static func isWhitespace(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isWhitespace)
    }

    /// Whether `scalar` may begin a name (XML §2.3 `NameStartChar`).
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF: true
        case 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF: true
        case 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x1_0000...0xE_FFFF: true
        default: false
        }
    }

    /// Whether `scalar` may continue a name (XML §2.3 `NameChar`).
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if isNameStart(scalar) { return true }
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }

    /// `byte` as `0xC3`.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    /// `scalar` as `U+0000`, at least four hexadecimal digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
