/// Reads a script's text into statements, checking the bytes first: valid UTF-8, no NUL, no
/// line longer than ``maximumLineLength`` scalars. Lines end at LF, CR LF or a lone CR. Every problem is a ``ScriptError`` with its
/// line and column; nothing here can crash on hostile input.
public enum ScriptSource {
    /// The longest line accepted, in Unicode scalars.
    public static let maximumLineLength = 1 << 20

    /// Parses `bytes`, the contents of `file`, into its statements.
    public static func parse(_ bytes: [UInt8], file: String) throws(ScriptError) -> [Statement] {
        var statements: [Statement] = []
        try forEachStatement(in: bytes, file: file) { statements.append($0) }
        return statements
    }

    /// Calls `body` with each statement of `bytes` in order.
    public static func forEachStatement(
        in bytes: [UInt8], file: String, _ body: (Statement) throws(ScriptError) -> Void
    ) throws(ScriptError) {
        var lineStart = 0
        var lineNumber = 1
        var tokens: [Token] = []
        tokens.reserveCapacity(64)
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") {
                lineEnd += 1
            }
            let line = bytes[lineStart..<lineEnd]
            do {
                try validate(line, lineNumber: lineNumber)
                let endColumn = try Lexer.tokenize(line, line: lineNumber, into: &tokens)
                if let statement = try Parser.statement(tokens, line: lineNumber, endColumn: endColumn) {
                    try body(statement)
                }
            } catch var error {
                if error.file.isEmpty { error.file = file }
                if error.sourceLine == nil, error.location.line == lineNumber, isPrintable(line) {
                    error.sourceLine = String(decoding: line, as: UTF8.self)
                }
                throw error
            }
            // A line ends at LF, CR LF or a lone CR (old Mac files), each one break.
            let crlf =
                lineEnd + 1 < bytes.count && bytes[lineEnd] == UInt8(ascii: "\r") && bytes[lineEnd + 1] == UInt8(ascii: "\n")
            lineStart = lineEnd + (crlf ? 2 : 1)
            lineNumber += 1
        }
    }

    /// Checks one line's bytes.
    private static func validate(_ line: ArraySlice<UInt8>, lineNumber: Int) throws(ScriptError) {
        // Most lines are printable ASCII: check them in one pass, byte by byte only otherwise.
        if line.count < maximumLineLength, !line.contains(where: { $0 == 0 || $0 >= 0x80 }) { return }
        var index = line.startIndex
        var column = 1
        while index < line.endIndex {
            let byte = line[index]
            let length: Int
            switch byte {
            case 0x00:
                throw ScriptError("a NUL byte is not allowed in a script", at: ScriptLocation(line: lineNumber, column: column))
            case 0x01..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: length = 0
            }
            guard length > 0, index + length <= line.endIndex, isWellFormed(line, at: index, length: length) else {
                throw ScriptError(
                    "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))",
                    at: ScriptLocation(line: lineNumber, column: column))
            }
            index += length
            column += 1
            if column > maximumLineLength {
                throw ScriptError(
                    "the line is longer than \(maximumLineLength) characters",
                    at: ScriptLocation(line: lineNumber, column: maximumLineLength))
            }
        }
    }

    private static func isWellFormed(_ line: ArraySlice<UInt8>, at index: Int, length: Int) -> Bool {
        guard length > 1 else { return true }
        for offset in 1..<length where line[index + offset] & 0xC0 != 0x80 { return false }
        let second = line[index + 1]
        switch line[index] {
        case 0xE0: return second >= 0xA0  // no overlong three-byte forms
        case 0xED: return second < 0xA0  // no surrogates
        case 0xF0: return second >= 0x90  // no overlong four-byte forms
        case 0xF4: return second < 0x90  // nothing above U+10FFFF
        default: return true
        }
    }

    private static func isPrintable(_ line: ArraySlice<UInt8>) -> Bool {
        line.count <= 400 && !line.contains { $0 < 0x20 && $0 != 0x09 }
    }
}
