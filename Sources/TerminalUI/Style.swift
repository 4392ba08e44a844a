/// How a cell is drawn: a colour and attributes. Colours are left out when the person asked for
/// none (`NO_COLOR`); bold and reverse video stay, as they are not colours.
public struct Style: Hashable, Sendable {
    /// The eight standard terminal colours.
    public enum Color: UInt8, Hashable, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    /// The text colour, or the terminal's own.
    public var color: Color?
    public var isBold: Bool
    /// Text and background swapped: a highlighted line.
    public var isReversed: Bool

    /// A style; the terminal's own colour, neither bold nor reversed, by default.
    public init(color: Color? = nil, bold: Bool = false, reversed: Bool = false) {
        self.color = color
        self.isBold = bold
        self.isReversed = reversed
    }

    /// The terminal's own look.
    public static let plain = Style()
    /// Bold, in the terminal's colour.
    public static let bold = Style(bold: true)
    /// Reverse video, for a highlighted line.
    public static let reversed = Style(reversed: true)
}
