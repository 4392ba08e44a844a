/// Turns the bytes a terminal in raw mode sends into keys: UTF-8 text, control keys, and the
/// escape sequences of the arrows and the editing keys (CSI `ESC [ … final` and SS3 `ESC O x`).
///
/// A sequence can arrive split across reads, so an incomplete one is held back until its next
/// bytes come. Escape alone is the start of every sequence: a lone `ESC` is held back too, and
/// the caller calls ``flush()`` when no byte has followed it for a moment (a few tens of
/// milliseconds: a sequence's bytes arrive together), which decodes it as ``Key/escape``.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing held back.
    package init() {}

    /// Whether bytes are held back: a lone escape or an incomplete sequence, waiting for
    /// more bytes or for ``flush()``.
    package var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` complete, in order; an incomplete sequence at the end is held back.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decodePending(final: false)
    }

    /// The keys of the bytes held back, taken as complete: a lone escape is ``Key/escape``, an
    /// incomplete sequence is an escape followed by its other bytes as keys, and an incomplete
    /// UTF-8 character is dropped.
    package mutating func flush() -> [Key] {
        decodePending(final: true)
    }

    private mutating func decodePending(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            switch Self.decodeOne(pending[index...]) {
            case .key(let key, let length):
                if let key { keys.append(key) }
                index += length
            case .incomplete:
                guard final else {
                    pending.removeFirst(index)
                    return keys
                }
                if pending[index] == 0x1B {
                    keys.append(.escape)
                    index += 1
                } else {
                    // An incomplete UTF-8 character: nothing to type.
                    index = pending.count
                }
            }
        }
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    private enum Decoded {
        /// A key (or `nil` for bytes that mean nothing here) and how many bytes it took.
        case key(Key?, length: Int)
        case incomplete
    }

    private static func decodeOne(_ bytes: ArraySlice<UInt8>) -> Decoded {
        let start = bytes.startIndex
        let first = bytes[start]
        switch first {
        case 0x1B:
            return decodeEscape(bytes)
        case 0x0D, 0x0A:
            return .key(.enter, length: 1)
        case 0x09:
            return .key(.tab, length: 1)
        case 0x7F, 0x08:
            return .key(.backspace, length: 1)
        case 0x01...0x1A:
            return .key(.control(Character(Unicode.Scalar(first - 1 + 0x61))), length: 1)
        case 0x00, 0x1C...0x1F:
            return .key(nil, length: 1)
        case 0x20..<0x80:
            return .key(.text(Character(Unicode.Scalar(first))), length: 1)
        default:
            return decodeUTF8(bytes)
        }
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> Decoded {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // Parameters and intermediates, then one final byte.
            var index = start + 2
            while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return .incomplete }
            let length = index - start + 1
            guard (0x40...0x7E).contains(bytes[index]) else { return .key(nil, length: length) }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            return .key(csiKey(final: bytes[index], parameters: parameters), length: length)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return .incomplete }
            return .key(letterKey(bytes[start + 2]), length: 3)
        case 0x1B:
            // Escape pressed twice: the first is a key of its own.
            return .key(.escape, length: 1)
        default:
            // Alt with a key: the escape, then the key.
            return .key(.escape, length: 1)
        }
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        guard final == UInt8(ascii: "~") else { return letterKey(final) }
        switch parameters.split(separator: ";").first {
        case "1", "7": return .home
        case "4", "8": return .end
        case "3": return .delete
        case "5": return .pageUp
        case "6": return .pageDown
        default: return nil
        }
    }

    private static func letterKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> Decoded {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .key(nil, length: 1)
        }
        guard bytes.count >= length else {
            // Wait only while the bytes so far can still be a character.
            let continuing = bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
            return continuing ? .incomplete : .key(nil, length: 1)
        }
        var decoder = UTF8()
        var iterator = bytes.prefix(length).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .key(nil, length: 1) }
        return .key(.text(Character(scalar)), length: length)
    }
}
