/// Reads JSON text into a ``JSONTape``.
///
/// Hostile input never crashes it: text that is not JSON (cut short, a stray byte, invalid
/// UTF-8, a number too large, nesting deeper than ``maximumDepth``) is a
/// `DecodingError.dataCorrupted` that says what and where (line and column).
///
/// It reads the text through a buffer pointer, so every read is checked against `bytes.count`
/// here, before it is made (the fuzz target `saved-state` runs it under AddressSanitizer).
struct JSONParser {
    /// The deepest nesting of arrays and objects read; deeper is refused rather than risking the stack.
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var entries: [JSONTape.Entry] = []
    private var strings: [String] = []
    /// The object or array the next value goes in (-1: the document), and its position there.
    private var container = -1
    private var item = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The tape of `text`, which must be one JSON value.
    static func tape(of text: [UInt8]) throws -> JSONTape {
        let (entries, strings) = try text.withUnsafeBufferPointer { bytes in
            var parser = JSONParser(bytes: bytes)
            parser.entries.reserveCapacity(bytes.count / 8)
            try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.position == bytes.count else { throw parser.failure("unexpected text after the end of the JSON value") }
            return (parser.entries, parser.strings)
        }
        return JSONTape(bytes: text, entries: entries, strings: strings)
    }

    private func failure(_ problem: String) -> DecodingError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "not valid JSON: \(problem) at line \(line), column \(column)"))
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func append(_ kind: JSONTape.Kind, flag: Bool = false, _ first: Int64 = 0) {
        entries.append(
            JSONTape.Entry(
                kind: kind, flag: flag, first: first, last: 0, end: entries.count + 1, parent: container, position: item))
    }

    private mutating func value(depth: Int) throws {
        skipWhitespace()
        guard position < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < JSONParser.maximumDepth else { throw failure("nesting deeper than \(JSONParser.maximumDepth)") }
            try object(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < JSONParser.maximumDepth else { throw failure("nesting deeper than \(JSONParser.maximumDepth)") }
            try array(depth: depth + 1)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true"); append(.bool, flag: true)
        case UInt8(ascii: "f"): try literal("false"); append(.bool, flag: false)
        case UInt8(ascii: "n"): try literal("null"); append(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
            word.withUTF8Buffer({ $0.elementsEqual(bytes[position..<(position + count)]) })
        else {
            throw failure("unexpected character")
        }
        position += count
    }

    /// Appends an object's or array's entry, past its opening bracket, and makes it the
    /// container of the values that follow; true when it closes at once (empty).
    private mutating func open(_ kind: JSONTape.Kind, closedBy close: UInt8) -> Bool {
        let entry = entries.count
        append(kind)
        container = entry
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == close else { return false }
        position += 1
        return true
    }

    /// An object's entry, then each member's key and value; the object's entry is completed
    /// (its count and end) once its last member is read.
    private mutating func object(depth: Int) throws {
        let object = entries.count
        let outer = (container, item)
        defer { (container, item) = outer }
        if open(.object, closedBy: UInt8(ascii: "}")) { return }
        var count: Int64 = 0
        // The keys read, as Swift compares strings (as `JSONDecoder` compares keys): a key
        // written twice is refused, since readers disagree on which of the two counts.
        var keys: Set<String> = []
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            item = Int(count)
            let keyStart = position
            try string()
            let key = stringRead()
            guard keys.insert(key).inserted else {
                position = keyStart
                throw failure("the key \"\(key.prefix(40))\" is written twice in one object")
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            try value(depth: depth)
            count += 1
            skipWhitespace()
            guard position < bytes.count else { throw failure("the text ends inside an object") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                entries[object].first = count
                entries[object].end = entries.count
                return
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw failure("expected ',' or '}' in an object") }
            position += 1
        }
    }

    /// An array's entry, then its items; completed as an object's is.
    private mutating func array(depth: Int) throws {
        let array = entries.count
        let outer = (container, item)
        defer { (container, item) = outer }
        if open(.array, closedBy: UInt8(ascii: "]")) { return }
        var count: Int64 = 0
        while true {
            item = Int(count)
            try value(depth: depth)
            count += 1
            skipWhitespace()
            guard position < bytes.count else { throw failure("the text ends inside an array") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                entries[array].first = count
                entries[array].end = entries.count
                return
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw failure("expected ',' or ']' in an array") }
            position += 1
        }
    }

    /// A string's entry: plain ASCII as the range of its bytes, anything else decoded and
    /// validated into ``JSONTape/strings``.
    private mutating func string() throws {
        position += 1
        let start = position
        // The plain run up to a quote, a backslash or a control character, over the buffer
        // (no bounds check per byte), noting whether any byte is beyond ASCII.
        var highBits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= byte
            position &+= 1
        }
        guard position >= bytes.count || bytes[position] >= 0x20 else { throw failure("a control character inside a string") }
        guard position < bytes.count else { throw failure("the text ends inside a string") }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            // ASCII (most keys and values) is valid UTF-8 as it stands; only the rest is
            // validated, through the standard library's generic and slower validating initialiser.
            if highBits < 0x80 {
                entries.append(
                    JSONTape.Entry(
                        kind: .string, flag: false, first: Int64(start), last: position - 1, end: entries.count + 1,
                        parent: container, position: item))
                return
            }
            guard let decoded = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
            else { throw failure("a string that is not UTF-8") }
            appendDecoded(decoded)
            return
        }
        var utf8 = Array(bytes[start..<position])
        while bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") {
                try escape(into: &utf8)
            } else {
                guard bytes[position] >= 0x20 else { throw failure("a control character inside a string") }
                utf8.append(bytes[position])
                position += 1
            }
            guard position < bytes.count else { throw failure("the text ends inside a string") }
        }
        position += 1
        guard let string = String(validating: utf8, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
        appendDecoded(string)
    }

    /// The string of the entry just read.
    private func stringRead() -> String {
        guard let entry = entries.last else { return "" }
        if entry.flag { return strings[Int(entry.first)] }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.first)..<entry.last]), as: UTF8.self)
    }

    private mutating func appendDecoded(_ string: String) {
        append(.string, flag: true, Int64(strings.count))
        strings.append(string)
    }

    private mutating func escape(into utf8: inout [UInt8]) throws {
        position += 1
        guard position < bytes.count else { throw failure("the text ends inside a string") }
        let character = bytes[position]
        position += 1
        switch character {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(character)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw failure("an unpaired surrogate escape")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an unpaired surrogate escape") }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            position -= 1
            throw failure("an unknown escape")
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard bytes.count - position >= 4 else { throw failure("the text ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number: a whole number that fits in 64 bits as an integer, anything else as a `Double`.
    private mutating func number() throws {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        // The decimal digits as one integer while it is exact (up to 19 digits), and how many
        // of them follow the point.
        var mantissa: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0")) }
                digitCount += 1
                position += 1
            }
            return position - first
        }
        let integerStart = position
        guard digits() > 0 else { throw failure("a number without digits") }
        guard bytes[integerStart] != UInt8(ascii: "0") || position - integerStart == 1 else {
            throw failure("a number with a leading zero")
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            fractionDigits = digits()
            guard fractionDigits > 0 else { throw failure("a number without digits after its point") }
        }
        var hasExponent = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            hasExponent = true
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
            guard position > exponentStart else { throw failure("a number without digits in its exponent") }
        }
        if isInteger, digitCount <= 19, appendWhole(mantissa, negative: negative) { return }
        // Exact without a general conversion (Clinger's fast path): at most 15 digits are a
        // Double exactly, so are the powers of ten up to 10^22, and one division rounds
        // correctly, as the general conversion does.
        if !hasExponent, digitCount <= 15, fractionDigits <= 22 {
            let magnitude = Double(mantissa) / JSONParser.powersOfTen[fractionDigits]
            append(.double, Int64(bitPattern: (negative ? -magnitude : magnitude).bitPattern))
            return
        }
        if isInteger, digitCount > 19, !negative, let whole = UInt64(text(start..<position)) {
            append(.unsigned, Int64(bitPattern: whole))
            return
        }
        guard let double = Double(text(start..<position)), double.isFinite else {
            position = start
            throw failure("a number too large")
        }
        append(.double, Int64(bitPattern: double.bitPattern))
    }

    /// 10^0 through 10^22, each exactly a `Double`.
    private static let powersOfTen: [Double] = (0...22).reduce(into: []) { powers, exponent in
        powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Appends a whole number of at most 19 digits if it fits in `Int64` (or, positive, in
    /// `UInt64`: 19 digits always do); false if it does not.
    private mutating func appendWhole(_ magnitude: UInt64, negative: Bool) -> Bool {
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return false }
            append(.integer, magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        } else if magnitude <= UInt64(Int64.max) {
            append(.integer, Int64(magnitude))
        } else {
            append(.unsigned, Int64(bitPattern: magnitude))
        }
        return true
    }
}
