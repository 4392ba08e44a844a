import EventScripts

/// One run of a subcommand: what it was given, and where it reads and writes.
///
/// A subcommand reads, prints and writes files through its invocation, never through the
/// process's descriptors directly, so that a tool runs the same in its process and in its
/// tests' (``MachineCommandLine/run(arguments:environment:streams:)``).
public struct Invocation: Sendable {
    /// The tool's name, for messages that tell what to run next (`sign-in replay out.events`).
    public let tool: String
    /// The options and positional arguments given.
    public let arguments: ParsedArguments
    /// The environment variables the run sees.
    public let environment: [String: String]
    /// Where standard input, output and error go.
    public let streams: StandardStreams

    /// A buffered stream to standard output; end it with
    /// `finish("standard output")`, which reports a failed write.
    public var standardOutput: BufferedOutput { BufferedOutput(descriptor: streams.output) }

    /// Prints `text` and a newline to standard output.
    ///
    /// - Throws: a ``ToolError`` when it cannot be written (a full disk). A pipe closed by its
    ///   reader (`| head -1`) ends the process by `SIGPIPE`, as it does any Unix tool, with
    ///   status 141 and without a message; a file it was writing is removed.
    public func print(_ text: String) throws(ToolError) {
        try streams.print(text)
    }

    /// Prints `text` as a line to standard error (a failure to write there is ignored, as there
    /// is nowhere left to report it).
    public func printError(_ text: String) {
        streams.printError(text)
    }

    /// The bytes of `file`, or of standard input for `-`: at most 512 MiB, so that an endless
    /// input (`/dev/zero`, a pipe that never ends) is refused rather than held.
    ///
    /// - Throws: a ``ToolError`` naming the file when it cannot be read, is a folder or is
    ///   longer than 512 MiB.
    public func read(_ file: String) throws(ToolError) -> [UInt8] {
        try InputFiles.read(file, standardInput: streams.input)
    }

    /// The script `file`, or standard input for `-`, to check as it is read, in chunks, never
    /// held whole (standard input, a pipe or a device can be read only once).
    ///
    /// - Throws: a ``ToolError`` naming the file when it cannot be opened or is a folder.
    func script(_ file: String) throws(ToolError) -> any ScriptBytes {
        try InputFiles.script(file, standardInput: streams.input)
    }

    /// Writes the file at `path` with what `body` writes, atomically: a new or regular file is
    /// written to a temporary sibling and moved into place when `body` returns, so a failure
    /// (`body` throws, the disk is full) never leaves a half-written or temporary file. A
    /// symbolic link is written through (its target is replaced, the link stays); a device or
    /// a pipe (`/dev/stdout`) is written to directly; a folder is refused before anything is
    /// written. Missing folders on the way are created (`-o out/pager.dot` creates `out`).
    ///
    /// `-` is standard output, as for `diagram -o -`.
    ///
    /// - Throws: what `body` throws, or a ``ToolError`` when the file cannot be written.
    public func write(to path: String, _ body: (inout BufferedOutput) throws -> Void) throws {
        if path == "-" {
            var output = standardOutput
            try body(&output)
            try output.finish("standard output")
            return
        }
        try OutputFile.createFolders(for: path)
        try OutputFile.write(path) { output in
            try body(&output)
            return true
        }
    }

    /// Checks that ``write(to:_:)`` could write `path` (not a folder, permitted), creating its
    /// missing folders, without writing it: for an output written only after a long or
    /// interactive run, so that the run does not end in an error it could have started with.
    ///
    /// - Throws: a ``ToolError`` naming the path.
    public func checkWritable(_ path: String) throws(ToolError) {
        guard path != "-" else { return }
        try OutputFile.createFolders(for: path)
        try OutputFile.check(path)
    }
}
