/// A failure of the tool itself rather than of its input, such as a file it cannot read or
/// write: printed after `error: `; exit status 74 (``ExitCode/cannotReadOrWrite``).
public struct ToolError: Error, CustomStringConvertible, Sendable {
    /// What failed and why (`cannot write 'out.dot': No space left on device`).
    public let description: String

    /// A tool error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
