import Foundation

/// How names and queries are compared: lowercased, diacritics folded ("São Paulo" and "sao
/// paulo" are the same), every character that is not a letter or a digit a space, spaces
/// collapsed. The builder normalises names with the same function that normalises queries.
enum SearchText {
    /// Longest normalised query worth searching: no place name is longer.
    static let maximumLength = 200

    /// `text`, normalised.
    static func normalize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return normalizeASCII(text.utf8) }
        var folded = ""
        for scalar in text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .unicodeScalars
        {
            if let replacement = special[scalar] {
                folded += replacement
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                folded.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                folded.unicodeScalars.append(" ")
            }
        }
        return normalizeASCII(folded.utf8, keepingNonASCII: true)
    }

    /// Lowercases ASCII letters, turns other ASCII into spaces, collapses and trims spaces;
    /// non-ASCII bytes are kept when `keepingNonASCII` (they are letters by then).
    private static func normalizeASCII(_ bytes: String.UTF8View, keepingNonASCII: Bool = false) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            let mapped: UInt8?
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): mapped = byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): mapped = byte + 32
            case 0x80...: mapped = keepingNonASCII ? byte : nil
            default: mapped = nil
            }
            if let mapped {
                if pendingSpace, !result.isEmpty { result.append(UInt8(ascii: " ")) }
                pendingSpace = false
                result.append(mapped)
            } else {
                pendingSpace = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Letters that folding leaves alone but readers type in ASCII.
    private static let special: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ħ": "h", "Ħ": "h",
        "ŧ": "t", "Ŧ": "t", "ŋ": "n", "Ŋ": "n",
    ]
}
