/// The type of a value in a machine's vocabulary: what the checker accepts where, and what a
/// path into a value leads to.
public enum ValueType: Sendable {
    case string
    case number
    case integer
    case duration
    case bool
    /// An enumeration: its name (for messages) and its cases.
    case names(String, [String])
    /// The type or `nil`.
    indirect case optional(ValueType)
    indirect case list(ValueType)
    /// A constructor; several records of one name are overloads, tried in order.
    case record(RecordType)
    /// One of several types, tried in order (`[place]` or `places(region, [place])`).
    case oneOf([ValueType])

    /// How the type is named in messages ("a duration such as 300ms").
    public var expectation: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .integer: "a whole number"
        case .duration: "a duration such as 300ms"
        case .bool: "true or false"
        case .names(let type, let cases): "\(type) (one of \(cases.joined(separator: ", ")))"
        case .optional(let wrapped): "\(wrapped.expectation) or nil"
        case .list(let element): "a list of \(element.plainName)"
        case .record(let record): record.signature
        case .oneOf(let types): types.map(\.expectation).joined(separator: " or ")
        }
    }

    /// A short name for list elements ("completion(...)").
    var plainName: String {
        switch self {
        case .record(let record): "\(record.name)(…)"
        case .names(let type, _): type
        default: expectation
        }
    }

    /// The type without its optional wrapper.
    public var unwrapped: ValueType {
        if case .optional(let wrapped) = self { wrapped.unwrapped } else { self }
    }

    /// Whether `nil` is a value of the type.
    public var acceptsNil: Bool {
        switch self {
        case .optional: true
        case .oneOf(let types): types.contains { $0.acceptsNil }
        default: false
        }
    }

    /// Whether values of the type are numbers (for `<` and friends).
    public var isNumeric: Bool {
        switch unwrapped {
        case .number, .integer: true
        default: false
        }
    }
}

/// A constructor of the vocabulary: `center(latitude:, longitude:)`.
public struct RecordType: Sendable {
    /// The constructor's name.
    public let name: String
    /// Its parameters, in order.
    public let parameters: [Parameter]
    /// Whether every argument must be labelled (and may come in any order), as for `address(...)`.
    public let requiresLabels: Bool
    /// Read-only parts computed from the others (`address.formatted`).
    public let computed: [ComputedPart]
    /// Checks a value from an event or an answer (not from an expectation); returns what is wrong.
    public let validate: (@Sendable (Value) -> String?)?

    /// A record type.
    public init(
        _ name: String, _ parameters: [Parameter], requiresLabels: Bool = false, computed: [ComputedPart] = [],
        validate: (@Sendable (Value) -> String?)? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.requiresLabels = requiresLabels
        self.computed = computed
        self.validate = validate
    }

    /// How the constructor is written: `center(latitude:, longitude:)`.
    public var signature: String {
        parameters.isEmpty ? name : "\(name)(\(parameters.map { "\($0.label):" }.joined(separator: ", ")))"
    }

    /// The type of the part named `label`, stored or computed.
    public func partType(_ label: String) -> ValueType? {
        parameters.first { $0.label == label }?.type ?? computed.first { $0.name == label }?.type
    }
}

/// One parameter of a record type.
public struct Parameter: Sendable {
    /// The label.
    public let label: String
    /// The type of its argument.
    public let type: ValueType
    /// The value when the argument is left out, or `nil` when it is required.
    public let defaultValue: Value?
    /// Whether the rendering shows the label.
    public let showsLabel: Bool
    /// Other types accepted in this position, with the conversion to the parameter's type
    /// (a place's address written as a plain string is its street).
    public let conversions: [Conversion]

    /// A parameter.
    public init(_ label: String, _ type: ValueType, default defaultValue: Value? = nil, showsLabel: Bool = false,
                conversions: [Conversion] = []) {
        self.label = label
        self.type = type
        self.defaultValue = defaultValue
        self.showsLabel = showsLabel
        self.conversions = conversions
    }

    /// Another type accepted for a parameter, and how it becomes the parameter's type.
    public struct Conversion: Sendable {
        public let from: ValueType
        public let convert: @Sendable (Value) -> Value

        public init(from: ValueType, convert: @escaping @Sendable (Value) -> Value) {
            self.from = from
            self.convert = convert
        }
    }
}

/// A read-only part of a record computed from its fields.
public struct ComputedPart: Sendable {
    public let name: String
    public let type: ValueType
    public let compute: @Sendable (Value) -> Value

    public init(_ name: String, _ type: ValueType, compute: @escaping @Sendable (Value) -> Value) {
        self.name = name
        self.type = type
        self.compute = compute
    }
}
