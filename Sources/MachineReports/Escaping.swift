/// Escaping for the three contexts a report writes text from scripts and vocabularies into:
/// HTML and SVG text and attribute values, and JSON inside a `<script>` element.
enum Escaping {
    /// `text` safe as HTML or SVG text and as a double- or single-quoted attribute value.
    static func html(_ text: String) -> String { escape(text, quotes: true) }

    /// `text` safe as HTML text between tags (not in an attribute): quotes stay as they are,
    /// which keeps long timelines small.
    static func text(_ text: String) -> String { escape(text, quotes: false) }

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

    /// `text` as a JSON string literal that is also safe inside a `<script>` element: `<`, `>`
    /// and `&` are written as `\u` escapes, so no `</script>` or `<!--` can end or change the
    /// element, and so are U+2028 and U+2029, which end a line in older JavaScript.
    static func scriptJSON(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
