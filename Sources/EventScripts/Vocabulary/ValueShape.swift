import MachineCore

/// How values of a Swift type `T` are written in scripts: their ``ValueType``, and the
/// conversions both ways, each written once. What a transcript shows of a `T`, and whether two
/// `T`s are the same for scripts, follow from the ``Value`` that `encode` gives.
///
/// The common shapes come ready: ``string``, ``integer``, ``number``, ``duration``, ``bool``,
/// `enumeration`, and ``optional(_:)`` and ``list(_:)`` of those; ``within(_:)`` limits one to
/// a range. Context fields (``ContextField``) and constructors of one argument (``Constructor``)
/// take a shape.
public struct ValueShape<T>: Sendable {
    /// The type of the values in scripts.
    public let type: ValueType
    /// A `T` as a value.
    public let encode: @Sendable (T) -> Value
    /// A checked value of ``type`` as a `T`; throws when it is not one (a value out of range).
    public let decode: @Sendable (Value) throws(ConversionError) -> T
    /// How many elements a value has, for a list's shape (``list(_:)``): what a path's `count`
    /// reads without making the list's ``Value``; `nil` for any other shape.
    @usableFromInline let elementCount: (@Sendable (T) -> Int)?

    /// A shape of values of `type`.
    @inlinable
    public init(
        _ type: ValueType, encode: @escaping @Sendable (T) -> Value,
        decode: @escaping @Sendable (Value) throws(ConversionError) -> T
    ) {
        self.init(type, encode: encode, decode: decode, elementCount: nil)
    }

    /// A shape whose values have `elementCount` elements when it is a list's.
    @inlinable
    init(
        _ type: ValueType, encode: @escaping @Sendable (T) -> Value,
        decode: @escaping @Sendable (Value) throws(ConversionError) -> T, elementCount: (@Sendable (T) -> Int)?
    ) {
        self.type = type
        self.encode = encode
        self.decode = decode
        self.elementCount = elementCount
    }

    /// The shape of `T?`: `nil` or a value of `wrapped`.
    @inlinable
    public static func optional<Wrapped>(_ wrapped: ValueShape<Wrapped>) -> ValueShape where T == Wrapped? {
        ValueShape(
            .optional(wrapped.type), encode: { $0.map(wrapped.encode) ?? .null },
            decode: { value throws(ConversionError) in value == .null ? nil : try wrapped.decode(value) })
    }

    /// The shape of `[Element]`: a list of values of `element`.
    @inlinable
    public static func list<Element>(_ element: ValueShape<Element>) -> ValueShape where T == [Element] {
        ValueShape(
            .list(element.type), encode: { .list($0.map(element.encode)) },
            decode: { value throws(ConversionError) in
                guard case .list(let values) = value else {
                    throw ConversionError("expected \(ValueType.list(element.type).expectation)")
                }
                var elements: [Element] = []
                elements.reserveCapacity(values.count)
                for value in values { elements.append(try element.decode(value)) }
                return elements
            }, elementCount: { $0.count })
    }
}

extension ValueShape where T: Equatable & Sendable {
    /// Reads `value` as `case`'s payload, or says what was expected.
    @usableFromInline
    static func payload(_ value: Value, _ type: ValueType, _ read: (Value) -> T?) throws(ConversionError) -> T {
        guard let payload = read(value) else { throw ConversionError("expected \(type.expectation), found \(value)") }
        return payload
    }
}

extension ValueShape where T == String {
    /// A string: `"ada@example.com"`. Two strings are the same when their Unicode scalars are.
    @inlinable
    public static var string: ValueShape {
        ValueShape(
            .string, encode: Value.string,
            decode: { value throws(ConversionError) in
                try payload(value, .string) { if case .string(let s) = $0 { s } else { nil } }
            })
    }
}

extension ValueShape where T == Int {
    /// A whole number: `3`.
    @inlinable
    public static var integer: ValueShape {
        ValueShape(
            .integer, encode: Value.integer,
            decode: { value throws(ConversionError) in
                try payload(value, .integer) { if case .integer(let integer) = $0 { integer } else { nil } }
            })
    }
}

extension ValueShape where T == Double {
    /// A number: `2.5` (a whole number is accepted too).
    @inlinable
    public static var number: ValueShape {
        ValueShape(
            .number, encode: Value.number,
            decode: { value throws(ConversionError) in try payload(value, .number) { $0.numeric } })
    }
}

extension ValueShape where T == Duration {
    /// A duration: `300ms`, `1.5s`, `2min`.
    @inlinable
    public static var duration: ValueShape {
        ValueShape(
            .duration, encode: Value.duration,
            decode: { value throws(ConversionError) in
                try payload(value, .duration) { if case .duration(let duration) = $0 { duration } else { nil } }
            })
    }
}

extension ValueShape where T == Bool {
    /// `true` or `false`.
    @inlinable
    public static var bool: ValueShape {
        ValueShape(
            .bool, encode: Value.bool,
            decode: { value throws(ConversionError) in
                try payload(value, .bool) { if case .bool(let bool) = $0 { bool } else { nil } }
            })
    }
}

extension ValueShape where T: CaseIterable & RawRepresentable & Equatable & Sendable, T.RawValue == String {
    /// A case of a string enumeration, written as its raw value: `wrongCode`. Messages name the
    /// type in words (`SignInProblem` is "sign in problem").
    @inlinable
    public static var enumeration: ValueShape { enumeration(words(of: T.self), T.allCases.map { ($0, $0.rawValue) }) }
}

extension ValueShape where T: IndexedCase {
    /// A case of an enumeration of the table (a control state, a timer, a request kind), written
    /// as its name: `resendCooldown`. Messages name the type in words.
    @inlinable
    public static var enumeration: ValueShape { enumeration(words(of: T.self), T.allCases.map { ($0, $0.name) }) }
}

extension ValueShape where T: Equatable & Sendable {
    /// A value among `cases`, each written as its name; messages call the type `typeName`
    /// ("unknown authorization 'maybe'").
    @inlinable
    public static func enumeration(_ typeName: String, _ cases: [(value: T, name: String)]) -> ValueShape {
        let type = ValueType.enumeration(typeName, cases.map(\.name))
        let name: @Sendable (T) -> String = { value in cases.first { $0.value == value }?.name ?? "\(value)" }
        return ValueShape(
            type, encode: { .name(name($0)) },
            decode: { value throws(ConversionError) in
                try payload(value, type) { value in
                    guard case .name(let name) = value else { return nil }
                    return cases.first { $0.name == name }?.value
                }
            })
    }

    /// A type's name in lower-case words: `SignInProblem` is "sign in problem", and a `Kind`
    /// is named with the type it is the kind of (`Request.Kind` is "request kind").
    @usableFromInline
    static func words(of type: T.Type) -> String {
        let path = String(reflecting: type).split(separator: ".")
        let name = path.count > 2 && path.last == "Kind" ? path.suffix(2).joined() : String(path.last ?? "")
        var words = ""
        for character in name {
            if character.isUppercase, !words.isEmpty { words += " " }
            words += character.lowercased()
        }
        return words
    }
}

extension ValueShape where T: Comparable & Sendable {
    /// The shape, limited to `range`: a `given` or an argument outside it makes the script
    /// invalid ("expected a whole number from 1 to 10, found 12").
    @inlinable
    public func within(_ range: ClosedRange<T>) -> ValueShape {
        let decode = self.decode
        let encode = self.encode
        let what: String =
            switch type.unwrapped {
            case .integer: "a whole number"
            case .number: "a number"
            case .duration: "a duration"
            default: "a value"
            }
        return ValueShape(
            type, encode: encode,
            decode: { value throws(ConversionError) in
                let decoded = try decode(value)
                guard range.contains(decoded) else {
                    throw ConversionError(
                        "expected \(what) from \(encode(range.lowerBound)) to \(encode(range.upperBound)), found \(value)")
                }
                return decoded
            })
    }
}
