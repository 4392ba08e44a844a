import EventScripts
import Foundation

/// A file written in place the way users expect of a tool, the one way this package replaces a
/// file (a tool's `--output`, a snapshot's reference):
/// - the bytes go to a temporary sibling, moved over the destination only when complete, so a
///   failure (a full disk, an interruption) never leaves a half-written file or the temporary
///   one; a replaced file keeps its permissions;
/// - a symbolic link is written through: its target is replaced, the link stays (a dangling link
///   creates its target);
/// - the temporary file is registered with ``TemporaryFile``, so a signal removes it.
///
/// For a path that is a regular file or does not exist yet; a caller refuses folders and writes
/// to devices directly.
package struct ReplacedFile {
    /// The file replaced: the path given, its links followed.
    let destination: String
    /// The temporary sibling written first.
    let temporary: String
    /// The temporary file, open for writing.
    package private(set) var descriptor: Int32

    /// Why a file cannot be replaced.
    package enum Failure: Error {
        /// A system call failed with this error number.
        case system(Int32)
        /// The folder the file would be in does not exist.
        case missingFolder(String)
        /// The path's links lead on too long (a loop).
        case tooManyLinks

        /// What went wrong, for a message that names the file first.
        package var reason: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .missingFolder(let folder): "the folder '\(folder)' does not exist"
            case .tooManyLinks: "too many levels of symbolic links"
            }
        }
    }

    /// Opens a temporary file to replace `path` with; `existing` is what `stat(path)` found, if
    /// anything (a regular file).
    package init(_ path: String, existing: stat?) throws(Failure) {
        if existing != nil {
            guard let resolved = realpath(path, nil) else { throw .system(errno) }
            destination = String(cString: resolved)
            free(resolved)
        } else {
            destination = try Self.followingLinks(path)
        }
        let name = URL(fileURLWithPath: destination)
        let folder = name.deletingLastPathComponent().path
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else { throw .missingFolder(folder) }
        temporary = "\(folder)/.\(name.lastPathComponent).\(getpid()).tmp"
        unlink(temporary)  // left by an earlier process with the same id, if any
        // Registered before it exists, so that no signal finds it created and not yet registered.
        TemporaryFile.register(temporary)
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            TemporaryFile.unregister()
            throw .system(code)
        }
        if let existing { fchmod(descriptor, existing.st_mode & 0o7777) }
    }

    /// Closes the temporary file and moves it over the destination; on a failure (`failure`,
    /// the write error the caller met, included) removes it instead.
    package mutating func commit(failure: Int32? = nil) throws(Failure) {
        let closed = close(descriptor) == 0 ? nil : errno
        descriptor = -1
        if let failure = failure ?? closed {
            discard()
            throw .system(failure)
        }
        // rename(2) replaces the destination atomically.
        guard rename(temporary, destination) == 0 else {
            let failure = errno
            discard()
            throw .system(failure)
        }
        TemporaryFile.unregister()
    }

    /// Abandons the file: the destination is left as it was and the temporary file removed.
    package mutating func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        TemporaryFile.unregister()
    }

    /// A path that does not exist yet, with its symbolic links followed: a dangling link gives
    /// the path it points to.
    private static func followingLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw .system(errno) }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                target.hasPrefix("/")
                ? target : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw .tooManyLinks
    }
}
