/// The type of a value in a machine's vocabulary: what the checker accepts where, and what a
/// path into a value leads to.
public enum ValueType: Sendable {
    /// A string.
    case string
    /// A real number; a whole number is one too.
    case number
    /// A whole number.
    case integer
    /// A duration.
    case duration
    /// `true` or `false`.
    case bool
    /// An enumeration: its name (for messages) and its cases.
    case enumeration(String, [String])
    /// The type or `nil`.
    indirect case optional(ValueType)
    /// A list of values of the type.
    indirect case list(ValueType)
    /// A value built by a constructor (`point(1.5, 2.0)`); in ``oneOf(_:)``, several
    /// constructors of one name are overloads, tried in order.
    case constructor(Constructor<Value>)
    /// One of several types, tried in order (`[item]` or `page(2, [item])`).
    case oneOf([ValueType])

    /// How the type is named in messages ("a duration such as 300ms").
    @usableFromInline package var expectation: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .integer: "a whole number"
        case .duration: "a duration such as 300ms"
        case .bool: "true or false"
        case .enumeration(let type, let cases): "\(type) (one of \(cases.joined(separator: ", ")))"
        case .optional(let wrapped): "\(wrapped.expectation) or nil"
        case .list(let element): "a list of \(element.plainName)"
        case .constructor(let constructor): constructor.signature
        case .oneOf(let types): types.map(\.expectation).joined(separator: " or ")
        }
    }

    /// A short name for list elements ("item(…)").
    var plainName: String {
        switch self {
        case .constructor(let constructor): "\(constructor.name)(…)"
        case .enumeration(let type, _): type
        default: expectation
        }
    }

    /// The type without its optional wrapper.
    @usableFromInline package var unwrapped: ValueType {
        if case .optional(let wrapped) = self { wrapped.unwrapped } else { self }
    }

    /// Whether `nil` is a value of the type.
    var acceptsNil: Bool {
        switch self {
        case .optional: true
        case .oneOf(let types): types.contains { $0.acceptsNil }
        default: false
        }
    }

    /// Whether values of the type are numbers (for `<` and friends).
    @usableFromInline var isNumeric: Bool {
        switch unwrapped {
        case .number, .integer: true
        default: false
        }
    }
}

/// One parameter of a constructor.
public struct Parameter: Sendable {
    /// The label.
    public let label: String
    /// The type of its argument.
    public let type: ValueType
    /// The value when the argument is left out, or `nil` when it is required.
    let defaultValue: Value?
    /// Whether the rendering shows the label.
    public let showsLabel: Bool
    /// Other types accepted in this position, with the conversion to the parameter's type
    /// (a contact written as a plain string is its name).
    package let conversions: [Conversion]

    /// A parameter labelled `label`, whose argument is of `type`; with a default value, the
    /// argument may be left out; `showsLabel` writes the label in transcripts (`tag(colour:
    /// "red")`).
    @inlinable
    public init(_ label: String, _ type: ValueType, default defaultValue: Value? = nil, showsLabel: Bool = false) {
        self.init(label, type, default: defaultValue, showsLabel: showsLabel, conversions: [])
    }

    /// A parameter that also accepts arguments of other types, converted (a contact written as
    /// its name).
    @usableFromInline package init(
        _ label: String, _ type: ValueType, default defaultValue: Value? = nil, showsLabel: Bool = false,
        conversions: [Conversion]
    ) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
        self.showsLabel = showsLabel
        self.conversions = conversions
    }

    /// Another type accepted for a parameter, and how it becomes the parameter's type.
    @usableFromInline package struct Conversion: Sendable {
        /// The other type accepted.
        @usableFromInline package let from: ValueType
        /// Turns a checked value of ``from`` into a value of the parameter's type.
        @usableFromInline let convert: @Sendable (Value) -> Value

        /// A conversion from checked values of `from`, which `convert` turns into values of the
        /// parameter's type.
        package init(from: ValueType, convert: @escaping @Sendable (Value) -> Value) {
            self.from = from
            self.convert = convert
        }
    }
}

/// A read-only part of a constructed value computed from its arguments (`contact.initials`).
public struct ComputedPart: Sendable {
    /// Its name in paths.
    @usableFromInline package let name: String
    /// The type of its values.
    public let type: ValueType
    /// Its value, from the constructed value it is a part of.
    public let compute: @Sendable (Value) -> Value

    /// A part named `name`, of `type`, computed with `compute` from the constructed value.
    public init(_ name: String, _ type: ValueType, compute: @escaping @Sendable (Value) -> Value) {
        self.name = name
        self.type = type
        self.compute = compute
    }
}
