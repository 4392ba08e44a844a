import EventScripts

/// When snapshot references are written, in the spirit of swift-snapshot-testing.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet; compare the others.
    case missing
    /// Rewrite every reference.
    case all
    /// Write nothing; a missing reference is a failure.
    case never

    /// The environment variable that chooses the mode when no flag or parameter does and no
    /// other variable is named: `SNAPSHOT_RECORD`. A tool may name its own (a `sign-in` tool
    /// reading `SIGN_IN_RECORD`, say), so that a setting meant for one tool's snapshots never
    /// records another's.
    public static let environmentVariable = "SNAPSHOT_RECORD"

    /// The mode to use: `explicit` if given, else the value of the environment variable
    /// `variable` (``environmentVariable`` unless named), else `never`.
    ///
    /// - Throws: the variable's value when it names no mode.
    package static func resolve(
        _ explicit: SnapshotRecordMode?, environment: [String: String], variable: String = environmentVariable
    ) throws(SnapshotError) -> SnapshotRecordMode {
        if let explicit { return explicit }
        guard let value = environment[variable], !value.isEmpty else { return .never }
        guard let mode = SnapshotRecordMode(rawValue: value) else {
            throw .unknownRecordMode(value, variable: variable)
        }
        return mode
    }

    /// Whether `environment` is a continuous-integration run (`CI` set to anything but `false` or
    /// `0`): there, nothing is recorded and a missing reference fails.
    package static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false", "FALSE", "False"].contains(value)
    }
}
