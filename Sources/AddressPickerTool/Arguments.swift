/// Parsed command-line arguments, in the conventions of swift-argument-parser: `--name value`,
/// `--name=value`, flags, short aliases, `--` ends the options; everything else is positional.
struct Arguments {
    /// An option a subcommand accepts.
    struct Option {
        enum Kind { case flag, value, optionalValue }

        let name: String
        let short: Character?
        let kind: Kind
        let help: String
        let valueName: String

        static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, short: short, kind: .flag, help: help, valueName: "")
        }

        static func value(_ name: String, short: Character? = nil, _ valueName: String, help: String) -> Option {
            Option(name: name, short: short, kind: .value, help: help, valueName: valueName)
        }

        /// `--name` alone, or `--name=value`: a flag that may carry a value.
        static func optionalValue(_ name: String, _ valueName: String, help: String) -> Option {
            Option(name: name, short: nil, kind: .optionalValue, help: help, valueName: valueName)
        }

        var synopsis: String {
            switch kind {
            case .flag: "--\(name)"
            case .value: "--\(name) <\(valueName)>"
            case .optionalValue: "--\(name)[=<\(valueName)>]"
            }
        }
    }

    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []

    /// Parses `arguments` against `options`; `-h`/`--help` is always accepted as the flag `help`.
    init(_ arguments: [String], options: [Option]) throws(UsageError) {
        var remaining = arguments[...]
        var onlyPositional = false
        while let argument = remaining.popFirst() {
            // A negative number is a value, not an option: `reverse -33.86 151.21`.
            let isNegativeNumber = argument.count > 1 && argument.hasPrefix("-") && Double(argument) != nil
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                flags.insert("help")
                continue
            }
            let body = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let option = argument.hasPrefix("--")
                ? options.first { $0.name == name }
                : options.first { name.count == 1 && $0.short == name.first }
            guard let option else { throw UsageError("unknown option '\(argument)'") }
            switch option.kind {
            case .value:
                if parts.count == 2 {
                    values[option.name] = String(parts[1])
                } else if let value = remaining.popFirst() {
                    values[option.name] = value
                } else {
                    throw UsageError("missing value for '\(option.synopsis)'")
                }
            case .optionalValue:
                flags.insert(option.name)
                if parts.count == 2 { values[option.name] = String(parts[1]) }
            case .flag:
                guard parts.count == 1 else { throw UsageError("'--\(option.name)' takes no value") }
                flags.insert(option.name)
            }
        }
    }

    subscript(value name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A mistake on the command line: printed with the subcommand's usage, exit code 64.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Help text in the layout of swift-argument-parser, derived from the options; it ends with the
/// subcommand's exit statuses and the ones every subcommand shares.
func helpText(
    overview: String, usage: String, arguments: [(String, String)] = [], options: [Arguments.Option],
    exitStatuses: [(Int32, String)], details: String = ""
) -> String {
    var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
    if !arguments.isEmpty {
        text += "\nARGUMENTS:\n"
        for (name, help) in arguments { text += helpLine(name, help) }
    }
    text += "\nOPTIONS:\n"
    for option in options { text += helpLine((option.short.map { "-\($0), " } ?? "") + option.synopsis, option.help) }
    text += helpLine("-h, --help", "Show help information.")
    if !details.isEmpty { text += "\n" + details + (details.hasSuffix("\n") ? "" : "\n") }
    text += "\nEXIT STATUS:\n"
    for (status, meaning) in exitStatuses + ExitStatus.common { text += "  \(status)  \(meaning)\n" }
    return text
}

/// One line of a help section: the name in a column of 24, or alone on its line when longer.
private func helpLine(_ name: String, _ help: String) -> String {
    let column = 24
    if name.count < column { return "  " + name.padding(toLength: column, withPad: " ", startingAt: 0) + help + "\n" }
    return "  \(name)\n" + String(repeating: " ", count: column + 2) + help + "\n"
}
