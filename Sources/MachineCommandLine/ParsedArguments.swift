/// What a subcommand was given, parsed against its declared ``Option``s in the conventions of
/// swift-argument-parser: `--name value`, `--name=value`, flags, short aliases, `--` ends the
/// options; everything else (a negative number and `-` included) is positional.
public struct ParsedArguments: Sendable {
    /// The positional arguments, in order.
    public private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// Whether `-h` or `--help` was given.
    private(set) var wantsHelp = false

    /// Parses `arguments` against `options`; `-h`/`--help` is always accepted. Positional
    /// arguments are refused when `acceptsPositional` is false, and a required option must be
    /// given (unless help is asked for).
    init(_ arguments: [String], options: [Option], acceptsPositional: Bool) throws(UsageError) {
        var remaining = arguments[...]
        var onlyPositional = false
        while let argument = remaining.popFirst() {
            // A negative number is a value, not an option: `reverse -33.86 151.21`.
            let isNegativeNumber = argument.count > 1 && argument.hasPrefix("-") && Self.plainDecimal(argument) != nil
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber {
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
            let body = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let option =
                argument.hasPrefix("--")
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
                // No option means anything by an empty value (`-o ''` would name no folder).
                if values[option.name] == "" { throw UsageError("'\(option.synopsis)' takes a value, not an empty one") }
            case .optionalValue:
                flags.insert(option.name)
                if parts.count == 2 { values[option.name] = String(parts[1]) }
            case .flag:
                guard parts.count == 1 else { throw UsageError("'--\(option.name)' takes no value") }
                flags.insert(option.name)
            }
        }
        guard !wantsHelp else { return }
        if !acceptsPositional, let first = positional.first { throw UsageError("unexpected argument '\(first)'") }
        if let missing = options.first(where: { $0.isRequired && values[$0.name] == nil }) {
            throw UsageError("missing \(missing.synopsis)")
        }
    }

    /// The value given to the option `name`, if any (the last one when given twice).
    public func value(_ name: String) -> String? { values[name] }

    /// Whether the flag `name` (or the option `name` that may carry a value) was given.
    public func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of the option `name` as a whole number in `range`, or `nil` when not given.
    ///
    /// - Throws: a usage error naming the range when the value is not a whole number in it.
    public func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
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
