/// How a run ended, as the process's exit status: one meaning each, the same in every
/// subcommand, and listed at the end of every `--help`.
///
/// Statuses are ordered by their codes: a run over several inputs exits with the highest.
public struct ExitStatus: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The process's exit code.
    public let code: Int32

    /// The status of `code`; prefer the named statuses, which every help explains.
    public init(_ code: Int32) {
        self.code = code
    }

    /// Everything held.
    public static let success = ExitStatus(0)
    /// The tool ran and found something: a failed expectation, a finding, a violation.
    public static let failure = ExitStatus(1)
    /// An input is invalid: a script, a value, a records file.
    public static let invalid = ExitStatus(2)
    /// The command line is wrong (sysexits' `EX_USAGE`).
    public static let usage = ExitStatus(64)
    /// A file could not be read or written: the tool failed, not the input (sysexits' `EX_IOERR`).
    public static let cannotReadOrWrite = ExitStatus(74)

    /// The statuses every subcommand shares, listed at the end of each help.
    static let shared: [(ExitStatus, String)] = [
        (usage, "a usage error: an unknown option, a missing or malformed argument"),
        (cannotReadOrWrite, "a file could not be read or written (missing, unreadable, a folder, a full disk)"),
    ]

    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.code < rhs.code }

    public var description: String { String(code) }
}
