import MachineCore

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
    var multiline: String {
        guard case .list(let values) = self, values.count > 1 else { return description }
        return "[\n" + values.map { "  \($0),\n" }.joined() + "]"
    }

    /// A number as the script language writes it (see `ValueText.number`).
    static func render(_ number: Double) -> String { ValueText.number(number) }

    /// A duration as a script writes it: in the largest unit that holds it whole (`2min`, `30s`,
    /// `300ms`), otherwise in milliseconds with a fraction (`1500ms`, `0.5ms`).
    public static func render(_ duration: Duration) -> String { ValueText.duration(duration) }

    /// A moment on the virtual clock in milliseconds (see `ValueText.milliseconds`).
    @usableFromInline package static func milliseconds(_ duration: Duration) -> String {
        ValueText.milliseconds(duration)
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
