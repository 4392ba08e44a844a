/// A place in a script: line and column, both from 1; columns count Unicode scalars.
public struct ScriptLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: ScriptLocation, rhs: ScriptLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
