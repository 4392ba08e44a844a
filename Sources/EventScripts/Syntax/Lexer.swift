/// Splits one line of a script into tokens.
///
/// Works on the line's UTF-8 bytes (already checked to be valid UTF-8 with no NUL) and counts
/// columns in Unicode scalars. `#` starts a comment, except inside a string and right after a
/// word when a number follows (`sendCode#2`, a request reference).
struct Lexer {
    private let bytes: ArraySlice<UInt8>
    private let line: Int
    private var index: Int
    private var column = 1
    private var tokens: [Token] = []
    private var spaced = true
    /// Where the tokens end: the column of a comment's `#`, or just past the line.
    private var endColumn: Int?

    private init(bytes: ArraySlice<UInt8>, line: Int) {
        self.bytes = bytes
        self.line = line
        self.index = bytes.startIndex
    }

    /// Replaces `tokens` with the tokens of `bytes`, line number `line`; returns the column
    /// where they end. The caller reuses one buffer for every line.
    static func tokenize(_ bytes: ArraySlice<UInt8>, line: Int, into tokens: inout [Token]) throws(ScriptError) -> Int {
        var lexer = Lexer(bytes: bytes, line: line)
        tokens.removeAll(keepingCapacity: true)
        swap(&lexer.tokens, &tokens)
        defer { swap(&lexer.tokens, &tokens) }
        try lexer.run()
        return lexer.endColumn ?? lexer.column
    }

    private var current: UInt8? { index < bytes.endIndex ? bytes[index] : nil }
    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.endIndex ? bytes[index + offset] : nil }

    private mutating func advance() {
        index += 1
        if index >= bytes.endIndex || bytes[index] & 0xC0 != 0x80 { column += 1 }
    }

    /// The text of the bytes from `start` to the current position.
    private func text(from start: Int) -> String { String(decoding: bytes[start..<index], as: UTF8.self) }

    private func error(_ message: String, at column: Int) -> ScriptError {
        ScriptError(message, at: ScriptLocation(line: line, column: column))
    }

    private mutating func emit(_ kind: Token.Kind, at column: Int) {
        tokens.append(Token(kind: kind, column: column, end: self.column, spaced: spaced))
        spaced = false
    }

    private mutating func run() throws(ScriptError) {
        while let byte = current {
            let start = column
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                advance()
                spaced = true
            case UInt8(ascii: "#"):
                guard !spaced, case .word(let kind)? = tokens.last?.kind, let next = peek(1),
                    next.isDigit || next == UInt8(ascii: "-") || next == UInt8(ascii: "+")
                else {
                    endColumn = start
                    return
                }
                let word = tokens.removeLast()
                advance()
                let ordinalStart = index
                while let byte = current,
                    byte.isWordByte || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: ".")
                {
                    advance()
                }
                let ordinal = text(from: ordinalStart)
                tokens.append(
                    Token(kind: .reference(kind: kind, ordinal: ordinal), column: word.column, end: column, spaced: word.spaced))
                spaced = false
            case UInt8(ascii: "\""):
                emit(.string(try string()), at: start)
            case UInt8(ascii: "-") where peek(1)?.isDigit == true:
                emit(try number(), at: start)
            case _ where byte.isDigit:
                emit(try number(), at: start)
            case _ where byte.isWordStart:
                // A dash joins words (`sign-in`) when a letter follows it.
                let wordStart = index
                while let byte = current,
                    byte.isWordByte || (byte == UInt8(ascii: "-") && peek(1)?.isWordStart == true)
                {
                    advance()
                }
                emit(.word(text(from: wordStart)), at: start)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "."):
                advance()
                emit(.punctuation(Character(Unicode.Scalar(byte))), at: start)
            case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "~"):
                guard peek(1) == UInt8(ascii: "=") else {
                    if byte == UInt8(ascii: "="), tokens.count == 2, case .word("given") = tokens[0].kind,
                        case .word(let field) = tokens[1].kind
                    {
                        throw error("'given' takes the field and its value without '=': given \(field) VALUE", at: start)
                    }
                    throw error("expected '\(Character(Unicode.Scalar(byte)))=' (a comparison)", at: start)
                }
                advance()
                advance()
                emit(.comparison("\(Character(Unicode.Scalar(byte)))="), at: start)
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                advance()
                var op = String(Character(Unicode.Scalar(byte)))
                if current == UInt8(ascii: "=") {
                    advance()
                    op += "="
                }
                emit(.comparison(op), at: start)
            case 0xEF where peek(1) == 0xBB && peek(2) == 0xBF:
                throw error("unexpected byte order mark (U+FEFF): save the script as UTF-8 without one", at: start)
            default:
                throw error("unexpected character '\(character(at: index))'", at: start)
            }
        }
    }

    /// Whether `unit`, the letters after a number, starts an exponent (`1e5`, `1e5ms`, `2E-3`) rather than
    /// naming a duration's unit.
    private func isExponent(_ unit: String) -> Bool {
        guard unit.first == "e" || unit.first == "E" else { return false }
        // `1e5`, `1e5ms`: a digit right after the `e`; `2E-3`: the word ends at the sign.
        if let next = unit.dropFirst().first { return ("0"..."9").contains(next) }
        return (current == UInt8(ascii: "-") || current == UInt8(ascii: "+")) && peek(1)?.isDigit == true
    }

    private func character(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.endIndex, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        return text.unicodeScalars.first.map {
            $0.properties.isWhitespace || $0.value < 0x20 ? "U+\(String($0.value, radix: 16, uppercase: true))" : text
        } ?? text
    }

    private mutating func string() throws(ScriptError) -> String {
        let start = column
        advance()
        var text = ""
        var runStart = index
        func flush(_ lexer: Lexer) { text += lexer.text(from: runStart) }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                flush(self)
                advance()
                return text
            case UInt8(ascii: "\\"):
                flush(self)
                let escapeColumn = column
                advance()
                switch current {
                case UInt8(ascii: "\""): text += "\""
                case UInt8(ascii: "\\"): text += "\\"
                case UInt8(ascii: "n"): text += "\n"
                case UInt8(ascii: "t"): text += "\t"
                case UInt8(ascii: "u"):
                    advance()
                    guard current == UInt8(ascii: "{") else {
                        throw error("expected '{' after \\u, as in \\u{1F600}", at: escapeColumn)
                    }
                    advance()
                    let hexStart = index
                    while let digit = current, digit != UInt8(ascii: "}"), index - hexStart <= 8 { advance() }
                    let hex = self.text(from: hexStart)
                    guard current == UInt8(ascii: "}"), (1...8).contains(hex.count), let value = UInt32(hex, radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else {
                        throw error("expected 1 to 8 hexadecimal digits of a Unicode scalar in \\u{…}", at: escapeColumn)
                    }
                    text.unicodeScalars.append(scalar)
                default:
                    throw error("unknown escape; expected \\\", \\\\, \\n, \\t or \\u{…}", at: escapeColumn)
                }
                advance()
                runStart = index
            default:
                advance()
            }
        }
        throw error("unterminated string: expected a closing '\"'", at: start)
    }

    private mutating func number() throws(ScriptError) -> Token.Kind {
        let start = column
        let numberStart = index
        if current == UInt8(ascii: "-") { advance() }
        while let byte = current, byte.isDigit { advance() }
        var isWhole = true
        if current == UInt8(ascii: "."), peek(1)?.isDigit == true {
            isWhole = false
            advance()
            while let byte = current, byte.isDigit { advance() }
        }
        let text = self.text(from: numberStart)
        let unitColumn = column
        let unitStart = index
        while let byte = current, byte.isWordByte { advance() }
        let unit = self.text(from: unitStart)
        if unit.isEmpty {
            guard let value = Lexer.number(bytes[numberStart..<unitStart]) ?? Double(text), value.isFinite else {
                throw error("the number \(text) is too large", at: start)
            }
            return .number(value, isWhole: isWhole)
        }
        guard let duration = Lexer.duration(text, unit: unit) else {
            if ["ms", "s", "min"].contains(unit) { throw error("the duration \(text)\(unit) is too large", at: start) }
            if isExponent(unit) {
                throw error("a number is written in decimal digits, without an exponent ('\(unit.prefix(1))')", at: unitColumn)
            }
            throw error("unknown duration unit '\(unit)'; expected ms, s or min", at: unitColumn)
        }
        return .duration(duration)
    }

    /// The value of a short decimal number, computed exactly: when its digits fit in 2^53 and it
    /// has at most 22 decimals, one correctly rounded division by a power of ten gives the same
    /// `Double` as parsing the text (Clinger's fast path). `nil` for other numbers.
    static func number(_ digits: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var decimals = 0
        var inFraction = false
        var negative = false
        for byte in digits {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): inFraction = true
            default:
                guard mantissa < 1 << 49 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                if inFraction { decimals += 1 }
            }
        }
        guard decimals < powersOfTen.count else { return nil }
        let value = Double(mantissa) / powersOfTen[decimals]
        return negative ? -value : value
    }

    /// 10^0 … 10^22, each exactly representable as a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// `text` (a decimal number) of `unit`, computed exactly.
    static func duration(_ text: String, unit: String) -> Duration? {
        let scale: Duration
        switch unit {
        case "ms": scale = .milliseconds(1)
        case "s": scale = .seconds(1)
        case "min": scale = .seconds(60)
        default: return nil
        }
        var whole: Int64 = 0
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        var inFraction = false
        var negative = false
        var wholeDigits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): inFraction = true
            default:
                let digit = Int64(byte &- UInt8(ascii: "0"))
                if inFraction {
                    guard denominator < 1_000_000_000_000_000_000 else { continue }
                    numerator = numerator * 10 + digit
                    denominator *= 10
                } else {
                    wholeDigits += 1
                    guard wholeDigits <= 12 else { return nil }
                    whole = whole * 10 + digit
                }
            }
        }
        let value = scale * whole + scale * numerator / denominator
        return negative ? .zero - value : value
    }
}

extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isWordStart: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || self == UInt8(ascii: "_")
    }
    var isWordByte: Bool { isWordStart || isDigit }
}
