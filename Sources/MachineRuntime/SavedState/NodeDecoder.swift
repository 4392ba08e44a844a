/// A `Decoder` that reads one value from its ``JSONNode``, parsed by ``JSONParser``.
final class NodeDecoder: Decoder {
    let node: JSONNode
    let path: JSONPath

    init(node: JSONNode, path: JSONPath) {
        self.node = node
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node else { throw Self.mismatch([String: String].self, node, path) }
        return KeyedDecodingContainer(KeyedNodeReader(object: object, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = node else { throw Self.mismatch([String].self, node, path) }
        return UnkeyedNodeReader(items: array.items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNodeReader(node: node, path: path) }

    /// Reads a `T` from `node`: a primitive directly, anything else through its `init(from:)`.
    static func value<T: Decodable>(_ type: T.Type, from node: JSONNode, at path: @autoclosure () -> JSONPath) throws -> T {
        if T.self == String.self, let value = try string(node, path()) as? T { return value }
        if T.self == Int.self, let value = try integer(Int.self, node, path()) as? T { return value }
        if T.self == Int64.self, let value = try integer(Int64.self, node, path()) as? T { return value }
        if T.self == UInt64.self, let value = try integer(UInt64.self, node, path()) as? T { return value }
        if T.self == Double.self, let value = try double(node, path()) as? T { return value }
        if T.self == Bool.self, let value = try bool(node, path()) as? T { return value }
        return try T(from: NodeDecoder(node: node, path: path()))
    }

    static func string(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws -> String {
        guard case .string(let value) = node else { throw mismatch(String.self, node, path()) }
        return value
    }

    static func bool(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws -> Bool {
        guard case .bool(let value) = node else { throw mismatch(Bool.self, node, path()) }
        return value
    }

    static func double(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws -> Double {
        switch node {
        case .double(let value): return value
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        default: throw mismatch(Double.self, node, path())
        }
    }

    static func float(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws -> Float {
        let value = Float(try double(node, path()))
        guard value.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path().codingPath, debugDescription: "the number does not fit in a Float"))
        }
        return value
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws -> I {
        let value: I?
        switch node {
        case .integer(let number): value = I(exactly: number)
        case .unsigned(let number): value = I(exactly: number)
        case .double(let number): value = I(exactly: number)
        default: throw mismatch(I.self, node, path())
        }
        guard let value else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path().codingPath, debugDescription: "the number is not a whole number that fits in \(I.self)"))
        }
        return value
    }

    static func mismatch(_ type: Any.Type, _ node: JSONNode, _ path: JSONPath) -> DecodingError {
        let found =
            switch node {
            case .null: "null"
            case .bool: "a boolean"
            case .integer, .unsigned, .double: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        if case .null = node {
            return DecodingError.valueNotFound(type, .init(codingPath: path.codingPath, debugDescription: "found null"))
        }
        return DecodingError.typeMismatch(type, .init(codingPath: path.codingPath, debugDescription: "found \(found)"))
    }
}

struct KeyedNodeReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let path: JSONPath

    var codingPath: [any CodingKey] { path.codingPath }
    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.value(for: key.stringValue) != nil }

    private func member(_ key: Key) throws -> JSONNode {
        guard let value = object.value(for: key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: path.codingPath, debugDescription: "missing"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try NodeDecoder.bool(member(key), path.appending(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try NodeDecoder.string(member(key), path.appending(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try NodeDecoder.double(member(key), path.appending(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try NodeDecoder.float(member(key), path.appending(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try NodeDecoder.integer(type, member(key), path.appending(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try NodeDecoder.value(type, from: member(key), at: path.appending(key))
    }

    // An optional is looked up once, not three times as the default `decodeIfPresent` does
    // (`contains`, `decodeNil`, `decode`).

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = object.value(for: key.stringValue) else { return nil }
        if case .null = node { return nil }
        return try NodeDecoder.value(type, from: node, at: path.appending(key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let node = object.value(for: key.stringValue) else { return nil }
        if case .null = node { return nil }
        return try NodeDecoder.string(node, path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: member(key), path: path.appending(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: member(key), path: path.appending(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = JSONKey(stringValue: "super")
        return NodeDecoder(node: object.value(for: key.stringValue) ?? .null, path: path.appending(key))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: object.value(for: key.stringValue) ?? .null, path: path.appending(key))
    }
}

struct UnkeyedNodeReader: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let path: JSONPath
    var currentIndex = 0

    init(items: [JSONNode], path: JSONPath) {
        self.items = items
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The next item and its index.
    private mutating func next(_ type: Any.Type) throws -> (JSONNode, Int) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path.codingPath + [JSONKey(intValue: currentIndex)],
                    debugDescription: "the array has only \(items.count) items"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], currentIndex)
    }

    private func path(at index: Int) -> JSONPath { path.appending(JSONKey(intValue: index)) }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (node, index) = try next(type); return try NodeDecoder.bool(node, path(at: index))
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let (node, index) = try next(type); return try NodeDecoder.string(node, path(at: index))
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let (node, index) = try next(type); return try NodeDecoder.double(node, path(at: index))
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let (node, index) = try next(type); return try NodeDecoder.float(node, path(at: index))
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        let (node, index) = try next(type); return try NodeDecoder.integer(type, node, path(at: index))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, index) = try next(type)
        return try NodeDecoder.value(type, from: node, at: path(at: index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey>
    {
        let (node, index) = try next([String: String].self)
        return try NodeDecoder(node: node, path: path(at: index)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, index) = try next([String].self)
        return try NodeDecoder(node: node, path: path(at: index)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, index) = try next(Any.self)
        return NodeDecoder(node: node, path: path(at: index))
    }
}

struct SingleNodeReader: SingleValueDecodingContainer {
    let node: JSONNode
    let path: JSONPath

    var codingPath: [any CodingKey] { path.codingPath }

    func decodeNil() -> Bool {
        if case .null = node { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try NodeDecoder.bool(node, path) }
    func decode(_ type: String.Type) throws -> String { try NodeDecoder.string(node, path) }
    func decode(_ type: Double.Type) throws -> Double { try NodeDecoder.double(node, path) }
    func decode(_ type: Float.Type) throws -> Float { try NodeDecoder.float(node, path) }
    func decode(_ type: Int.Type) throws -> Int { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: UInt.Type) throws -> UInt { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try NodeDecoder.integer(type, node, path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try NodeDecoder.integer(type, node, path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try NodeDecoder.value(type, from: node, at: path) }
}
