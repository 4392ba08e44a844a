/// A `Decoder` that reads the value at one entry of a ``JSONTape``.
///
/// A struct of two words, so that handing it to a type's `init(from:)` as `any Decoder`
/// allocates nothing; its coding path is worked out from its index only when asked for.
struct NodeDecoder: Decoder {
    let tape: JSONTape
    let index: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: index) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.entries[index].kind == .object else { throw Self.mismatch([String: String].self, tape, index) }
        return KeyedDecodingContainer(KeyedNodeReader(tape: tape, index: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.entries[index].kind == .array else { throw Self.mismatch([String].self, tape, index) }
        return UnkeyedNodeReader(tape: tape, index: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNodeReader(tape: tape, index: index) }

    /// Reads a `T` from the entry at `index`: a primitive directly, anything else through its `init(from:)`.
    static func value<T: Decodable>(_ type: T.Type, _ tape: JSONTape, _ index: Int) throws -> T {
        if T.self == String.self, let value = try string(tape, index) as? T { return value }
        if T.self == Int.self, let value = try integer(Int.self, tape, index) as? T { return value }
        if T.self == Int64.self, let value = try integer(Int64.self, tape, index) as? T { return value }
        if T.self == UInt64.self, let value = try integer(UInt64.self, tape, index) as? T { return value }
        if T.self == Double.self, let value = try double(tape, index) as? T { return value }
        if T.self == Bool.self, let value = try bool(tape, index) as? T { return value }
        return try T(from: NodeDecoder(tape: tape, index: index))
    }

    static func string(_ tape: JSONTape, _ index: Int) throws -> String {
        guard tape.entries[index].kind == .string else { throw mismatch(String.self, tape, index) }
        return tape.string(at: index)
    }

    static func bool(_ tape: JSONTape, _ index: Int) throws -> Bool {
        let entry = tape.entries[index]
        guard entry.kind == .bool else { throw mismatch(Bool.self, tape, index) }
        return entry.flag
    }

    static func double(_ tape: JSONTape, _ index: Int) throws -> Double {
        let entry = tape.entries[index]
        switch entry.kind {
        case .double: return Double(bitPattern: UInt64(bitPattern: entry.first))
        case .integer: return Double(entry.first)
        case .unsigned: return Double(UInt64(bitPattern: entry.first))
        default: throw mismatch(Double.self, tape, index)
        }
    }

    static func float(_ tape: JSONTape, _ index: Int) throws -> Float {
        let value = Float(try double(tape, index))
        guard value.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: tape.codingPath(to: index), debugDescription: "the number does not fit in a Float"))
        }
        return value
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ tape: JSONTape, _ index: Int) throws -> I {
        let entry = tape.entries[index]
        let value: I?
        switch entry.kind {
        case .integer: value = I(exactly: entry.first)
        case .unsigned: value = I(exactly: UInt64(bitPattern: entry.first))
        case .double: value = I(exactly: Double(bitPattern: UInt64(bitPattern: entry.first)))
        default: throw mismatch(I.self, tape, index)
        }
        guard let value else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: tape.codingPath(to: index),
                    debugDescription: "the number is not a whole number that fits in \(I.self)"))
        }
        return value
    }

    static func mismatch(_ type: Any.Type, _ tape: JSONTape, _ index: Int) -> DecodingError {
        let found =
            switch tape.entries[index].kind {
            case .null: "null"
            case .bool: "a boolean"
            case .integer, .unsigned, .double: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        let codingPath = tape.codingPath(to: index)
        if tape.entries[index].kind == .null {
            return DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
        }
        return DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(found)"))
    }
}

struct KeyedNodeReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let tape: JSONTape
    /// The object's entry.
    let index: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: index) }
    var allKeys: [Key] { tape.keys(of: index).compactMap { Key(stringValue: tape.string(at: $0)) } }

    func contains(_ key: Key) -> Bool { tape.member(key.stringValue, of: index) != nil }

    private func member(_ key: Key) throws -> Int {
        guard let value = tape.member(key.stringValue, of: index) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { tape.entries[try member(key)].kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try NodeDecoder.bool(tape, member(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try NodeDecoder.string(tape, member(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try NodeDecoder.double(tape, member(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try NodeDecoder.float(tape, member(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try NodeDecoder.integer(type, tape, member(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try NodeDecoder.integer(type, tape, member(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try NodeDecoder.value(type, tape, member(key)) }

    // An optional is looked up once, not three times as the default `decodeIfPresent` does
    // (`contains`, `decodeNil`, `decode`).

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = tape.member(key.stringValue, of: index), tape.entries[value].kind != .null else { return nil }
        return try NodeDecoder.value(type, tape, value)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = tape.member(key.stringValue, of: index), tape.entries[value].kind != .null else { return nil }
        return try NodeDecoder.string(tape, value)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(tape: tape, index: member(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(tape: tape, index: member(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { superDecoder(named: JSONKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(named: key) }

    private func superDecoder(named key: any CodingKey) -> any Decoder {
        guard let value = tape.member(key.stringValue, of: index) else {
            return MissingMemberDecoder(codingPath: codingPath + [key])
        }
        return NodeDecoder(tape: tape, index: value)
    }
}

struct UnkeyedNodeReader: UnkeyedDecodingContainer {
    let tape: JSONTape
    /// The array's entry.
    let array: Int
    /// The next item's entry.
    private var next: Int
    private(set) var currentIndex = 0

    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.array = index
        self.next = index + 1
    }

    var codingPath: [any CodingKey] { tape.codingPath(to: array) }
    var count: Int? { Int(tape.entries[array].first) }
    var isAtEnd: Bool { next >= tape.entries[array].end }

    /// The next item's entry, stepping past it.
    private mutating func item(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [JSONKey(intValue: currentIndex)],
                    debugDescription: "the array has only \(currentIndex) items"))
        }
        let item = next
        next = tape.entries[item].end
        currentIndex += 1
        return item
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, tape.entries[next].kind == .null else { return false }
        _ = try item(Never.self)
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try NodeDecoder.bool(tape, item(type)) }
    mutating func decode(_ type: String.Type) throws -> String { try NodeDecoder.string(tape, item(type)) }
    mutating func decode(_ type: Double.Type) throws -> Double { try NodeDecoder.double(tape, item(type)) }
    mutating func decode(_ type: Float.Type) throws -> Float { try NodeDecoder.float(tape, item(type)) }
    mutating func decode(_ type: Int.Type) throws -> Int { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try NodeDecoder.integer(type, tape, item(type)) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try NodeDecoder.integer(type, tape, item(type)) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try NodeDecoder.value(type, tape, item(type)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey>
    {
        try NodeDecoder(tape: tape, index: item([String: String].self)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(tape: tape, index: item([String].self)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { NodeDecoder(tape: tape, index: try item(Any.self)) }
}

struct SingleNodeReader: SingleValueDecodingContainer {
    let tape: JSONTape
    let index: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: index) }

    func decodeNil() -> Bool { tape.entries[index].kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try NodeDecoder.bool(tape, index) }
    func decode(_ type: String.Type) throws -> String { try NodeDecoder.string(tape, index) }
    func decode(_ type: Double.Type) throws -> Double { try NodeDecoder.double(tape, index) }
    func decode(_ type: Float.Type) throws -> Float { try NodeDecoder.float(tape, index) }
    func decode(_ type: Int.Type) throws -> Int { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: Int8.Type) throws -> Int8 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: Int16.Type) throws -> Int16 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: Int32.Type) throws -> Int32 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: Int64.Type) throws -> Int64 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: UInt.Type) throws -> UInt { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try NodeDecoder.integer(type, tape, index) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try NodeDecoder.integer(type, tape, index) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try NodeDecoder.value(type, tape, index) }
}

/// The decoder of a member an object lacks, which `superDecoder(forKey:)` gives: as with
/// Foundation's decoder, it reads as `null`, at the member's coding path.
struct MissingMemberDecoder: Decoder, SingleValueDecodingContainer {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw null([String: String].self)
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw null([String].self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    private func null(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null"))
    }

    func decodeNil() -> Bool { true }
    func decode(_ type: Bool.Type) throws -> Bool { throw null(type) }
    func decode(_ type: String.Type) throws -> String { throw null(type) }
    func decode(_ type: Double.Type) throws -> Double { throw null(type) }
    func decode(_ type: Float.Type) throws -> Float { throw null(type) }
    func decode(_ type: Int.Type) throws -> Int { throw null(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { throw null(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { throw null(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { throw null(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { throw null(type) }
    func decode(_ type: UInt.Type) throws -> UInt { throw null(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw null(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw null(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw null(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw null(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}
