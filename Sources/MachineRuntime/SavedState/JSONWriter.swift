/// Writes a ``JSONNode`` as compact JSON with its object keys sorted, so that one value always
/// gives the same bytes.
enum JSONWriter {
    /// The text of `node`.
    ///
    /// - Throws: `EncodingError.invalidValue` for an infinite or NaN number, which JSON cannot carry.
    static func bytes(of node: JSONNode) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        do {
            try write(node, into: &output)
        } catch {
            throw EncodingError.invalidValue(
                error.value, .init(codingPath: error.keys.reversed(), debugDescription: "\(error.value) is not a JSON number"))
        }
        return output
    }

    /// A number JSON cannot carry, and the keys to it, innermost first (gathered only on the way
    /// out of an error, so that writing costs nothing for them).
    private struct NonFiniteNumber: Error {
        let value: Double
        var keys: [any CodingKey] = []
    }

    private static func write(_ node: JSONNode, into output: inout [UInt8]) throws(NonFiniteNumber) {
        switch node {
        case .null: write("null", into: &output)
        case .bool(let value): write(value ? "true" : "false", into: &output)
        case .integer(let value):
            if value < 0 { output.append(UInt8(ascii: "-")) }
            writeDigits(of: value.magnitude, into: &output)
        case .unsigned(let value): writeDigits(of: value, into: &output)
        case .double(let value):
            guard value.isFinite else { throw NonFiniteNumber(value: value) }
            // The shortest text that reads back as the same number: `40.725`, `1e-05`, `5e+20`.
            output.append(contentsOf: value.description.utf8)
        case .string(let value): writeString(value, into: &output)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (index, item) in array.items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                do {
                    try write(item, into: &output)
                } catch {
                    throw NonFiniteNumber(value: error.value, keys: error.keys + [JSONKey(intValue: index)])
                }
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            let members = object.members
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(members[index].key, into: &output)
                output.append(UInt8(ascii: ":"))
                do {
                    try write(members[index].value, into: &output)
                } catch {
                    throw NonFiniteNumber(value: error.value, keys: error.keys + [JSONKey(stringValue: members[index].key)])
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func write(_ literal: StaticString, into output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// The decimal digits of `value`, without making a `String` of them.
    private static func writeDigits(of value: UInt64, into output: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt64.max's 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(buffer.count - count)...]))
        }
    }

    private static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    index &+= 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                index &+= 1
                start = index
                switch byte {
                case UInt8(ascii: "\""): write(#"\""#, into: &output)
                case UInt8(ascii: "\\"): write(#"\\"#, into: &output)
                case UInt8(ascii: "\n"): write(#"\n"#, into: &output)
                case UInt8(ascii: "\r"): write(#"\r"#, into: &output)
                case UInt8(ascii: "\t"): write(#"\t"#, into: &output)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    write(#"\u00"#, into: &output)
                    output.append(hex[Int(byte >> 4)])
                    output.append(hex[Int(byte & 0xF)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// An `Encoder` that builds the ``JSONNode`` of one value, for ``JSONWriter``.
final class NodeEncoder: JSONPath, Encoder {
    var node: JSONNode?
    /// For a super encoder: puts what it encoded in its place in the container that gave it,
    /// once it is done (released), whatever container it encoded through, as Foundation's
    /// encoder does.
    private let writeBack: ((JSONNode) -> Void)?

    init(parent: JSONPath?, key: (any CodingKey)?, writeBack: ((JSONNode) -> Void)? = nil) {
        self.writeBack = writeBack
        super.init(parent: parent, key: key)
    }

    deinit { writeBack?(node ?? .object(JSONObject())) }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object)? = node { return KeyedEncodingContainer(KeyedNodeWriter(object: object, path: self)) }
        let object = JSONObject()
        node = .object(object)
        return KeyedEncodingContainer(KeyedNodeWriter(object: object, path: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let array)? = node { return UnkeyedNodeWriter(array: array, path: self) }
        let array = JSONArray()
        node = .array(array)
        return UnkeyedNodeWriter(array: array, path: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeWriter(encoder: self) }

    /// The node of `value`, at `key` of `parent`: a primitive directly, anything else through
    /// its `encode(to:)`.
    static func node<T: Encodable>(of value: T, in parent: JSONPath?, key: (any CodingKey)?) throws -> JSONNode {
        // Comparing the types first is cheap; a failed dynamic cast is not.
        if T.self == String.self, let string = value as? String { return .string(string) }
        if T.self == Int.self, let integer = value as? Int { return .integer(Int64(integer)) }
        if T.self == Int64.self, let integer = value as? Int64 { return .integer(integer) }
        if T.self == Double.self, let double = value as? Double { return .double(double) }
        if T.self == Bool.self, let bool = value as? Bool { return .bool(bool) }
        let encoder = NodeEncoder(parent: parent, key: key)
        try value.encode(to: encoder)
        return encoder.node ?? .object(JSONObject())
    }

    static func node<T: BinaryInteger>(ofInteger value: T) -> JSONNode {
        if let signed = Int64(exactly: value) { return .integer(signed) }
        return .unsigned(UInt64(value))
    }
}

struct KeyedNodeWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONObject
    let path: JSONPath

    var codingPath: [any CodingKey] { path.codingPath }

    mutating func encodeNil(forKey key: Key) throws { object.set(JSONMember(key.stringValue, .null)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, .bool(value)))
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, .string(value)))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, .double(value)))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, .double(Double(value))))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, .integer(Int64(value))))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, .integer(value)))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, NodeEncoder.node(ofInteger: value)))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(JSONMember(key.stringValue, try NodeEncoder.node(of: value, in: path, key: key)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObject()
        object.set(JSONMember(key.stringValue, .object(nested)))
        return KeyedEncodingContainer(KeyedNodeWriter<NestedKey>(object: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArray()
        object.set(JSONMember(key.stringValue, .array(nested)))
        return UnkeyedNodeWriter(array: nested, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let object = self.object
        let name = key.stringValue
        return NodeEncoder(parent: path, key: key, writeBack: { object.set(JSONMember(name, $0)) })
    }
}

struct UnkeyedNodeWriter: UnkeyedEncodingContainer {
    let array: JSONArray
    let path: JSONPath

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int { array.items.count }

    mutating func encodeNil() throws { array.items.append(.null) }
    mutating func encode(_ value: Bool) throws { array.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.items.append(.double(value)) }
    mutating func encode(_ value: Float) throws { array.items.append(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { array.items.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: Int16) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: Int32) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: Int64) throws { array.items.append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: UInt8) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: UInt16) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: UInt32) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }
    mutating func encode(_ value: UInt64) throws { array.items.append(NodeEncoder.node(ofInteger: value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = array.items.count
        array.items.append(try NodeEncoder.node(of: value, in: path, key: JSONKey(intValue: index)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObject()
        let key = JSONKey(intValue: array.items.count)
        array.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedNodeWriter<NestedKey>(object: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArray()
        let key = JSONKey(intValue: array.items.count)
        array.items.append(.array(nested))
        return UnkeyedNodeWriter(array: nested, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        let array = self.array
        let index = array.items.count
        array.items.append(.object(JSONObject()))  // its place, filled when the encoder is done
        return NodeEncoder(parent: path, key: JSONKey(intValue: index), writeBack: { array.items[index] = $0 })
    }
}

struct SingleNodeWriter: SingleValueEncodingContainer {
    let encoder: NodeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node = .null }
    mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.node = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.node = .double(value) }
    mutating func encode(_ value: Float) throws { encoder.node = .double(Double(value)) }
    mutating func encode(_ value: Int) throws { encoder.node = .integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: Int16) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: Int32) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: Int64) throws { encoder.node = .integer(value) }
    mutating func encode(_ value: UInt) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: UInt8) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: UInt16) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: UInt32) throws { encoder.node = NodeEncoder.node(ofInteger: value) }
    mutating func encode(_ value: UInt64) throws { encoder.node = NodeEncoder.node(ofInteger: value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.node = try NodeEncoder.node(of: value, in: encoder.parent, key: encoder.key)
    }
}
