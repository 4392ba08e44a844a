import EventScripts
import Foundation

/// Compares texts with reference files in a folder, and records references as the mode says.
///
/// References are read through symbolic links, and written as a tool writes its `--output`: to a
/// temporary sibling moved into place, so a failed run never leaves a half-written reference; a
/// symbolic link is written through (its target replaced, the link kept) and a replaced file
/// keeps its permissions.
public struct SnapshotStore: Sendable {
    /// The folder of the references.
    package let directory: URL
    /// When references are written.
    package let mode: SnapshotRecordMode
    /// Whether this is a CI run: nothing is ever written there.
    package let isContinuousIntegration: Bool
    /// The references' file extension.
    package let fileExtension: String

    /// A store of the references in `directory`, as `NAME.fileExtension`, that writes them as `mode`
    /// says; on continuous integration it writes nothing and a missing reference is a failure.
    public init(directory: URL, mode: SnapshotRecordMode, isContinuousIntegration: Bool, fileExtension: String = "transcript") {
        self.directory = directory
        self.mode = mode
        self.isContinuousIntegration = isContinuousIntegration
        self.fileExtension = fileExtension
    }

    /// What a comparison found.
    public enum Outcome: Equatable, Sendable {
        /// The text equals the reference.
        case matched
        /// The text differs from the reference: the line diff (`-` expected, `+` actual).
        case mismatched(diff: String)
        /// There is no reference, and none was written (mode `never`, or a CI run).
        case missing
        /// The reference was written (it was missing, or mode `all`); the diff from the old one, if any.
        case recorded(previousDiff: String?)

        /// Whether the run should fail: everything but a match. A recorded reference fails too,
        /// so that it is reviewed before it is trusted.
        package var isFailure: Bool { self != .matched }
    }

    /// The reference file for `name`.
    public func referenceURL(for name: String) -> URL {
        directory.appendingPathComponent("\(name).\(fileExtension)")
    }

    /// Compares `text` with the reference named `name`, recording it as the mode allows.
    ///
    /// - Throws: ``SnapshotError/cannotRead(_:_:)`` when the reference exists but cannot be read
    ///   (a folder, no permission), ``SnapshotError/cannotWrite(_:_:)`` when it cannot be written.
    public func verify(_ text: String, named name: String) throws(SnapshotError) -> Outcome {
        let url = referenceURL(for: name)
        let existing = try Self.read(url.path)
        let mayRecord = !isContinuousIntegration
        switch (existing, mode) {
        case (nil, .never):
            return .missing
        case (nil, _):
            guard mayRecord else { return .missing }
            try write(text, to: url)
            return .recorded(previousDiff: nil)
        case (let reference?, .all) where mayRecord:
            let diff = TextDiff.unified(from: reference, to: text, missingNewline: .markedWhenEndingsDiffer)
            if diff != nil { try write(text, to: url) }
            return diff == nil ? .matched : .recorded(previousDiff: diff)
        case (let reference?, _):
            guard let diff = TextDiff.unified(from: reference, to: text, missingNewline: .markedWhenEndingsDiffer) else {
                return .matched
            }
            return .mismatched(diff: diff)
        }
    }

    /// The text of the reference at `path` (through symbolic links), or `nil` when there is none;
    /// a folder, a device or a pipe is an error.
    private static func read(_ path: String) throws(SnapshotError) -> String? {
        // Looked at before it is opened: opening a FIFO waits for a writer, a device may never end.
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw .cannotRead(path, reason(code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .cannotRead(path, "it is a folder")
        default: throw .cannotRead(path, "it is not a regular file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotRead(path, reason(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path, reason(errno))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Creates the reference's folder when missing, then writes the reference.
    private func write(_ text: String, to url: URL) throws(SnapshotError) {
        // The reference's own folder: a name may hold a `/` (`group/case`).
        try Self.createFolder(url.deletingLastPathComponent().path, for: url.path)
        try Self.replace(url.path, with: text)
    }

    /// Creates `folder` and the folders above it that are missing; errors name `reference`.
    private static func createFolder(_ folder: String, for reference: String) throws(SnapshotError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .cannotWrite(reference, "'\(folder)' is not a folder") }
            return
        }
        guard errno == ENOENT else { throw .cannotWrite(reference, reason(errno)) }
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        if parent != folder { try createFolder(parent, for: reference) }
        guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
            throw .cannotWrite(reference, "cannot create the folder '\(folder)': \(reason(errno))")
        }
    }

    /// Replaces the reference at `path` (a regular file, or none yet) with `text`, as
    /// ``ReplacedFile`` does.
    private static func replace(_ path: String, with text: String) throws(SnapshotError) {
        var info = stat()
        let existing: stat? = stat(path, &info) == 0 ? info : nil
        if let existing, existing.st_mode & S_IFMT != S_IFREG { throw .cannotWrite(path, "it is not a regular file") }
        do {
            var file = try ReplacedFile(path, existing: existing)
            var bytes = Array(text.utf8)[...]
            var failure: Int32?
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { Foundation.write(file.descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                bytes = bytes.dropFirst(count)
            }
            try file.commit(failure: failure)
        } catch {
            throw .cannotWrite(path, error.reason)
        }
    }

    /// The operating system's text for an error number (`No space left on device`).
    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// A problem with snapshots themselves (not a mismatch).
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
    /// The environment variable `variable` holds a value that names no record mode.
    case unknownRecordMode(String, variable: String = SnapshotRecordMode.environmentVariable)
    /// The reference at the path exists but could not be read (a folder, no permission), for
    /// the reason given.
    case cannotRead(String, String)
    /// The reference at the path could not be written, for the reason given.
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .unknownRecordMode(let value, let variable):
            "\(variable)=\(value) names no record mode; expected missing, all or never"
        case .cannotRead(let path, let reason):
            "cannot read the snapshot '\(path)': \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write the snapshot '\(path)': \(reason)"
        }
    }
}
