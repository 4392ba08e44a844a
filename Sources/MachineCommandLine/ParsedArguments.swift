import EventScripts

/// What a subcommand was given, parsed against its declared ``Option``s in the conventions of
/// swift-argument-parser: `--name value`, `--name=value`, flags, short aliases, `--` ends the
/// options; everything else (`-`, and a negative number or coordinate such as `-33.9,151.2`
/// included) is positional. Each option's value is read, typed, as it is parsed, and the
/// options that do not go together are refused, so a subcommand runs only on a command line
/// its declarations accept.
public struct ParsedArguments: Sendable {
    /// The positional arguments, in order.
    public private(set) var positional: [String] = []
    /// The value of each option given, by name: what its parser made of it, or `true` for a flag.
    private var values: [String: any Sendable] = [:]
    /// Whether `-h` or `--help` was given.
    private(set) var wantsHelp = false

    /// Parses `arguments` against `options`; `-h`/`--help` is always accepted. Positional
    /// arguments are refused when `acceptsPositional` is false; a required option must be given,
    /// an option's requirements too, and no two options that conflict (unless help is asked for).
    init(_ arguments: [String], options: [OptionDeclaration], acceptsPositional: Bool) throws(UsageError) {
        var remaining = arguments[...]
        var onlyPositional = false
        while let argument = remaining.popFirst() {
            if onlyPositional || !Self.isOption(argument) {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            let isLong = argument.hasPrefix("--")
            let body = isLong ? argument.dropFirst(2) : argument.dropFirst()
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let option =
                isLong ? options.first { $0.name == name } : options.first { name.count == 1 && $0.short == name.first }
            guard let option else { throw Self.unknown(argument, isLong: isLong, name: name, options: options) }
            switch option.kind {
            case .flag:
                guard parts.count == 1 else { throw UsageError("'--\(option.name)' takes no value") }
                values[option.name] = true
            case .value:
                let text: String
                if parts.count == 2 {
                    text = String(parts[1])
                } else if let next = remaining.popFirst() {
                    text = next
                } else {
                    throw UsageError("missing value for '\(option.synopsis)'")
                }
                values[option.name] = try Self.value(text, of: option)
            case .optionalValue(let alone):
                values[option.name] = parts.count == 2 ? try Self.value(String(parts[1]), of: option) : alone
            }
        }
        guard !wantsHelp else { return }
        if !acceptsPositional, let first = positional.first { throw UsageError("unexpected argument '\(first)'") }
        for option in options where values[option.name] == nil && option.isRequired {
            throw UsageError("missing \(option.synopsis)")
        }
        for option in options where values[option.name] != nil {
            for other in option.conflicts where values[other] != nil {
                throw UsageError("--\(option.name) does not go with --\(other)")
            }
        }
        for option in options where values[option.name] != nil {
            for required in option.requires where values[required.name] == nil {
                throw UsageError("--\(option.name) goes with \(required.synopsis)")
            }
        }
    }

    /// The value of `option`: what was given, typed, or its default (`nil` for an option without
    /// one, `false` for a flag) when it was not.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        option.read(values[option.declaration.name])
    }

    /// Whether `argument` is an option rather than a positional argument: it starts with a dash,
    /// is not `-` alone, and is not a number (`-33.9`) or a coordinate (`-33.9,151.2`).
    private static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        guard let second = argument.dropFirst().first else { return true }
        return !(second.isASCII && (second.isNumber || second == "."))
    }

    /// `text` read by `option`'s parser; a usage error says what the option takes.
    private static func value(_ text: String, of option: OptionDeclaration) throws(UsageError) -> any Sendable {
        // No option means anything by an empty value (`-o ''` would name no folder).
        guard !text.isEmpty else { throw UsageError("'\(option.synopsis)' takes a value, not an empty one") }
        guard let parser = option.parser else { return text }
        let value: (any Sendable)?
        do {
            value = try parser.parse(text)
        } catch {
            throw UsageError("--\(option.name): \(error.message)")
        }
        guard let value else {
            let suggestion = Suggestion.closest(to: text, among: parser.choices).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("--\(option.name) takes \(parser.takes), not '\(text)'\(suggestion)")
        }
        return value
    }

    /// The error of an option no declaration has, suggesting the nearest one.
    private static func unknown(
        _ argument: String, isLong: Bool, name: String, options: [OptionDeclaration]
    ) -> UsageError {
        let names = ["help"] + options.map(\.name)
        let suggestion = isLong ? Suggestion.closest(to: name, among: names).map { "; did you mean '--\($0)'?" } : nil
        return UsageError("unknown option '\(argument)'\(suggestion ?? "")")
    }

    /// `text` as a number written in decimal digits, with an optional sign and fraction (`12`,
    /// `-0.5`, `+5`, `.5`, `3.`: forms a person may type), or `nil`. `Double(_:)` also reads
    /// hexadecimal (`0x10`), exponents (`1e5`), `inf` and `nan`, none of which a person means on
    /// a command line. (A gazetteer source, written by a program, is held to a stricter form.)
    public static func plainDecimal(_ text: some StringProtocol) -> Double? {
        var digits = 0
        var points = 0
        for (offset, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits += 1
            case ".": points += 1
            case "-" where offset == 0, "+" where offset == 0: continue
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(String(text))
    }
}
