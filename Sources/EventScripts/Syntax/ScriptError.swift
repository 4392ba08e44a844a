/// Why a script is invalid, and where: the file, line and column, and what was expected.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script's path as given.
    public var file: String
    /// Where the problem is.
    public let location: ScriptLocation
    /// What is wrong, and what was expected.
    public let message: String
    /// The text of the offending line, when it is known and printable.
    package var sourceLine: String?

    /// An error at `location`.
    public init(_ message: String, at location: ScriptLocation, file: String = "", sourceLine: String? = nil) {
        self.message = message
        self.location = location
        self.file = file
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, then the line with a caret under the column.
    public var description: String {
        var text = "\(file):\(location.line):\(location.column): error: \(message)"
        if let sourceLine, sourceLine.unicodeScalars.count <= 200 {
            text +=
                "\n    \(sourceLine)\n    \(Self.indent(under: sourceLine.unicodeScalars.prefix(max(0, location.column - 1))))^"
        }
        return text
    }

    /// What lines the caret up under the text after `scalars` in a terminal: a tab for a tab, no
    /// space for a combining mark, a joiner or a skin-tone modifier, two for a wide (East Asian)
    /// character or emoji, one for any other.
    /// Columns count Unicode scalars, which a terminal does not draw one cell each.
    static func indent(under scalars: Substring.UnicodeScalarView) -> String {
        var indent = ""
        for scalar in scalars {
            // Marks, joiners and selectors, and skin-tone modifiers, draw no cell of their own.
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: if scalar.properties.isEmojiModifier { continue }
            }
            if scalar == "\t" {
                indent.append("\t")
            } else {
                indent.append(isWide(scalar) ? "  " : " ")
            }
        }
        return indent
    }

    /// Whether a terminal draws `scalar` two cells wide: the blocks of East Asian wide and
    /// full-width characters, and emoji drawn as pictures.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default: scalar.properties.isEmojiPresentation
        }
    }
}
