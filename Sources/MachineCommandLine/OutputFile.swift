import EventScripts
import Foundation
import ScriptFiles

/// A file the tool writes (`--output`, `-o`), the way users expect of a command-line tool:
/// - a new name or a regular file is replaced as EventScripts' `ReplacedFile` replaces one (as
///   snapshot references are): written to a temporary sibling and moved into place only when
///   complete, so a failed run (a full disk, an invalid script, an interruption) never leaves a
///   half-written file or a temporary one behind; a replaced file keeps its permissions;
/// - a symbolic link is written through: its target is replaced the same way, the link stays;
/// - a device, a pipe or a socket (`/dev/stdout`, a FIFO) is written to directly, never replaced;
/// - a folder, or a name in a missing folder, is an error before anything is written
///   (`Invocation.write(to:_:)` creates missing folders first);
/// - `-` is an error: where it means standard output, the caller writes there instead.
struct OutputFile {
    /// What to write; checked by ``commit()``.
    var output: BufferedOutput
    /// The path as the user gave it, for messages.
    let path: String
    /// The file replaced, or `nil` for a device, a pipe or a socket, written directly.
    private var replaced: ReplacedFile?
    /// The device's descriptor, when the path is one.
    private var deviceDescriptor: Int32

    /// Opens `path` for writing (see the type's documentation for what each kind of path does).
    init(_ path: String) throws(ToolError) {
        self.path = path
        try Self.refuseDash(path)
        var info = stat()
        var existing: stat?
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw ToolError("cannot write '\(path)': it is a folder")
            case S_IFREG:
                existing = info
            default:
                // Opened by its own name: /dev/stdout leads to a pipe that has no path.
                deviceDescriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard deviceDescriptor >= 0 else { throw Self.error(path, errno) }
                replaced = nil
                output = BufferedOutput(descriptor: deviceDescriptor)
                return
            }
        } else if errno != ENOENT {
            throw Self.error(path, errno)
        }
        do {
            let file = try ReplacedFile(path, existing: existing)
            replaced = file
            deviceDescriptor = -1
            output = BufferedOutput(descriptor: file.descriptor)
        } catch {
            throw ToolError("cannot write '\(path)': \(error.reason)")
        }
    }

    /// Finishes the file: moves it into place, or throws (and removes it) when a write failed.
    mutating func commit() throws(ToolError) {
        output.flush()
        guard var file = replaced else {
            let failure = output.failure ?? (close(deviceDescriptor) == 0 ? nil : errno)
            deviceDescriptor = -1
            if let failure { throw Self.error(path, failure) }
            return
        }
        replaced = nil
        do {
            try file.commit(failure: output.failure)
        } catch {
            throw ToolError("cannot write '\(path)': \(error.reason)")
        }
    }

    /// Abandons the file: nothing is written to the destination and no temporary file stays.
    mutating func discard() {
        if var file = replaced {
            file.discard()
            replaced = nil
        } else if deviceDescriptor >= 0 {
            close(deviceDescriptor)
            deviceDescriptor = -1
        }
    }

    /// Checks that `path` can be written, as opening it does, and leaves it as it was: for an
    /// output written only after a long or interactive run, so that a folder or a missing
    /// folder is an error before the run rather than after it.
    /// A device, a pipe or a socket is only checked for permission, never opened: opening a
    /// FIFO would wait for a reader, and closing it would hand the reader an end of file.
    static func check(_ path: String) throws(ToolError) {
        try refuseDash(path)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            guard access(path, W_OK) == 0 else { throw Self.error(path, errno) }
            return
        }
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

    /// Creates the folders `path` is in when they are missing (`out/x.dot` creates `out`).
    static func createFolders(for path: String) throws(ToolError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ToolError("cannot create the folder '\(folder)' for '\(path)': \(error.localizedDescription)")
        }
    }

    /// `-` is standard output where a tool can write there (`Invocation.write(to:_:)`); here,
    /// where it cannot, it would name a file called `-`.
    private static func refuseDash(_ path: String) throws(ToolError) {
        guard path != "-" else { throw ToolError("cannot write '-' here: name a file (./- for one called -)") }
    }

    private static func error(_ path: String, _ code: Int32) -> ToolError {
        ToolError("cannot write '\(path)': \(String(cString: strerror(code)))")
    }
}
