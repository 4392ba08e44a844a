import MachineCore

extension Value: CustomStringConvertible {
    /// The value as a script writes it: deterministic, and parseable back to an equal value.
    public var description: String {
        var text: [UInt8] = []
        write(into: &text)
        return text.text
    }

    /// Appends the value as ``description`` writes it to `text`.
    func write(into text: inout [UInt8]) {
        switch self {
        case .string(let string): Value.writeQuoted(string, into: &text)
        case .number(let number): text.append(text: Value.render(number))
        case .integer(let integer): text.append(text: String(integer))
        case .duration(let duration): text.append(text: Value.render(duration))
        case .bool(let bool): text.append(text: bool ? "true" : "false")
        case .null: text.append(text: "nil")
        case .name(let name): text.append(text: name)
        case .list(let values):
            text.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { text.append(text: ", ") }
                value.write(into: &text)
            }
            text.append(UInt8(ascii: "]"))
        case .constructed(let name, let arguments):
            text.append(text: name)
            if arguments.isEmpty { return }
            text.append(UInt8(ascii: "("))
            var first = true
            for argument in arguments {
                // A labelled argument left at nil is not shown.
                if argument.showsLabel, case .null = argument.value { continue }
                if !first { text.append(text: ", ") }
                first = false
                if argument.showsLabel {
                    text.append(text: argument.label)
                    text.append(text: ": ")
                }
                argument.value.write(into: &text)
            }
            text.append(UInt8(ascii: ")"))
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
        var text: [UInt8] = []
        writeQuoted(string, into: &text)
        return text.text
    }

    /// Appends `string` as a string literal with the script's escapes.
    static func writeQuoted(_ string: String, into text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        let escaped: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard string.utf8.contains(where: escaped) else {
            text.append(text: string)
            text.append(UInt8(ascii: "\""))
            return
        }
        // Byte by byte: every byte escaped is ASCII, and a character's other bytes are not.
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): text.append(text: "\\\"")
            case UInt8(ascii: "\\"): text.append(text: "\\\\")
            case UInt8(ascii: "\n"): text.append(text: "\\n")
            case UInt8(ascii: "\t"): text.append(text: "\\t")
            case 0..<0x20, 0x7F: text.append(text: "\\u{\(String(byte, radix: 16, uppercase: true))}")
            default: text.append(byte)
            }
        }
        text.append(UInt8(ascii: "\""))
    }
}
