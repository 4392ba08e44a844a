/// A positional argument of a subcommand (`<file>`), declared for its usage line and `--help`.
///
/// The parser collects positional arguments in ``ParsedArguments/positional``; the subcommand
/// checks that it has the ones it needs, and says what is missing in its own words. A
/// subcommand that declares none accepts none.
public struct Argument: Sendable {
    /// Its name, without the angle brackets (`file` for `<file>`).
    let name: String
    /// Whether it may be given several times: `<file> ...`.
    let isRepeated: Bool
    /// What it is, in one line of `--help`.
    let help: String

    /// An argument `<name>`, given once or, when `repeated`, one or more times.
    public init(_ name: String, repeated: Bool = false, help: String) {
        self.name = name
        self.isRepeated = repeated
        self.help = help
    }

    /// How usage writes it: `<file>` or `<file> ...`.
    var synopsis: String { isRepeated ? "<\(name)> ..." : "<\(name)>" }
}
