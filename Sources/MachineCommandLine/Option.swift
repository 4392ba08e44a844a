/// An option of a subcommand, declared once with its type: the parser reads its value as a
/// `Value`, and its usage, its line of `--help` and the errors of a wrong value or of options
/// given together that do not go together are all derived from the declaration.
///
/// The subcommand lists it in ``Subcommand``'s `options:` and reads it back typed with
/// ``ParsedArguments/subscript(_:)``:
///
/// ```swift
/// let loud = Option(flag: "loud", short: "l", help: "Shout.")                      // Option<Bool>
/// let times = Option("times", "n", .wholeNumber(in: 1...10), default: 1, help: "How many times.")  // Option<Int>
/// let to = Option("to", "file", .file, help: "Also write it to <file>.", conflictsWith: [loud])  // Option<String?>
///
/// let count = invocation.arguments[times]   // 1 when not given; `--times 11` never gets this far
/// ```
public struct Option<Value: Sendable>: AnyOption {
    /// What the parser, usage and help read.
    public let declaration: OptionDeclaration
    /// The value read back: from what the parser made of the option's text, `nil` when it was not given.
    let read: @Sendable ((any Sendable)?) -> Value

    private init(_ declaration: OptionDeclaration, read: @escaping @Sendable ((any Sendable)?) -> Value) {
        self.declaration = declaration
        self.read = read
    }
}

extension Option where Value == Bool {
    /// A flag, `--name` (or `-s`): `true` when given.
    ///
    /// - Parameters:
    ///   - name: Its long name, without the dashes.
    ///   - short: Its one-letter alias, if any.
    ///   - help: What it does, in one line of `--help`.
    ///   - conflictsWith: Options that cannot be given with it: `--name does not go with --other`.
    ///   - requires: Options without which it means nothing: `--name goes with --other <value>`.
    public init(
        flag name: String, short: Character? = nil, help: String, conflictsWith: [any AnyOption] = [],
        requires: [any AnyOption] = []
    ) {
        self.init(
            OptionDeclaration(
                name: name, short: short, kind: .flag, valueName: "", help: help, shownDefault: nil,
                conflicts: conflictsWith, requires: requires, parser: nil),
            read: { $0 != nil })
    }
}

extension Option {
    /// An option `--name <valueName>` (or `-s`) that takes a value, `default` when it is not given.
    ///
    /// `--help` shows the default after `help`, as `(default: 10)`.
    public init(
        _ name: String, short: Character? = nil, _ valueName: String, _ parser: ValueParser<Value>, default: Value,
        help: String, conflictsWith: [any AnyOption] = [], requires: [any AnyOption] = []
    ) {
        self.init(
            OptionDeclaration(
                name: name, short: short, kind: .value, valueName: valueName, help: help, shownDefault: "\(`default`)",
                conflicts: conflictsWith, requires: requires, parser: AnyValueParser(parser)),
            read: { ($0 as? Value) ?? `default` })
    }

    /// An option `--name <valueName>` (or `-s`) that must be given: the subcommand does not run
    /// without it (`missing --name <valueName>`).
    public init(
        required name: String, short: Character? = nil, _ valueName: String, _ parser: ValueParser<Value>, help: String
    ) {
        let declaration = OptionDeclaration(
            name: name, short: short, kind: .value, valueName: valueName, help: help, shownDefault: nil,
            conflicts: [], requires: [], parser: AnyValueParser(parser), isRequired: true)
        // The parser refuses a command line without it, so the value is always there; `parser`
        // is never asked for one that is not.
        self.init(declaration, read: { value in value.flatMap { $0 as? Value } ?? Self.unreachable(name) })
    }

    /// An option `--name <valueName>` (or `-s`) that takes a value, `nil` when it is not given.
    public init<Wrapped>(
        _ name: String, short: Character? = nil, _ valueName: String, _ parser: ValueParser<Wrapped>, help: String,
        conflictsWith: [any AnyOption] = [], requires: [any AnyOption] = []
    ) where Value == Wrapped? {
        self.init(
            OptionDeclaration(
                name: name, short: short, kind: .value, valueName: valueName, help: help, shownDefault: nil,
                conflicts: conflictsWith, requires: requires, parser: AnyValueParser(parser)),
            read: { $0 as? Wrapped })
    }

    /// An option given alone, `--name`, meaning `alone`, or with a value after `=`,
    /// `--name=<valueName>`; `nil` when it is not given.
    public init<Wrapped>(
        _ name: String, _ valueName: String, _ parser: ValueParser<Wrapped>, alone: Wrapped, help: String,
        conflictsWith: [any AnyOption] = [], requires: [any AnyOption] = []
    ) where Value == Wrapped? {
        self.init(
            OptionDeclaration(
                name: name, short: nil, kind: .optionalValue(alone: alone), valueName: valueName, help: help,
                shownDefault: nil, conflicts: conflictsWith, requires: requires, parser: AnyValueParser(parser)),
            read: { $0 as? Wrapped })
    }

    /// The value of an option read from a subcommand that did not declare it: a mistake in the
    /// tool, never in its command line.
    private static func unreachable(_ name: String) -> Value {
        preconditionFailure("the option --\(name) is read by a subcommand that does not declare it")
    }
}
