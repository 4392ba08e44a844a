/// Reads JSON text into a ``JSONNode``.
///
/// Hostile input never crashes it: text that is not JSON (cut short, a stray byte, invalid
/// UTF-8, a number too large, nesting deeper than ``maximumDepth``) is a
/// `DecodingError.dataCorrupted` that says what and where (line and column).
struct JSONParser {
    /// The deepest nesting of arrays and objects read; deeper is refused rather than risking the stack.
    static let maximumDepth = 256

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The one value of the whole text.
    mutating func document() throws -> JSONNode {
        let node = try value(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the end of the JSON value") }
        return node
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

    private mutating func value(depth: Int) throws -> JSONNode {
        skipWhitespace()
        guard position < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < JSONParser.maximumDepth else { throw failure("nesting deeper than \(JSONParser.maximumDepth)") }
            return .object(try object(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < JSONParser.maximumDepth else { throw failure("nesting deeper than \(JSONParser.maximumDepth)") }
            return .array(try array(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
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

    // The members and items are gathered in local arrays and handed over once: appending to a
    // class's array property checks exclusive access on every append.
    private mutating func object(depth: Int) throws -> JSONObject {
        let object = JSONObject()
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return object }
        var members: [JSONMember] = []
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            members.append(JSONMember(key, try value(depth: depth)))
            skipWhitespace()
            guard position < bytes.count else { throw failure("the text ends inside an object") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                object.members = members
                return object
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw failure("expected ',' or '}' in an object") }
            position += 1
        }
    }

    private mutating func array(depth: Int) throws -> JSONArray {
        let array = JSONArray()
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return array }
        var items: [JSONNode] = []
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw failure("the text ends inside an array") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                array.items = items
                return array
            }
            guard bytes[position] == UInt8(ascii: ",") else { throw failure("expected ',' or ']' in an array") }
            position += 1
        }
    }

    private mutating func string() throws -> String {
        position += 1
        let start = position
        var highBits: UInt8 = 0
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
            guard bytes[position] >= 0x20 else { throw failure("a control character inside a string") }
            highBits |= bytes[position]
            position += 1
        }
        guard position < bytes.count else { throw failure("the text ends inside a string") }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            let end = position - 1
            // ASCII (most keys and values) is valid UTF-8 as it stands; only the rest is
            // validated, through the standard library's generic and slower validating initialiser.
            let decoded = bytes.withUnsafeBufferPointer {
                let text = UnsafeBufferPointer(rebasing: $0[start..<end])
                return highBits < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            guard let string = decoded else {
                throw failure("a string that is not UTF-8")
            }
            return string
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
        return string
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

    private mutating func number() throws -> JSONNode {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits() > 0 else { throw failure("a number without digits") }
        guard bytes[integerStart] != UInt8(ascii: "0") || position - integerStart == 1 else {
            throw failure("a number with a leading zero")
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw failure("a number without digits after its point") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw failure("a number without digits in its exponent") }
        }
        if isInteger, let whole = wholeNumber(bytes[start..<position]) { return whole }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            position = start
            throw failure("a number too large")
        }
        return .double(double)
    }

    /// The integer `digits` (an optional minus, then decimal digits) writes, if it fits in
    /// `Int64` (or, positive, in `UInt64`).
    private func wholeNumber(_ digits: ArraySlice<UInt8>) -> JSONNode? {
        let negative = digits.first == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for digit in digits.dropFirst(negative ? 1 : 0) {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if overflow || carry { return nil }
            magnitude = sum
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            return magnitude == UInt64(Int64.max) + 1 ? .integer(.min) : nil
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsigned(magnitude)
    }
}
