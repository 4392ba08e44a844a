/// How a run ended, as the process's exit status: one meaning each, the same in every
/// subcommand, and listed at the end of every `--help` (under EXIT STATUS).
///
/// Codes are ordered by their raw values: a run over several inputs exits with the highest.
public struct ExitCode: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The process's exit status.
    public let rawValue: Int32

    /// The code `rawValue`; prefer the named codes, which every help explains.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The code `rawValue`; prefer the named codes, which every help explains.
    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Everything held.
    public static let success = ExitCode(0)
    /// The tool ran and found something: a failed expectation, a finding, a violation.
    public static let failure = ExitCode(1)
    /// An input is invalid: a script, a value, a records file.
    public static let invalid = ExitCode(2)
    /// The command line is wrong (sysexits' `EX_USAGE`).
    public static let usage = ExitCode(64)
    /// A file could not be read or written: the tool failed, not the input (sysexits' `EX_IOERR`).
    public static let cannotReadOrWrite = ExitCode(74)

    /// The codes every subcommand shares, listed at the end of each help.
    static let shared: [(ExitCode, String)] = [
        (usage, "a usage error: an unknown option, a missing or malformed argument"),
        (cannotReadOrWrite, "a file could not be read or written (missing, unreadable, a folder, a full disk)"),
    ]

    /// Whether `lhs` is the lower code: the higher one wins when several inputs end differently.
    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The code, as help lists it.
    public var description: String { String(rawValue) }
}
