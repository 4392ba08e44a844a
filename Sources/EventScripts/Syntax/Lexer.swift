/// Splits one line of a script into tokens.
///
/// Works on the line's UTF-8 bytes (already checked to be valid UTF-8 with no NUL) and counts
/// columns in Unicode scalars. `#` starts a comment, except inside a string and right after a
/// word when a number follows (`completions#2`, a request reference).
struct Lexer {
    private let bytes: [UInt8]
    private let line: Int
    private var index = 0
    private var column = 1
    private var tokens: [Token] = []
    private var spaced = true
    /// Where the tokens end: the column of a comment's `#`, or just past the line.
    private var endColumn: Int?

    private init(bytes: [UInt8], line: Int) {
        self.bytes = bytes
        self.line = line
    }

    /// The tokens of `bytes`, line number `line`, and the column where they end.
    static func tokenize(_ bytes: [UInt8], line: Int) throws(ScriptError) -> (tokens: [Token], endColumn: Int) {
        var lexer = Lexer(bytes: bytes, line: line)
        try lexer.run()
        return (lexer.tokens, lexer.endColumn ?? lexer.column)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    private mutating func advance() {
        index += 1
        if index >= bytes.count || bytes[index] & 0xC0 != 0x80 { column += 1 }
    }

    private func error(_ message: String, at column: Int) -> ScriptError {
        ScriptError(message, at: SourceLocation(line: line, column: column))
    }

    private mutating func emit(_ kind: Token.Kind, at column: Int) {
        tokens.append(Token(kind: kind, column: column, spaced: spaced))
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
                      next.isDigit || next == UInt8(ascii: "-") || next == UInt8(ascii: "+") else {
                    endColumn = start
                    return
                }
                let word = tokens.removeLast()
                advance()
                var ordinal = ""
                while let byte = current, byte.isWordByte || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: ".") {
                    ordinal.unicodeScalars.append(Unicode.Scalar(byte))
                    advance()
                }
                tokens.append(Token(kind: .reference(kind: kind, ordinal: ordinal), column: word.column, spaced: word.spaced))
                spaced = false
            case UInt8(ascii: "\""):
                emit(.string(try string()), at: start)
            case UInt8(ascii: "-") where peek(1)?.isDigit == true:
                emit(try number(), at: start)
            case _ where byte.isDigit:
                emit(try number(), at: start)
            case _ where byte.isWordStart:
                // A dash joins words (`address-picker`) when a letter follows it.
                var word = ""
                while let byte = current,
                      byte.isWordByte || (byte == UInt8(ascii: "-") && peek(1)?.isWordStart == true) {
                    word.unicodeScalars.append(Unicode.Scalar(byte))
                    advance()
                }
                emit(.word(word), at: start)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "."):
                advance()
                emit(.punctuation(Character(Unicode.Scalar(byte))), at: start)
            case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "~"):
                guard peek(1) == UInt8(ascii: "=") else {
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
            default:
                throw error("unexpected character '\(character(at: index))'", at: start)
            }
        }
    }

    private func character(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        return text.unicodeScalars.first.map { $0.properties.isWhitespace || $0.value < 0x20 ? "U+\(String($0.value, radix: 16, uppercase: true))" : text } ?? text
    }

    private mutating func string() throws(ScriptError) -> String {
        let start = column
        advance()
        var text = ""
        var runStart = index
        func flush(_ lexer: Lexer) { text += String(decoding: lexer.bytes[runStart..<lexer.index], as: UTF8.self) }
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
                    var hex = ""
                    while let digit = current, digit != UInt8(ascii: "}"), hex.count <= 8 {
                        hex.unicodeScalars.append(Unicode.Scalar(digit))
                        advance()
                    }
                    guard current == UInt8(ascii: "}"), (1...8).contains(hex.count), let value = UInt32(hex, radix: 16),
                          let scalar = Unicode.Scalar(value) else {
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
        var text = ""
        if current == UInt8(ascii: "-") {
            text += "-"
            advance()
        }
        while let byte = current, byte.isDigit {
            text.unicodeScalars.append(Unicode.Scalar(byte))
            advance()
        }
        var isWhole = true
        if current == UInt8(ascii: "."), peek(1)?.isDigit == true {
            isWhole = false
            text += "."
            advance()
            while let byte = current, byte.isDigit {
                text.unicodeScalars.append(Unicode.Scalar(byte))
                advance()
            }
        }
        var unit = ""
        let unitColumn = column
        while let byte = current, byte.isWordByte {
            unit.unicodeScalars.append(Unicode.Scalar(byte))
            advance()
        }
        if unit.isEmpty {
            guard let value = Double(text), value.isFinite else { throw error("the number \(text) is too large", at: start) }
            return .number(value, isWhole: isWhole)
        }
        guard let duration = Lexer.duration(text, unit: unit) else {
            if ["ms", "s", "min"].contains(unit) { throw error("the duration \(text)\(unit) is too large", at: start) }
            throw error("unknown duration unit '\(unit)'; expected ms, s or min", at: unitColumn)
        }
        return .duration(duration)
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
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts[0].count <= 12, let whole = Int64(parts[0]) else { return nil }
        var value = scale * whole
        if parts.count == 2 {
            let fraction = parts[1].prefix(18)
            guard let numerator = Int64(fraction) else { return nil }
            var denominator: Int64 = 1
            for _ in 0..<fraction.count { denominator *= 10 }
            value += scale * numerator / denominator
        }
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
