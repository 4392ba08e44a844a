import Foundation

/// The file descriptors a run reads as standard input and writes as standard output and
/// standard error: the process's own by default, others when a tool is run in process (by its
/// tests, say).
public struct StandardStreams: Sendable {
    /// Where `-` reads from.
    public var input: Int32
    /// Where results go.
    public var output: Int32
    /// Where errors, diagnostics and progress go.
    public var error: Int32

    /// The streams on the given descriptors, the process's own unless named.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, error: Int32 = STDERR_FILENO) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The process's standard input, output and error.
    public static let process = StandardStreams()

    /// Prints `text` as a line to standard error; a failure to write there is ignored, as there
    /// is nowhere left to report it.
    func printError(_ text: String) {
        _ = BufferedOutput.writeAll(Array((text.hasSuffix("\n") ? text : text + "\n").utf8), to: error)
    }

    /// Prints `text` and a newline to standard output; a failed write is a ``ToolError``, never a
    /// silent loss.
    func print(_ text: String) throws(ToolError) {
        var stream = BufferedOutput(descriptor: output)
        stream.write(text + "\n")
        try stream.finish("standard output")
    }

    /// Prints help or version text: success, or 74 when standard output cannot be written.
    func show(_ text: String) -> ExitCode {
        do {
            try print(text)
            return .success
        } catch {
            printError("error: \(error)")
            return .cannotReadOrWrite
        }
    }
}
