import Foundation

/// The tool's exit statuses: one meaning each, the same in every subcommand, and listed at the
/// end of every `--help` by ``helpText(overview:usage:arguments:options:exitStatuses:)``.
enum ExitStatus {
    /// Everything held.
    static let success: Int32 = 0
    /// The tool ran and found something: a failed expectation, a finding, a violation.
    static let failure: Int32 = 1
    /// An input is invalid: a script, a value, a records file.
    static let invalid: Int32 = 2
    /// The command line is wrong (sysexits' `EX_USAGE`).
    static let usage: Int32 = 64
    /// A file could not be read or written: the tool failed, not the input (sysexits' `EX_IOERR`).
    static let cannotReadOrWrite: Int32 = 74

    /// The lines every subcommand's help ends with.
    static let common: [(Int32, String)] = [
        (usage, "a usage error: an unknown option, a missing or malformed argument"),
        (cannotReadOrWrite, "a file could not be read or written (missing, unreadable, a folder, a full disk)"),
    ]
}

/// A failure of the tool itself, a file it cannot read or write: exit status 74.
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
