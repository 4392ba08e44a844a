import Foundation

/// The files named on a command line (scripts, records): a path, or `-` for standard input.
enum InputFiles {
    /// The name `-` goes by in transcripts and messages.
    static let standardInputName = "<stdin>"

    /// The name `file` goes by in transcripts and messages.
    static func displayName(_ file: String) -> String { file == "-" ? standardInputName : file }

    /// The base name of `file`'s transcript or snapshot (`a/b.events` → `b`, `-` → `stdin`).
    static func baseName(_ file: String) -> String {
        file == "-" ? "stdin" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// Checks the list of scripts: at least one, and standard input at most once.
    static func check(_ files: [String]) throws(UsageError) {
        guard !files.isEmpty else { throw UsageError("missing <file>: name at least one event script (or - for standard input)") }
        guard files.filter({ $0 == "-" }).count <= 1 else { throw UsageError("standard input (-) can be read only once") }
    }

    /// The bytes of `file`, or of `standardInput` for `-`.
    static func read(_ file: String, standardInput: Int32) throws(ToolError) -> [UInt8] {
        if file == "-" { return try readAll(standardInput, file) }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(file, errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(file, errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw ToolError("cannot read '\(file)': it is a folder") }
        return try readAll(descriptor, file)
    }

    private static func readAll(_ descriptor: Int32, _ file: String) throws(ToolError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(file, errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func failure(_ file: String, _ code: Int32) -> ToolError {
        ToolError("cannot read '\(displayName(file))': \(String(cString: strerror(code)))")
    }
}
