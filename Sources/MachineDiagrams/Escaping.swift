/// Escaping for the contexts a drawing or a report writes text from tables, scripts and
/// vocabularies into: HTML and SVG text and attribute values.
package enum Escaping {
    /// `text` safe as HTML or SVG text and as a double- or single-quoted attribute value.
    package static func html(_ text: String) -> String { escape(text, quotes: true) }

    /// `text` safe as HTML text between tags (not in an attribute): quotes stay as they are,
    /// which keeps long timelines small.
    package static func text(_ text: String) -> String { escape(text, quotes: false) }

    private static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            default:
                // Control characters other than tab and line feed are not allowed in HTML text.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" || scalar.value == 0x7F {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` for an XML comment, which may not contain `--`.
    package static func comment(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "-", result.hasSuffix("-") { result.append(" ") }
            result.append(character)
        }
        return result
    }
}
