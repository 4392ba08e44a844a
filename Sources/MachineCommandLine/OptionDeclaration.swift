/// An option of any value type, as ``Subcommand`` lists it and as `conflictsWith:` and
/// `requires:` name it: an ``Option``.
public protocol AnyOption: Sendable {
    /// What the parser, usage and help read of it.
    var declaration: OptionDeclaration { get }
}

/// An option's declaration whatever its value type: its names, what it takes, its help, how its
/// value is parsed, and the options it does not go with or needs. Made by ``Option``'s
/// initialisers; everything the parser, the usage line and `--help` say of the option comes from it.
public struct OptionDeclaration: Sendable {
    /// What an option takes.
    enum Kind: Sendable {
        /// Nothing: `--quiet`.
        case flag
        /// A value: `--limit 3` or `--limit=3`.
        case value
        /// Nothing, meaning `alone`, or a value after `=`: `--record`, `--record=all`.
        case optionalValue(alone: any Sendable)
    }

    /// Its long name, without the dashes.
    let name: String
    /// Its one-letter alias, if any (`o` for `-o`).
    let short: Character?
    let kind: Kind
    /// The name of its value in usage and help (`count` for `--limit <count>`).
    let valueName: String
    /// What it does, in one line of `--help`, as declared.
    let help: String
    /// Its default value as help shows it, when it has one.
    let shownDefault: String?
    /// The options it does not go with, by name.
    let conflicts: [String]
    /// The options it needs, as usage writes them (`--snapshot <directory>`), by name.
    let requires: [(name: String, synopsis: String)]
    /// How its value is read, for an option that takes one.
    let parser: AnyValueParser?
    /// Whether the subcommand cannot run without it.
    let isRequired: Bool

    init(
        name: String, short: Character?, kind: Kind, valueName: String, help: String, shownDefault: String?,
        conflicts: [any AnyOption], requires: [any AnyOption], parser: AnyValueParser?, isRequired: Bool = false
    ) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.shownDefault = shownDefault
        self.conflicts = conflicts.map(\.declaration.name)
        self.requires = requires.map { ($0.declaration.name, $0.declaration.synopsis) }
        self.parser = parser
        self.isRequired = isRequired
    }

    /// How usage and help write it: `--quiet`, `--limit <count>`, `--record[=<mode>]`.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value: "--\(name) <\(valueName)>"
        case .optionalValue: "--\(name)[=<\(valueName)>]"
        }
    }

    /// Its line of `--help`: the declared help, then what the declaration adds: the default, the
    /// options it needs and those it does not go with.
    var helpLine: String {
        var text = help
        if let shownDefault {
            let sentence = text.hasSuffix(".") ? String(text.dropLast()) : text
            text = sentence + " (default: \(shownDefault))" + (text.hasSuffix(".") ? "." : "")
        }
        if !requires.isEmpty { text += " Only with \(HelpText.alternatives(requires.map(\.synopsis)))." }
        if !conflicts.isEmpty { text += " Not with \(HelpText.alternatives(conflicts.map { "--\($0)" }))." }
        return text
    }
}
