/// A mistake on the command line: printed after `error: `, followed by the subcommand's usage
/// line (not its whole help); exit status 64 (``ExitCode/usage``).
public struct UsageError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, for the person who typed it (`--limit takes a whole number from 1 to 10, not 'x'`).
    public let message: String

    /// A usage error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
