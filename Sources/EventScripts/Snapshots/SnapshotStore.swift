import Foundation

/// Compares texts with reference files in a folder, and records references as the mode says.
///
/// References are read through symbolic links. They are written by the store's ``Writer``: the
/// default writes a temporary sibling and moves it into place, so a failed run never leaves a
/// half-written reference; a tool passes its own, so that references are written exactly as its
/// other output files are (a symbolic link written through, a replaced file's permissions kept).
public struct SnapshotStore: Sendable {
    /// Writes `text` to the reference file at `path`, whose folder exists, replacing it whole.
    ///
    /// A tool supplies one so that references are written as every other file it writes; it
    /// throws ``SnapshotError/cannotWrite(_:_:)`` with the path and the reason.
    public typealias Writer = @Sendable (_ text: String, _ path: String) throws(SnapshotError) -> Void

    /// The folder of the references.
    public let directory: URL
    /// When references are written.
    public let mode: SnapshotRecordMode
    /// Whether this is a CI run: nothing is ever written there.
    public let isContinuousIntegration: Bool
    /// The references' file extension.
    public let fileExtension: String
    /// How references are written.
    private let writer: Writer

    /// A store of the references in `directory`, as `NAME.fileExtension`, that writes them as `mode`
    /// says; on continuous integration it writes nothing and a missing reference is a failure.
    /// `writer` writes a reference (``writeReplacing(_:at:)`` unless given).
    public init(
        directory: URL, mode: SnapshotRecordMode, isContinuousIntegration: Bool, fileExtension: String = "transcript",
        writer: @escaping Writer = SnapshotStore.writeReplacing
    ) {
        self.directory = directory
        self.mode = mode
        self.isContinuousIntegration = isContinuousIntegration
        self.fileExtension = fileExtension
        self.writer = writer
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
        public var isFailure: Bool { self != .matched }
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
            let diff = LineDiff.unified(expected: reference, actual: text)
            if diff != nil { try write(text, to: url) }
            return diff == nil ? .matched : .recorded(previousDiff: diff)
        case (let reference?, _):
            guard let diff = LineDiff.unified(expected: reference, actual: text) else { return .matched }
            return .mismatched(diff: diff)
        }
    }

    /// The text of the reference at `path` (through symbolic links), or `nil` when there is none;
    /// a folder, a device or a pipe is an error.
    private static func read(_ path: String) throws(SnapshotError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw .cannotRead(path, reason(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path, reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .cannotRead(path, "it is a folder")
        default: throw .cannotRead(path, "it is not a regular file")  // a device may never end
        }
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

    /// Creates the folder when missing, then writes the reference with the store's writer.
    private func write(_ text: String, to url: URL) throws(SnapshotError) {
        try Self.createFolder(directory.path, for: url.path)
        try writer(text, url.path)
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

    /// The default ``Writer``: writes `text` to a temporary sibling of `path` and renames it over
    /// `path`, so that a failure never leaves a half-written reference or a temporary file.
    public static func writeReplacing(_ text: String, at path: String) throws(SnapshotError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        unlink(temporary)  // left by an earlier process with the same id, if any
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(path, reason(errno)) }
        var bytes = Array(text.utf8)[...]
        var failure: Int32?
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            bytes = bytes.dropFirst(count)
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        // rename(2) replaces the destination atomically.
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path, reason(failure))
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
