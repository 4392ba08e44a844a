import Foundation

/// A file the tool writes (`--output`, `-o`), the way users expect of a command-line tool:
/// - a new name or a regular file is written to a temporary sibling and moved into place only
///   when complete, so a failed run (a full disk, an invalid script, an interruption) never
///   leaves a half-written file or a temporary one behind; a replaced file keeps its permissions;
/// - a symbolic link is written through: its target is replaced the same way, the link stays;
/// - a device, a pipe or a socket (`/dev/stdout`, a FIFO) is written to directly, never replaced;
/// - a folder, or a name in a missing folder, is an error before anything is written.
struct OutputFile {
    /// What to write; checked by ``commit()``.
    var output: BufferedOutput
    /// The path as the user gave it, for messages.
    let path: String
    private let destination: String
    private let temporary: String?
    private var descriptor: Int32

    /// Opens `path` for writing (see the type's documentation for what each kind of path does).
    init(_ path: String) throws(ToolError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw ToolError("cannot write '\(path)': it is a folder")
            case S_IFREG:
                guard let resolved = realpath(path, nil) else { throw Self.error(path, errno) }
                destination = String(cString: resolved)
                free(resolved)
            default:
                // Opened by its own name: /dev/stdout leads to a pipe that has no path.
                destination = path
                descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Self.error(path, errno) }
                temporary = nil
                output = BufferedOutput(descriptor: descriptor)
                return
            }
        } else if errno == ENOENT {
            destination = try Self.followingLinks(path)
        } else {
            throw Self.error(path, errno)
        }
        let name = URL(fileURLWithPath: destination)
        let folder = name.deletingLastPathComponent().path
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw ToolError("cannot write '\(path)': the folder '\(folder)' does not exist")
        }
        let temporary = "\(folder)/.\(name.lastPathComponent).\(getpid()).tmp"
        unlink(temporary)  // left by an earlier process with the same id, if any
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.error(path, errno) }
        if info.st_mode & S_IFMT == S_IFREG { fchmod(descriptor, info.st_mode & 0o7777) }
        self.temporary = temporary
        TemporaryFile.register(temporary)
        output = BufferedOutput(descriptor: descriptor)
    }

    /// Finishes the file: moves it into place, or throws (and removes it) when a write failed.
    mutating func commit() throws(ToolError) {
        output.flush()
        let failure = output.failure ?? (close(descriptor) == 0 ? nil : errno)
        descriptor = -1
        if let failure {
            discard()
            throw Self.error(path, failure)
        }
        guard let temporary else { return }
        // rename(2) replaces the destination atomically.
        guard rename(temporary, destination) == 0 else {
            let failure = errno
            discard()
            throw Self.error(path, failure)
        }
        TemporaryFile.unregister()
    }

    /// Abandons the file: nothing is written to the destination and no temporary file stays.
    mutating func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary {
            unlink(temporary)
            TemporaryFile.unregister()
        }
    }

    /// Checks that `path` can be written, as opening it does, and leaves it as it was: for an
    /// output written only after a long or interactive run, so that a folder or a missing
    /// folder is an error before the run rather than after it.
    static func check(_ path: String) throws(ToolError) {
        var file = try OutputFile(path)
        file.discard()
    }

    /// Writes `path` with `body`, committed when `body` returns `true`, discarded otherwise or
    /// when it throws.
    static func write(_ path: String, _ body: (inout BufferedOutput) throws -> Bool) throws {
        var file = try OutputFile(path)
        let keep: Bool
        do {
            keep = try body(&file.output)
        } catch {
            file.discard()
            throw error
        }
        if keep { try file.commit() } else { file.discard() }
    }

    /// A path that does not exist yet, with its symbolic links followed: a dangling link gives
    /// the path it points to.
    private static func followingLinks(_ path: String) throws(ToolError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw error(path, errno) }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                target.hasPrefix("/")
                ? target : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw ToolError("cannot write '\(path)': too many levels of symbolic links")
    }

    private static func error(_ path: String, _ code: Int32) -> ToolError {
        ToolError("cannot write '\(path)': \(String(cString: strerror(code)))")
    }
}
