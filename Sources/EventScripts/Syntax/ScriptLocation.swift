/// A place in a script: line and column, both from 1; columns count Unicode scalars.
public struct ScriptLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in Unicode scalars.
    public let column: Int

    /// A location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Whether `lhs` comes before `rhs` in the script.
    public static func < (lhs: ScriptLocation, rhs: ScriptLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
