#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One pass over a saved state's text before `JSONDecoder` reads it, for what the decoder lets
/// through or cannot place.
///
/// It refuses, saying where (line and column):
/// - bytes that are not UTF-8 (the decoder would refuse them only in a field it reads, without
///   saying where);
/// - a key written twice in one object, however it is spelled (escapes, canonically equivalent
///   strings: keys compare as Swift's strings do): the decoder silently keeps one of the two,
///   where other readers keep the other;
/// - nesting deeper than ``maximumDepth``;
/// - a byte that no JSON text has outside its strings (a byte-order mark, the zeros of UTF-16,
///   a stray letter), so that the decoder reads the text as UTF-8, as the scan does;
/// - text that ends inside a string, an object or an array (a file cut short).
///
/// Everything else (whether the strings and numbers are well-formed, the grammar) is the
/// decoder's to judge.
enum JSONScan {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 256

    static func check(_ bytes: [UInt8]) throws(SavedStateError) {
        if String(validating: bytes, as: UTF8.self) == nil {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var position = 0
            while case .valid(let scalar) = parser.parseScalar(from: &iterator) { position += scalar.count }
            throw failure("a byte that is not UTF-8", bytes, at: position)
        }
        // The arrays and objects the position is in, innermost last, and the keys read so far of
        // the objects among them, in one list (an object's keys follow its enclosing object's).
        var open: [Container] = []
        var keys: [String] = []
        var expectsKey = false
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let start = position
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < bytes.count else { throw failure("the text ends inside a string", bytes, at: bytes.count) }
                position += 1
                if expectsKey, let object = open.indices.last {
                    guard let key = key(bytes[start..<position]) else {
                        throw failure("a key that is not a valid JSON string", bytes, at: start)
                    }
                    guard open[object].insert(key, into: &keys) else {
                        throw failure("the key \"\(key.prefix(40))\" is written twice in one object", bytes, at: start)
                    }
                }
                expectsKey = false
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < maximumDepth else { throw failure("nesting deeper than \(maximumDepth)", bytes, at: position) }
                open.append(Container(isObject: byte == UInt8(ascii: "{"), firstKey: keys.count))
                expectsKey = byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let closed = open.popLast() { keys.removeSubrange(closed.firstKey...) }
                expectsKey = false
            case UInt8(ascii: ","):
                expectsKey = open.last?.isObject ?? false
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ":"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "E"), UInt8(ascii: "e"), UInt8(ascii: "a"), UInt8(ascii: "f"), UInt8(ascii: "l"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "u"):
                break
            default:
                throw failure("unexpected character", bytes, at: position)
            }
            position += 1
        }
        if let innermost = open.last {
            throw failure("the text ends inside \(innermost.isObject ? "an object" : "an array")", bytes, at: bytes.count)
        }
    }

    /// An array or object the scan is in.
    private struct Container {
        let isObject: Bool
        /// Where the object's keys start in the scan's list of keys.
        let firstKey: Int
        /// The object's keys as a set, made once it has more than ``searchedKeys`` (a large
        /// dictionary), so that reading n keys costs O(n), not O(n²).
        var keySet: Set<String>?

        init(isObject: Bool, firstKey: Int) {
            self.isObject = isObject
            self.firstKey = firstKey
        }

        /// Objects with at most this many keys are searched in order: most have a few, and
        /// comparing them costs less than hashing them.
        static let searchedKeys = 16

        /// Adds `key` to the object's keys (the end of `keys`); false if it has it already, as
        /// Swift's strings compare.
        mutating func insert(_ key: String, into keys: inout [String]) -> Bool {
            if keys.count - firstKey < Self.searchedKeys {
                if keys[firstKey...].contains(key) { return false }
            } else {
                var set = keySet ?? Set(keys[firstKey...])
                keySet = nil
                guard set.insert(key).inserted else { return false }
                keySet = set
            }
            keys.append(key)
            return true
        }
    }

    /// The key written as `text` (a JSON string, quotes included, valid UTF-8), or `nil` if it
    /// is none. A key without escapes is its bytes; one with escapes is read by the decoder.
    private static func key(_ text: ArraySlice<UInt8>) -> String? {
        let inside = text.dropFirst().dropLast()
        guard inside.contains(UInt8(ascii: "\\")) else { return String(decoding: inside, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(text))
    }

    private static func failure(_ problem: String, _ bytes: [UInt8], at position: Int) -> SavedStateError {
        var line = 1
        var column = 1
        for byte in bytes[..<position] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .corrupt("not valid JSON: \(problem) at line \(line), column \(column)")
    }
}
