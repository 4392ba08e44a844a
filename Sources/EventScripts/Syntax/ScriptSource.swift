/// Reads a script's text into statements, checking the bytes first: valid UTF-8, no NUL, no
/// line longer than ``maximumLineLength`` scalars. Lines end at LF, CR LF or a lone CR. Every problem is a ``ScriptError`` with its
/// line and column; nothing here can crash on hostile input.
@usableFromInline package enum ScriptSource {
    /// The longest line accepted, in Unicode scalars.
    @usableFromInline package static let maximumLineLength = 1 << 20

    /// Parses `bytes`, the contents of `file`, into its statements.
    @usableFromInline package static func parse(_ bytes: [UInt8], file: String) throws(ScriptError) -> [Statement] {
        var statements: [Statement] = []
        try forEachStatement(in: bytes, file: file) { statements.append($0) }
        return statements
    }

    /// Calls `body` with each statement of `bytes` in order.
    @usableFromInline static func forEachStatement(
        in bytes: [UInt8], file: String, _ body: (Statement) throws(ScriptError) -> Void
    ) throws(ScriptError) {
        var lines = LineSplitter()
        try lines.finish(bytes[...]) { line throws(ScriptError) in
            try line.decorating(file) { line throws(ScriptError) in
                if let statement = try line.statement() { try body(statement) }
            }
            return true
        }
    }

    /// Calls `body` with each line of `script` in order, reading it chunk by chunk, until `body`
    /// returns `false`: the script is never held whole, only the line being read. The line's
    /// ``ScriptLine/statement()`` parses it; an error `body` throws is completed with `file`
    /// and, when it is on the line, the line's text, as an error of the parse is.
    ///
    /// - Throws: a ``ScriptError`` at the first line that cannot be read, or what `script`
    ///   throws when its bytes cannot be read.
    @usableFromInline static func forEachLine(
        in script: any ScriptBytes, file: String, _ body: (inout ScriptLine) throws(ScriptError) -> Bool
    ) throws {
        var lines = LineSplitter()
        var buffer: [UInt8] = []
        var going = true
        func read(_ line: inout ScriptLine) throws(ScriptError) -> Bool {
            try line.decorating(file) { line throws(ScriptError) in try body(&line) }
        }
        do {
            try script.forEachChunk { chunk throws(ScriptError) in
                guard going else { return }
                buffer.append(contentsOf: chunk)
                let consumed = try lines.readLines(buffer[...], read)
                going = consumed != nil
                buffer.removeFirst(consumed ?? buffer.count)
            }
            if going { try lines.finish(buffer[...], read) }
        } catch var error as ScriptError {
            if error.file.isEmpty { error.file = file }
            throw error
        }
    }

    /// Splits bytes into lines, keeping the line number across chunks, and the storage of the
    /// lines' tokens from line to line.
    struct LineSplitter {
        var lineNumber = 1
        /// The tokens of the last line read, kept for their storage: each line is lexed into it.
        var tokens: [Token] = []

        init() {
            tokens.reserveCapacity(64)
        }

        /// Reads the complete lines at the start of `bytes` (a line is complete when its end is
        /// known: a line break, and for a CR, the byte after it); returns how many bytes they
        /// took, or `nil` once `body` returned `false`.
        mutating func readLines(
            _ bytes: ArraySlice<UInt8>, _ body: (inout ScriptLine) throws(ScriptError) -> Bool
        ) throws(ScriptError) -> Int? {
            var lineStart = bytes.startIndex
            while true {
                let lineEnd = Self.lineEnd(in: bytes, from: lineStart)
                // The end of the chunk, or a CR that an LF may follow in the next one.
                guard lineEnd + 1 < bytes.endIndex || (lineEnd + 1 == bytes.endIndex && bytes[lineEnd] == UInt8(ascii: "\n"))
                else {
                    // A line longer than any valid one fails now, before it is held whole.
                    if lineEnd - lineStart > 4 * maximumLineLength + 8 {
                        try ScriptSource.validate(bytes[lineStart..<lineEnd], lineNumber: lineNumber)
                    }
                    return lineStart - bytes.startIndex
                }
                defer { lineNumber += 1 }
                guard try read(bytes[lineStart..<lineEnd], body) else { return nil }
                let crlf = bytes[lineEnd] == UInt8(ascii: "\r") && bytes[lineEnd + 1] == UInt8(ascii: "\n")
                lineStart = lineEnd + (crlf ? 2 : 1)
            }
        }

        /// Reads the last lines: `bytes` runs to the end of the script.
        mutating func finish(
            _ bytes: ArraySlice<UInt8>, _ body: (inout ScriptLine) throws(ScriptError) -> Bool
        ) throws(ScriptError) {
            var lineStart = bytes.startIndex
            while lineStart <= bytes.endIndex {
                let lineEnd = Self.lineEnd(in: bytes, from: lineStart)
                defer { lineNumber += 1 }
                guard try read(bytes[lineStart..<lineEnd], body) else { return }
                // A line ends at LF, CR LF or a lone CR (old Mac files), each one break.
                let crlf =
                    lineEnd + 1 < bytes.endIndex && bytes[lineEnd] == UInt8(ascii: "\r")
                    && bytes[lineEnd + 1] == UInt8(ascii: "\n")
                lineStart = lineEnd + (crlf ? 2 : 1)
            }
        }

        /// Calls `body` with the line of `bytes`, numbered, lexed into ``tokens``' storage.
        private mutating func read(
            _ bytes: ArraySlice<UInt8>, _ body: (inout ScriptLine) throws(ScriptError) -> Bool
        ) throws(ScriptError) -> Bool {
            var line = ScriptLine(bytes: bytes, number: lineNumber, tokens: tokens)
            tokens = []
            defer { tokens = line.tokens }
            return try body(&line)
        }

        /// Where the line that starts at `start` ends: at the first LF or CR from there, or at
        /// the end of `bytes`.
        static func lineEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
            bytes[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.endIndex
        }
    }

    /// Checks one line's bytes.
    fileprivate static func validate(_ line: ArraySlice<UInt8>, lineNumber: Int) throws(ScriptError) {
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

    fileprivate static func isPrintable(_ line: ArraySlice<UInt8>) -> Bool {
        line.count <= 400 && !line.contains { $0 < 0x20 && $0 != 0x09 }
    }
}

/// One line of a script as ``ScriptSource/forEachLine(in:file:_:)`` reads it: its bytes (without
/// the line break) and number, and its statement on demand. A checker can tell two lines with
/// the same bytes apart without parsing either: they hold the same statement.
@usableFromInline struct ScriptLine {
    /// The line's bytes, without its line break.
    @usableFromInline package let bytes: ArraySlice<UInt8>
    /// The line's number, from 1.
    @usableFromInline package let number: Int
    /// The token buffer, reused from line to line.
    fileprivate var tokens: [Token]

    fileprivate init(bytes: ArraySlice<UInt8>, number: Int, tokens: [Token]) {
        self.bytes = bytes
        self.number = number
        self.tokens = tokens
    }

    /// The statement on the line, or `nil` for a blank or comment-only line: the bytes checked
    /// (valid UTF-8, no NUL, not too long), split into tokens and parsed.
    @usableFromInline package mutating func statement() throws(ScriptError) -> Statement? {
        try ScriptSource.validate(bytes, lineNumber: number)
        let endColumn = try Lexer.tokenize(bytes, line: number, into: &tokens)
        return try Parser.statement(tokens, line: number, endColumn: endColumn)
    }

    /// The line's text when it is printable: what an error on the line shows, with a caret.
    @usableFromInline package var printableText: String? {
        ScriptSource.isPrintable(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Runs `body`, completing an error it throws with `file` and, when the error is on this
    /// line and the line is printable, the line's text.
    fileprivate mutating func decorating<T>(
        _ file: String, _ body: (inout ScriptLine) throws(ScriptError) -> T
    ) throws(ScriptError) -> T {
        do {
            return try body(&self)
        } catch var error {
            if error.file.isEmpty { error.file = file }
            if error.sourceLine == nil, error.location.line == number { error.sourceLine = printableText }
            throw error
        }
    }
}
