extension Value: CustomStringConvertible {
    /// The value as a script writes it: deterministic, and parseable back to an equal value.
    public var description: String {
        var text = ""
        render(into: &text)
        return text
    }

    func render(into text: inout String) {
        switch self {
        case .string(let string): text += Value.quoted(string)
        case .number(let number): text += Value.render(number)
        case .integer(let integer): text += String(integer)
        case .duration(let duration): text += Value.render(duration)
        case .bool(let bool): text += bool ? "true" : "false"
        case .null: text += "nil"
        case .name(let name): text += name
        case .list(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += ", " }
                value.render(into: &text)
            }
            text += "]"
        case .constructed(let name, let arguments):
            text += name
            let shown = arguments.filter { !($0.showsLabel && $0.value == .null) }
            if shown.isEmpty && arguments.isEmpty { return }
            text += "("
            for (index, argument) in shown.enumerated() {
                if index > 0 { text += ", " }
                if argument.showsLabel { text += argument.label + ": " }
                argument.value.render(into: &text)
            }
            text += ")"
        }
    }

    /// The value as ``description`` writes it, but a list of two or more values over several
    /// lines, one element per line.
    public var multiline: String {
        guard case .list(let values) = self, values.count > 1 else { return description }
        return "[\n" + values.map { "  \($0),\n" }.joined() + "]"
    }

    /// A number as Swift prints a `Double`: the shortest text that reads back to the same value.
    static func render(_ number: Double) -> String {
        number == 0 ? "0.0" : number.description
    }

    /// A duration in milliseconds (`300ms`, `1500ms`, `0.5ms`).
    public static func render(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let wholeMilliseconds = attoseconds / 1_000_000_000_000_000
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (milliseconds, overflowAgain) = scaled.addingReportingOverflow(wholeMilliseconds)
        if attoseconds % 1_000_000_000_000_000 == 0, !overflow, !overflowAgain {
            return "\(milliseconds)ms"
        }
        // A fraction of a millisecond, or more milliseconds than an Int64 holds.
        return "\(Double(seconds) * 1000 + Double(attoseconds) / 1e15)ms"
    }

    /// A string literal with the script's escapes.
    public static func quoted(_ string: String) -> String {
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + string + "\""
        }
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
