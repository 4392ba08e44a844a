extension Value: CustomStringConvertible {
    /// The value as a script writes it: deterministic, and parseable back to an equal value.
    public var description: String {
        let text = UTF8Text()
        render(into: text)
        return text.string
    }

    /// Writes the value as ``description`` does, into `text` (a transcript's entry directly,
    /// with no string of its own).
    func render(into text: UTF8Text) {
        switch self {
        case .string(let string):
            if Value.needsEscapes(string) {
                text.write(Value.quoted(string))
            } else {
                text.write(literal: "\"")
                text.write(string)
                text.write(literal: "\"")
            }
        case .number(let number): text.write(number: number)
        case .integer(let integer): text.write(integer: integer)
        case .duration(let duration): text.write(duration: duration)
        case .bool(let bool): text.write(bool ? "true" : "false")
        case .null: text.write(literal: "nil")
        case .name(let name): text.write(name)
        case .list(let values):
            text.write(literal: "[")
            // From the list's storage, each element rendered where it is.
            values.withUnsafeBufferPointer { values in
                for index in values.indices {
                    if index > 0 { text.write(literal: ", ") }
                    values[index].render(into: text)
                }
            }
            text.write(literal: "]")
        case .constructed(let name, let arguments):
            text.write(name)
            if arguments.isEmpty { return }
            text.write(literal: "(")
            var first = true
            arguments.withUnsafeBufferPointer { arguments in
                for index in arguments.indices {
                    // A labelled argument left at nil is not shown.
                    if arguments[index].showsLabel, case .null = arguments[index].value { continue }
                    if !first { text.write(literal: ", ") }
                    first = false
                    if arguments[index].showsLabel {
                        text.write(arguments[index].label)
                        text.write(literal: ": ")
                    }
                    arguments[index].value.render(into: text)
                }
            }
            text.write(literal: ")")
        }
    }

    /// Writes `(ARGUMENTS)` as a ``constructed(_:_:)`` value of `values`, arguments of
    /// `parameters` (their labels and whether they show them), writes its arguments, without
    /// making the value.
    static func renderArguments(_ parameters: [Parameter], _ values: [Value], into text: UTF8Text) {
        text.write(literal: "(")
        var first = true
        for index in values.indices {
            let showsLabel = parameters[index].showsLabel
            // A labelled argument left at nil is not shown.
            if showsLabel, case .null = values[index] { continue }
            if !first { text.write(literal: ", ") }
            first = false
            if showsLabel {
                text.write(parameters[index].label)
                text.write(literal: ": ")
            }
            values[index].render(into: text)
        }
        text.write(literal: ")")
    }

    /// The value as ``description`` writes it, but a list of two or more values over several
    /// lines, one element per line.
    public var multiline: String {
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

    /// A duration in milliseconds (`300ms`, `1500ms`, `0.5ms`).
    public static func render(_ duration: Duration) -> String {
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

    /// Whether `string` holds a character that a string literal escapes: read from the string's
    /// storage where it can be, one byte at a time otherwise.
    static func needsEscapes(_ string: String) -> Bool {
        func escaped(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }
        return string.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where escaped(byte) { return true }
            return false
        } ?? string.utf8.contains(where: escaped)
    }

    /// A string literal with the script's escapes.
    public static func quoted(_ string: String) -> String {
        if !needsEscapes(string) { return "\"" + string + "\"" }
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
