extension Invocation {
    /// Writes `script`, which reproduces a broken invariant, to `path` and says how to replay it:
    /// `explore` and `verify` end this way. Exit 1, or 74 when the file cannot be written (the
    /// script is then printed, so that it is not lost).
    func writeViolationScript(_ script: String, to path: String, tool: String) -> ExitCode {
        do {
            try write(to: path) { $0.write(script) }
        } catch {
            printError("error: \(error); the script is:\n\(script)")
            return .cannotReadOrWrite
        }
        printError("wrote \(path); replay it:\n  \(tool) replay \(path)")
        return .failure
    }
}
