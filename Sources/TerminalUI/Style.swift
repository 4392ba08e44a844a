/// How a cell is drawn: a colour and attributes. Colours are left out when the person asked for
/// none (`NO_COLOR`); bold and reverse video stay, as they are not colours.
package struct Style: Hashable, Sendable {
    /// The eight standard terminal colours.
    package enum Color: UInt8, Hashable, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    /// The text colour, or the terminal's own.
    package var color: Color?
    var isBold: Bool
    /// Text and background swapped: a highlighted line.
    package var isReversed: Bool

    /// A style; the terminal's own colour, neither bold nor reversed, by default.
    package init(color: Color? = nil, bold: Bool = false, reversed: Bool = false) {
        self.color = color
        self.isBold = bold
        self.isReversed = reversed
    }

    /// The terminal's own look.
    package static let plain = Style()
    /// Bold, in the terminal's colour.
    package static let bold = Style(bold: true)
    /// Reverse video, for a highlighted line.
    package static let reversed = Style(reversed: true)
}
