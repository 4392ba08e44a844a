/// A subcommand of a tool (`replay`, `search`): what it takes, declared once, and what it does.
///
/// Its usage line, its `--help` and its usage errors are derived from the declarations, in the
/// layout of swift-argument-parser, and its help ends with its exit statuses and the ones every
/// subcommand shares (64 and 74). A tool's own subcommands are given to the `subcommands:` of
/// ``MachineCommandLine``:
///
/// ```swift
/// let loud = Option(flag: "loud", help: "Shout.")
/// let times = Option("times", short: "n", "count", .wholeNumber(in: 1...3), default: 1, help: "How many times.")
/// let greet = Subcommand(
///     "greet", abstract: "Greet someone.",
///     arguments: [Argument("name", help: "Who to greet.")],
///     options: [loud, times],
///     exitCodes: [.success: "the greeting was printed"]
/// ) { invocation in
///     guard invocation.arguments.positional.count == 1 else { throw UsageError("name one person") }
///     let greeting = "Hello, \(invocation.arguments.positional[0])"
///     let line = invocation.arguments[loud] ? greeting.uppercased() : greeting
///     for _ in 0..<invocation.arguments[times] { try invocation.print(line) }
///     return .success
/// }
/// ```
public struct Subcommand: Sendable {
    /// The word that selects it (`greet`).
    let name: String
    /// What it does, in one line: the overview of its help and its line in the tool's.
    let abstract: String
    /// Its positional arguments, in order.
    let arguments: [Argument]
    /// Its options, in the order usage and help list them.
    let options: [OptionDeclaration]
    /// What each of its own exit statuses means, in order (the shared 64 and 74 are added).
    let exitCodes: KeyValuePairs<ExitCode, String>
    /// More help, printed after the options: lines of text, sections in capitals.
    let discussion: String
    /// What it does: given an invocation, it returns its exit status, or throws a
    /// ``UsageError`` (64), a ``ToolError`` (74) or any other error (2, the input is invalid).
    let perform: @Sendable (Invocation) throws -> ExitCode

    /// A subcommand `name` that runs `perform` on the arguments its declarations accept. The
    /// options' names must differ, and those they conflict with or require must be among them.
    public init(
        _ name: String, abstract: String, arguments: [Argument] = [], options: [any AnyOption] = [],
        exitCodes: KeyValuePairs<ExitCode, String>, discussion: String = "",
        perform: @escaping @Sendable (Invocation) throws -> ExitCode
    ) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options.map(\.declaration)
        let names = self.options.map(\.name)
        precondition(Set(names).count == names.count, "two options of \(name) share a name: \(names)")
        for option in self.options {
            let named = option.conflicts + option.requires.map(\.name)
            precondition(named.allSatisfy(names.contains), "--\(option.name) names an option \(name) does not have")
        }
        self.exitCodes = exitCodes
        self.discussion = discussion
        self.perform = perform
    }

    /// Its usage line: `tool name <argument> ... [--option <value>] --required <value>`.
    func usage(tool: String) -> String {
        ([tool, name] + arguments.map(\.synopsis) + options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" })
            .joined(separator: " ")
    }

    /// What a usage error prints after its message: the usage line, on one line of a terminal
    /// (beyond 80 columns the options it may leave out are `[<options>]`, as swift-argument-parser
    /// abbreviates them), and where to read more; not the whole help.
    func usageReminder(tool: String) -> String {
        var line = usage(tool: tool)
        if line.count > 80 {
            line = ([tool, name] + arguments.map(\.synopsis) + options.filter(\.isRequired).map(\.synopsis) + ["[<options>]"])
                .joined(separator: " ")
        }
        return "Usage: \(line)\n  See '\(tool) \(name) --help' for more information."
    }

    /// Its `--help`: overview, usage, arguments, options, discussion and exit statuses.
    func help(tool: String) -> String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage(tool: tool))\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += HelpText.line("<\(argument.name)>", argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            text += HelpText.line((option.short.map { "-\($0), " } ?? "") + option.synopsis, option.helpLine)
        }
        text += HelpText.line("-h, --help", "Show help information.")
        if !discussion.isEmpty { text += "\n" + discussion + (discussion.hasSuffix("\n") ? "" : "\n") }
        text += "\nEXIT STATUS:\n"
        for (status, meaning) in Array(exitCodes) + ExitCode.shared { text += "  \(status)  \(meaning)\n" }
        return text
    }
}
