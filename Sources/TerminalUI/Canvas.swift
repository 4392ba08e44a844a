/// A frame being drawn: a grid of cells, each a character and a style, written to the terminal
/// at once (``ansi(colors:)``). Drawing past an edge is clipped, never an error.
///
/// A character that takes two columns on a terminal (CJK ideographs, most emoji) fills two
/// cells, so that what follows it stays in its column.
package struct Canvas: Sendable {
    /// The size of the frame.
    package let size: TerminalSize
    /// The characters, row after row; `nil` is the second half of a wide character.
    private var characters: [Character?]
    private var styles: [Style]

    /// A blank frame of `size`.
    package init(size: TerminalSize) {
        self.size = size
        characters = Array(repeating: " ", count: size.columns * size.rows)
        styles = Array(repeating: .plain, count: size.columns * size.rows)
    }

    /// Writes `text` from `column` of `row`, on one line, in `style`, clipped to the frame and to
    /// `width` cells when given. Returns the column after the last cell written.
    @discardableResult
    package mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: Style = .plain, width: Int? = nil) -> Int
    {
        guard row >= 0, row < size.rows else { return column }
        let end = min(size.columns, width.map { column + max(0, $0) } ?? size.columns)
        var column = column
        for character in text {
            let cells = Self.isWide(character) ? 2 : 1
            guard column + cells <= end else { break }
            let printable: Character =
                character.isNewline || character.unicodeScalars.first.map({ $0.value < 0x20 }) == true ? " " : character
            if column >= 0 {
                let index = row * size.columns + column
                clearHalf(at: index)
                characters[index] = printable
                styles[index] = style
                if cells == 2 {
                    clearHalf(at: index + 1)
                    characters[index + 1] = nil
                    styles[index + 1] = style
                }
            }
            column += cells
        }
        return column
    }

    /// Fills `width` cells of `row` from `column` with `character` in `style`.
    package mutating func fill(row: Int, column: Int, width: Int, with character: Character = " ", style: Style = .plain) {
        guard width > 0 else { return }
        put(String(repeating: character, count: width), row: row, column: column, style: style, width: width)
    }

    /// The character drawn at a cell (a space for the second half of a wide character).
    package func character(row: Int, column: Int) -> Character {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return " " }
        return characters[row * size.columns + column] ?? " "
    }

    /// The style of a cell.
    package func style(row: Int, column: Int) -> Style {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return .plain }
        return styles[row * size.columns + column]
    }

    /// The text of every row, as a person reads it (each wide character once).
    package var lines: [String] {
        (0..<size.rows).map { row in
            String(characters[(row * size.columns)..<((row + 1) * size.columns)].compactMap { $0 })
        }
    }

    /// The frame as the bytes that draw it over the whole screen: each row positioned, then its
    /// cells with their styles, colours left out unless `colors`. Nothing is cleared first, so
    /// a redraw does not flicker.
    package func ansi(colors: Bool) -> String {
        var text = ""
        text.reserveCapacity(size.columns * size.rows + size.rows * 12)
        for row in 0..<size.rows {
            text += "\u{1B}[\(row + 1);1H\u{1B}[0m"
            var current = Style.plain
            for index in (row * size.columns)..<((row + 1) * size.columns) {
                let style = styles[index]
                if style != current {
                    text += Self.sequence(for: style, colors: colors)
                    current = style
                }
                if let character = characters[index] { text.append(character) }
            }
        }
        return text + "\u{1B}[0m"
    }

    /// The select-graphic-rendition sequence that sets `style` from scratch.
    private static func sequence(for style: Style, colors: Bool) -> String {
        var codes = ["0"]
        if style.isBold { codes.append("1") }
        if style.isReversed { codes.append("7") }
        if colors, let color = style.color { codes.append(String(30 + Int(color.rawValue))) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// Overwriting half of a wide character blanks its other half.
    private mutating func clearHalf(at index: Int) {
        if characters[index] == nil, index > 0 { characters[index - 1] = " " }
        if index + 1 < characters.count, characters[index + 1] == nil, characters[index] != nil,
            Self.isWide(characters[index] ?? " ")
        {
            characters[index + 1] = " "
        }
    }

    /// Whether a terminal draws `character` two columns wide: East Asian wide and full-width
    /// characters, and the emoji blocks.
    package static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value, scalar >= 0x1100 else { return false }
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
