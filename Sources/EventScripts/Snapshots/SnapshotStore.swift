import Foundation

/// Compares texts with reference files in a folder, and records references as the mode says.
///
/// Writes are atomic: a reference is written to a temporary sibling and moved into place, so a
/// failed run never leaves a half-written one.
public struct SnapshotStore: Sendable {
    /// The folder of the references.
    public let directory: URL
    /// When references are written.
    public let mode: SnapshotRecordMode
    /// Whether this is a CI run: nothing is ever written there.
    public let isContinuousIntegration: Bool
    /// The references' file extension.
    public let fileExtension: String

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
        public var isFailure: Bool { self != .matched }
    }

    /// The reference file for `name`.
    public func referenceURL(for name: String) -> URL {
        directory.appendingPathComponent("\(name).\(fileExtension)")
    }

    /// Compares `text` with the reference named `name`, recording it as the mode allows.
    public func verify(_ text: String, named name: String) throws(SnapshotError) -> Outcome {
        let url = referenceURL(for: name)
        let existing = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
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

    private func write(_ text: String, to url: URL) throws(SnapshotError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            // rename(2) replaces the destination atomically.
            guard rename(temporary.path, url.path) == 0 else {
                throw SnapshotError.cannotWrite(url.path, String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotWrite(url.path, String(describing: error))
        }
    }
}

/// A problem with snapshots themselves (not a mismatch).
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
    /// The environment variable `variable` holds a value that names no record mode.
    case unknownRecordMode(String, variable: String = SnapshotRecordMode.environmentVariable)
    /// The reference at the path could not be written, for the reason given.
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .unknownRecordMode(let value, let variable):
            "\(variable)=\(value) names no record mode; expected missing, all or never"
        case .cannotWrite(let path, let reason):
            "cannot write the snapshot '\(path)': \(reason)"
        }
    }
}
