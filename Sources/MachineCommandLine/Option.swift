/// An option of a subcommand, declared once: the parser accepts it (`--name value`,
/// `--name=value`, `-n value`), and the usage line and `--help` are derived from it.
///
/// ```swift
/// let options: [Option] = [
///     .flag("quiet", short: "q", help: "Print one line per script."),
///     .value("limit", "count", help: "How many results, 1 to 100 (default 10)."),
///     .value("output", short: "o", "file", required: true, help: "Where to write the result."),
/// ]
/// ```
public struct Option: Sendable {
    /// What an option takes.
    enum Kind: Sendable {
        /// Nothing: `--quiet`.
        case flag
        /// A value: `--limit 3` or `--limit=3`.
        case value
        /// Nothing, or a value after `=`: `--record`, `--record=all`.
        case optionalValue
    }

    /// Its long name, without the dashes.
    let name: String
    /// Its one-letter alias, if any (`o` for `-o`).
    let short: Character?
    /// What it takes.
    let kind: Kind
    /// The name of its value in usage and help (`count` for `--limit <count>`).
    let valueName: String
    /// Whether the subcommand cannot run without it: a usage error names it when it is missing.
    let isRequired: Bool
    /// What it does, in one line of `--help`.
    let help: String

    /// A flag: `--name`, or `-s` for its short alias.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
        Option(name: name, short: short, kind: .flag, valueName: "", isRequired: false, help: help)
    }

    /// An option that takes a value named `valueName` in usage and help; a `required` one must be given.
    public static func value(
        _ name: String, short: Character? = nil, _ valueName: String, required: Bool = false, help: String
    ) -> Option {
        Option(name: name, short: short, kind: .value, valueName: valueName, isRequired: required, help: help)
    }

    /// `--name` alone, or `--name=value`: a flag that may carry a value.
    public static func optionalValue(_ name: String, _ valueName: String, help: String) -> Option {
        Option(name: name, short: nil, kind: .optionalValue, valueName: valueName, isRequired: false, help: help)
    }

    /// How usage and help write it: `--quiet`, `--limit <count>`, `--record[=<mode>]`.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value: "--\(name) <\(valueName)>"
        case .optionalValue: "--\(name)[=<\(valueName)>]"
        }
    }
}
