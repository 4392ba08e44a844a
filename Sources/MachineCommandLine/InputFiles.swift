import EventScripts
import Foundation

/// The files named on a command line (scripts, records): a path, or `-` for standard input.
package enum InputFiles {
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

    /// The most bytes read whole from one input: a file read at once (a saved state, a record, a
    /// gazetteer source) from standard input, a pipe, a device or a regular file. Beyond it the
    /// input is refused rather than held (`/dev/zero` would otherwise take every byte of memory).
    /// A script is never read whole: it is checked as it is read (``script(_:standardInput:)``).
    static let largestWholeInput = 512 << 20

    /// The bytes of `file`, or of `standardInput` for `-`, at most ``largestWholeInput`` of them.
    static func read(_ file: String, standardInput: Int32) throws(ToolError) -> [UInt8] {
        guard let bytes = try read(file, standardInput: standardInput, atMost: largestWholeInput) else {
            throw ToolError(
                "cannot read '\(displayName(file))': it is longer than \(largestWholeInput >> 20) MiB, the most read whole")
        }
        return bytes
    }

    /// The bytes of `file`, or of `standardInput` for `-`, or `nil` when it holds more than
    /// `limit` of them, of which no more is read than a chunk past the limit: for an input
    /// refused past a size of its own (an SCXML document).
    ///
    /// - Throws: a ``ToolError`` naming the file when it cannot be read or is a folder.
    package static func read(
        _ file: String, standardInput: Int32 = STDIN_FILENO, atMost limit: Int
    ) throws(ToolError) -> [UInt8]? {
        if file == "-" { return try readAll(standardInput, file, atMost: limit) }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(file, errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(file, errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw ToolError("cannot read '\(file)': it is a folder") }
        return try readAll(descriptor, file, atMost: limit)
    }

    /// The script `file`, or standard input for `-`, read 64 KiB at a time as it is checked, so
    /// that a long script is never held whole (only its program is): a regular file from its
    /// start each time it is read, standard input, a pipe or a device once.
    static func script(_ file: String, standardInput: Int32) throws(ToolError) -> any ScriptBytes {
        if file == "-" { return ScriptInput(file, descriptor: standardInput, isRegular: false, closes: false) }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(file, errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(file, code)
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else {
            close(descriptor)
            throw ToolError("cannot read '\(file)': it is a folder")
        }
        return ScriptInput(file, descriptor: descriptor, isRegular: type == S_IFREG, closes: true)
    }

    /// A script read in chunks from a file descriptor: a regular file's from its start each time
    /// it is read; a stream's (standard input, a pipe, a device) once, since what was read from
    /// it is gone.
    final class ScriptInput: ScriptBytes {
        let file: String
        let descriptor: Int32
        /// Whether the descriptor is a regular file's, which can be read again from its start.
        let isRegular: Bool
        /// Whether the descriptor is closed with the script (not standard input's).
        let closes: Bool
        /// Whether a stream was read already.
        private var wasRead = false

        init(_ file: String, descriptor: Int32, isRegular: Bool, closes: Bool) {
            self.file = file
            self.descriptor = descriptor
            self.isRegular = isRegular
            self.closes = closes
        }

        deinit { if closes { close(descriptor) } }

        func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
            guard isRegular || !wasRead else {
                throw ToolError("cannot read '\(InputFiles.displayName(file))' again: it is a stream, read once")
            }
            wasRead = true
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var offset: off_t = 0
            while true {
                let count = chunk.withUnsafeMutableBytes { buffer in
                    isRegular
                        ? pread(descriptor, buffer.baseAddress, buffer.count, offset)
                        : Foundation.read(descriptor, buffer.baseAddress, buffer.count)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw InputFiles.failure(file, errno)
                }
                if count == 0 { return }
                offset += off_t(count)
                try chunk.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            }
        }
    }

    private static func readAll(_ descriptor: Int32, _ file: String, atMost limit: Int) throws(ToolError) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(file, errno)
            }
            if count == 0 { return bytes }
            guard count <= limit - bytes.count else { return nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func failure(_ file: String, _ code: Int32) -> ToolError {
        ToolError("cannot read '\(displayName(file))': \(String(cString: strerror(code)))")
    }
}
