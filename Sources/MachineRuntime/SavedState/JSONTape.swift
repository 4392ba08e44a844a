/// A JSON document as read: one flat array of entries over the document's bytes.
///
/// A restore reads each field once, so the document is not built into a tree of values:
/// ``JSONParser`` records each value as an ``Entry`` (a few words, no allocation of its own),
/// a string as the range of its bytes, made into a `String` only when a field is read, and an
/// object or array with the index just past its last descendant, so a reader steps over it in
/// one move. A field's place in the document (`requests[2].madeAt`) is worked out from its index
/// only when an error needs it (``codingPath(to:)``). Writing goes the other way, through
/// ``JSONNode``. It keeps an index of each large object a member was looked up in, so it belongs
/// to one reader at a time.
final class JSONTape {
    /// What an entry holds.
    enum Kind: UInt8 {
        case null, bool, integer, unsigned, double, string, array, object
    }

    /// One value. Its members or items are the entries after it, up to ``end``: for an
    /// object, each member's key (a string entry) and then its value.
    struct Entry {
        var kind: Kind
        /// A boolean's value; for a string, whether it is in ``JSONTape/strings`` rather than
        /// plain ASCII in the document's bytes.
        var flag: Bool
        /// A string's first byte (or its index in ``JSONTape/strings``); a number's bits
        /// (`Int64`, `UInt64` or `Double`); an object's or array's count of members or items.
        var first: Int64
        /// A plain string's end byte.
        var last: Int
        /// The index of the entry after this one and everything inside it.
        var end: Int
        /// The object or array this value is in (-1 for the document's value), and its place
        /// there (its item's position, or its member's): what a coding path is made of.
        var parent: Int
        var position: Int
    }

    let bytes: [UInt8]
    /// The document's entries, its value first.
    let entries: [Entry]
    /// The strings that are not plain ASCII (escaped or beyond ASCII), decoded and validated
    /// when the document was read.
    let strings: [String]

    init(bytes: [UInt8], entries: [Entry], strings: [String]) {
        self.bytes = bytes
        self.entries = entries
        self.strings = strings
    }

    /// The string at `index` (which must be a string entry).
    func string(at index: Int) -> String {
        let entry = entries[index]
        if entry.flag { return strings[Int(entry.first)] }
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.first)..<entry.last]), as: UTF8.self)
        }
    }

    /// Whether the string at `index` is `key`, whose UTF-8 is `keyBytes`, all ASCII. A plain
    /// string (ASCII, unescaped) is compared by its bytes, where Swift's equality agrees; most
    /// differ from the key in length.
    func string(at index: Int, equals key: String, asciiBytes keyBytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entries[index]
        if entry.flag { return strings[Int(entry.first)] == key }
        let start = Int(entry.first)
        guard entry.last - start == keyBytes.count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            for offset in 0..<keyBytes.count where keyBytes[offset] != bytes[start &+ offset] { return false }
            return true
        }
    }

    /// Objects with more members than this get an index of their keys at their first lookup.
    static let indexedMemberCount = 64
    /// The indexes of large objects, by the object's entry: each key's value (the first, if
    /// written twice).
    private var memberIndexes: [Int: [String: Int]] = [:]

    /// The index of the value of `key` in the object at `object` (the first, if written twice).
    ///
    /// A small object is searched in order. A large one (a dictionary, say) is indexed once, so
    /// that reading every member of an object of n members costs O(n), not O(n²).
    func member(_ key: String, of object: Int) -> Int? {
        if entries[object].first > Self.indexedMemberCount { return memberIndex(of: object)[key] }
        var utf8 = key
        return utf8.withUTF8 { keyBytes in
            let keyIsASCII = !keyBytes.contains { $0 >= 0x80 }
            // Keys are equal as Swift's strings are (canonical equivalence, as `JSONDecoder`'s
            // are): a non-ASCII key may equal a plain (ASCII) one, but only one of as many
            // characters as the key has scalars (the few scalars whose canonical form is ASCII,
            // like the Kelvin sign, are one character each), so other plain members are not
            // made into strings to be compared.
            let scalars = keyIsASCII ? keyBytes.count : key.unicodeScalars.count
            var index = object + 1
            let end = entries[object].end
            while index < end {
                let entry = entries[index]
                let matches =
                    keyIsASCII
                    ? string(at: index, equals: key, asciiBytes: keyBytes)
                    : (entry.flag || entry.last - Int(entry.first) == scalars) && string(at: index) == key
                if matches { return index + 1 }
                index = entries[index + 1].end
            }
            return nil
        }
    }

    /// The index of the keys of the large object at `object`, made at its first lookup.
    private func memberIndex(of object: Int) -> [String: Int] {
        if let known = memberIndexes[object] { return known }
        var index: [String: Int] = [:]
        index.reserveCapacity(Int(entries[object].first))
        for key in keys(of: object) {
            let name = string(at: key)
            if index[name] == nil { index[name] = key + 1 }
        }
        memberIndexes[object] = index
        return index
    }

    /// The indices of the keys of the object at `object`, in the order written.
    func keys(of object: Int) -> [Int] {
        var keys: [Int] = []
        var index = object + 1
        let end = entries[object].end
        while index < end {
            keys.append(index)
            index = entries[index + 1].end
        }
        return keys
    }

    /// The indices of the items of the array at `array`.
    func items(of array: Int) -> [Int] {
        var items: [Int] = []
        items.reserveCapacity(Int(entries[array].first))
        var index = array + 1
        let end = entries[array].end
        while index < end {
            items.append(index)
            index = entries[index].end
        }
        return items
    }

    /// The keys from the document to the value at `target`: its object's keys and its arrays'
    /// positions, up the chain of its containers (so it costs the depth, not the position).
    func codingPath(to target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = target
        while current >= 0, current < entries.count {
            let entry = entries[current]
            guard entry.parent >= 0 else { break }
            // A member's value comes right after its key.
            path.append(
                entries[entry.parent].kind == .object
                    ? JSONKey(stringValue: string(at: current - 1)) : JSONKey(intValue: entry.position))
            current = entry.parent
        }
        return path.reversed()
    }
}
