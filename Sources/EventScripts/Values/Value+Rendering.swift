extension Value: CustomStringConvertible {
    /// The value as a script writes it: deterministic, and parseable back to an equal value.
    public var description: String {
        var text = ""
        write(into: &text)
        return text
    }

    /// Appends the value as ``description`` writes it to `text`.
    func write(into text: inout String) {
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
                value.write(into: &text)
            }
            text += "]"
        case .constructed(let name, let arguments):
            text += name
            if arguments.isEmpty { return }
            text += "("
            var first = true
            for argument in arguments {
                // A labelled argument left at nil is not shown.
                if argument.showsLabel, case .null = argument.value { continue }
                if !first { text += ", " }
                first = false
                if argument.showsLabel { text += argument.label + ": " }
                argument.value.write(into: &text)
            }
            text += ")"
        }
    }

    /// The value as ``description`` writes it, but a list of two or more values over several
    /// lines, one element per line.
    package var multiline: String {
        guard case .list(let values) = self, values.count > 1 else { return description }
        return "[\n" + values.map { "  \($0),\n" }.joined() + "]"
    }

    /// A number as the script language writes it: the shortest digits that read back to the same
    /// `Double` (as Swift prints it), always in positional notation, since scripts have no
    /// exponents: `1e-07` is written `0.0000001`, `1e+16` is `10000000000000000.0`.
    static func render(_ number: Double) -> String {
        guard number != 0 else { return "0.0" }
        let text = number.description
        guard number.isFinite, text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
            let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...])
        else { return text }
        let mantissa = text[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        let unsigned = mantissa.drop { $0 == "-" }
        let integerDigits = unsigned.prefix { $0 != "." }
        let digits = Array(integerDigits + unsigned.dropFirst(integerDigits.count + 1))
        // The decimal point goes after `point` digits (which may be before the first or after the last).
        let point = integerDigits.count + exponent
        if point <= 0 {
            return sign + "0." + String(repeating: "0", count: -point) + String(digits)
        }
        if point >= digits.count {
            return sign + String(digits) + String(repeating: "0", count: point - digits.count) + ".0"
        }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }

    /// A duration as a script writes it: in the largest unit that holds it whole (`2min`, `30s`,
    /// `300ms`), otherwise in milliseconds with a fraction (`1500ms`, `0.5ms`).
    public static func render(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds == 0, seconds != 0 else { return milliseconds(duration) }
        return seconds % 60 == 0 ? String(seconds / 60) + "min" : String(seconds) + "s"
    }

    /// A moment on the virtual clock in milliseconds (`300ms`, `1500ms`, `0.5ms`): the unit of a
    /// transcript's time column, so that times line up and compare at a glance.
    @usableFromInline package static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let wholeMilliseconds = attoseconds / 1_000_000_000_000_000
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (milliseconds, overflowAgain) = scaled.addingReportingOverflow(wholeMilliseconds)
        if attoseconds % 1_000_000_000_000_000 == 0, !overflow, !overflowAgain {
            return String(milliseconds) + "ms"
        }
        // A fraction of a millisecond, or more milliseconds than an Int64 holds.
        return render(Double(seconds) * 1000 + Double(attoseconds) / 1e15) + "ms"
    }

    /// A string literal with the script's escapes.
    package static func quoted(_ string: String) -> String {
        let escaped: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        if !string.utf8.contains(where: escaped) { return "\"" + string + "\"" }
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
