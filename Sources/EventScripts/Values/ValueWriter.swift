/// Writes a value's text, as ``Value/description`` writes it, straight from a Swift value: what a
/// ``ValueShape``'s `render` writes a transcript's changed fields with, without making the
/// ``Value`` (a tree of lists and arguments, made, written and freed at every step).
///
/// A writer puts together the pieces of the script's syntax; each piece is written as
/// ``Value/description`` writes it:
///
/// ```swift
/// // center(40.725, -73.9987), as Value.constructed("center", [...]).description writes it
/// writer.punctuation("center(")
/// writer.number(coordinate.latitude)
/// writer.punctuation(", ")
/// writer.number(coordinate.longitude)
/// writer.punctuation(")")
/// ```
///
/// A shape's `render` must write exactly what its `encode` gives, as ``Value/description``
/// writes it (a labelled argument left at `nil` is not shown; a constructor with no arguments
/// is its name alone): transcripts are compared byte for byte. Test it on the values the
/// machine holds: `shape.text(of: value)` (see ``ValueShape/text(of:)``) must be
/// `shape.encode(value).description`, byte for byte.
public struct ValueWriter {
    /// Where the text goes.
    @usableFromInline let text: UTF8Text

    /// A writer appending to `text`.
    @usableFromInline
    init(_ text: UTF8Text) {
        self.text = text
    }

    /// Writes `value` as ``Value/description`` does: for the parts a shape does not write
    /// itself.
    public func write(_ value: Value) {
        value.render(into: text)
    }

    /// Writes a string literal: `"Apple"`, with the script's escapes.
    public func string(_ string: String) {
        Value.string(string).render(into: text)
    }

    /// Writes a number as the script language writes it: `40.725`, `0.0`, `10000000000000000.0`.
    public func number(_ number: Double) {
        text.write(number: number)
    }

    /// Writes a whole number: `3`.
    public func integer(_ integer: Int) {
        text.write(integer: integer)
    }

    /// Writes a duration in milliseconds: `300ms`.
    public func duration(_ duration: Duration) {
        text.write(duration: duration)
    }

    /// Writes `true` or `false`.
    public func bool(_ bool: Bool) {
        text.write(literal: bool ? "true" : "false")
    }

    /// Writes `nil`.
    public func null() {
        text.write(literal: "nil")
    }

    /// Writes a name as it is: an enumeration's case, a control state, a constructor's name.
    public func name(_ name: String) {
        text.write(name)
    }

    /// Writes `text` as it is: a constructor's name and parenthesis, a comma and a space between
    /// arguments or elements, a bracket, a label and its colon.
    public func punctuation(_ text: StaticString) {
        self.text.write(literal: text)
    }
}
