/// A key a person pressed, decoded from the bytes a terminal sends (see ``KeyDecoder``).
package enum Key: Hashable, Sendable {
    /// A character to type: a letter, a digit, punctuation, a space, any Unicode character.
    case text(Character)
    case enter, escape, backspace, tab, delete
    case up, down, left, right, home, end, pageUp, pageDown
    /// A letter pressed with Control (`control("c")` for Ctrl-C), lower-cased.
    case control(Character)
}
