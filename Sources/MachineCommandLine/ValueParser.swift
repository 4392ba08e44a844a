/// How an ``Option`` reads its value from the command line's text, and what it takes, for the
/// error when the text is not one (`--limit takes a whole number from 1 to 10, not 'x'`).
///
/// ```swift
/// Option("limit", "count", .wholeNumber(in: 1...100), default: 10, help: "How many results.")
/// Option("format", "format", .choices(Format.self), default: .text, help: "How to print it.")
/// Option("voice", "name", .choices(["alto", "bass"]), help: "Who sings.")
/// Option("at", "hh:mm", ValueParser("a time hh:mm") { Time($0) }, help: "When to start.")
/// ```
public struct ValueParser<Value: Sendable>: Sendable {
    /// What it takes, in words: `a whole number from 1 to 10`.
    let takes: String
    /// The words it takes, when it takes one of a few: a near miss is suggested.
    let choices: [String]
    /// The value of the text, or `nil` when it is not one; a thrown ``UsageError`` says more
    /// precisely what is wrong, and is shown after the option's name (`--near: the latitude is ...`).
    let parse: @Sendable (String) throws(UsageError) -> Value?

    /// A parser that takes what `takes` says, reading it with `parse` (`nil` when the text is not one).
    public init(_ takes: String, parse: @escaping @Sendable (String) throws(UsageError) -> Value?) {
        self.init(takes, choices: [], parse: parse)
    }

    fileprivate init(_ takes: String, choices: [String], parse: @escaping @Sendable (String) throws(UsageError) -> Value?) {
        self.takes = takes
        self.choices = choices
        self.parse = parse
    }
}

extension ValueParser where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the cases of `Value`, by its raw value, in the order of `allCases`.
    public static func choices(_ type: Value.Type) -> ValueParser {
        let cases = Value.allCases.map { ($0.rawValue, $0) }
        return ValueParser(HelpText.alternatives(cases.map(\.0)), choices: cases.map(\.0)) { text in
            cases.first { $0.0 == text }?.1
        }
    }
}

extension ValueParser where Value == String {
    /// A file's path, as given (`-` is the option's to mean standard input or output, or to refuse).
    public static var file: ValueParser { ValueParser("a file") { $0 } }

    /// A folder's path: `-` is refused, as standard output holds no files.
    public static var folder: ValueParser {
        ValueParser("a folder") { text throws(UsageError) in
            guard text != "-" else { throw UsageError("- is standard output, which holds no files; name a folder") }
            return text
        }
    }

    /// One of `words`; a near miss of one is suggested.
    public static func choices(_ words: [String]) -> ValueParser {
        ValueParser(HelpText.alternatives(words), choices: words) { words.contains($0) ? $0 : nil }
    }
}

extension ValueParser where Value: FixedWidthInteger {
    /// A whole number in decimal digits within `range`.
    public static func wholeNumber(in range: ClosedRange<Value>) -> ValueParser {
        ValueParser("a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
            Value(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension ValueParser where Value == Double {
    /// A percentage from 0 to 100, in plain decimal digits (`87.5`).
    public static var percentage: ValueParser {
        ValueParser("a percentage from 0 to 100") { text in
            ParsedArguments.plainDecimal(text).flatMap { (0...100).contains($0) ? $0 : nil }
        }
    }
}

/// A ``ValueParser`` of any value type, as a declaration keeps it.
struct AnyValueParser: Sendable {
    let takes: String
    let choices: [String]
    let parse: @Sendable (String) throws(UsageError) -> (any Sendable)?

    init<Value>(_ parser: ValueParser<Value>) {
        takes = parser.takes
        choices = parser.choices
        parse = { text throws(UsageError) in try parser.parse(text) }
    }
}

extension ValueParser where Value == Duration {
    /// A duration as scripts write it, a whole number and a unit (`500ms`, `10s`, `2min`, `1h`),
    /// within `range`.
    public static func duration(in range: ClosedRange<Duration>) -> ValueParser {
        ValueParser(
            "a duration such as 500ms, 10s or 2min, from \(durationText(range.lowerBound)) to \(durationText(range.upperBound))"
        ) {
            text in parseDuration(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The duration `text` writes (`500ms`, `30s`, `2min`, `1h`), or `nil`.
    package static func parseDuration(_ text: String) -> Duration? {
        for (unit, scale) in [("ms", 1), ("min", 60_000), ("s", 1000), ("h", 3_600_000)] where text.hasSuffix(unit) {
            let digits = text.dropLast(unit.count)
            guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let amount = Int(digits),
                amount <= Int.max / scale
            else { return nil }
            return .milliseconds(amount * scale)
        }
        return nil
    }

    /// A duration in the largest unit that writes it whole: `1h`, `2min`, `10s`, `500ms`.
    static func durationText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        for (unit, scale) in [("h", Int64(3_600_000)), ("min", 60_000), ("s", 1000)]
        where milliseconds % scale == 0 && milliseconds >= scale {
            return "\(milliseconds / scale)\(unit)"
        }
        return "\(milliseconds)ms"
    }
}
