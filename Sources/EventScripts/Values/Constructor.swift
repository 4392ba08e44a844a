/// A constructor of the script language: a name and its parameters, written `name(arguments)`
/// (or `name` alone when it has none), and how its values become `T`s and `T`s its values.
///
/// Everything a script builds is a constructor's value: events (`emailChanged("ada@example.com")`),
/// answers and failures (written after `respond KIND` and `fail KIND`), commands
/// (`startTimer(resendCooldown, 30000ms)`) and the values inside them (`point(1.5, 2.0)`). A
/// vocabulary lists the constructors of its machine's events, `Constructor<Event>`, and commands,
/// `Constructor<Command<Machine>>`; the values inside them are `Constructor<Value>`s, which the
/// checker types and the vocabulary converts itself.
///
/// Most constructors take no argument or one: ``init(_:_:)`` and ``init(_:_:_:_:)`` build them
/// from an enumeration case alone.
public struct Constructor<T>: Sendable {
    /// The constructor's name: the word a script writes.
    public let name: String
    /// Its parameters, in order.
    public let parameters: [Parameter]
    /// Whether every argument must be labelled (and may come in any order): `contact(phone: "1",
    /// name: "Ada")`.
    public let requiresLabels: Bool
    /// Read-only parts computed from the arguments (`contact.initials`).
    public let computed: [ComputedPart]
    /// Checks a value from an event, an answer or a `given` (not from an expectation); returns
    /// what is wrong.
    public let validate: (@Sendable (Value) -> String?)?
    /// Builds a `T` from a checked value of the constructor (every argument there, in parameter
    /// order), or `nil` when scripts only read `T`s, never build them, as for commands.
    public let make: (@Sendable (Value) throws(ConversionError) -> T)?
    /// The arguments that build a `T` with this constructor, in parameter order, or `nil` when
    /// the constructor does not build it.
    public let arguments: @Sendable (T) -> [Value]?
    /// A constructor that reads the arguments of `T`s with `arguments` and, unless `make` is
    /// `nil`, builds `T`s with `make`.
    @inlinable
    public init(
        _ name: String, _ parameters: [Parameter], requiresLabels: Bool = false, computed: [ComputedPart] = [],
        validate: (@Sendable (Value) -> String?)? = nil,
        make: (@Sendable (Value) throws(ConversionError) -> T)? = nil,
        arguments: @escaping @Sendable (T) -> [Value]?
    ) {
        self.name = name
        self.parameters = parameters
        self.requiresLabels = requiresLabels
        self.computed = computed
        self.validate = validate
        self.make = make
        self.arguments = arguments
    }

    /// `built` as a value of this constructor, or `nil` when the constructor does not build it.
    @inlinable
    public func value(of built: T) -> Value? {
        guard let arguments = arguments(built), arguments.count == parameters.count else { return nil }
        return .constructed(name, zip(parameters, arguments).map { Value.Argument($0.label, $1, showsLabel: $0.showsLabel) })
    }

    /// How the constructor is written: `point(x:, y:)`.
    var signature: String {
        parameters.isEmpty ? name : "\(name)(\(parameters.map { "\($0.label):" }.joined(separator: ", ")))"
    }

    /// The type of the part named `label`, an argument or a computed part.
    func partType(_ label: String) -> ValueType? {
        parameters.first { $0.label == label }?.type ?? computed.first { $0.name == label }?.type
    }

    /// The type of the constructor's values, under `name` (its own by default): what the checker
    /// types a value against.
    @usableFromInline
    func valueType(named name: String? = nil) -> ValueType {
        .constructor(
            Constructor<Value>(
                name ?? self.name, parameters, requiresLabels: requiresLabels, computed: computed, validate: validate))
    }
}

extension Constructor where T == Value {
    /// A constructor of values inside events, answers, commands and fields
    /// (`point(x:, y:)`): the checker types them, and the vocabulary converts them
    /// to its machine's own types.
    package init(
        _ name: String, _ parameters: [Parameter], requiresLabels: Bool = false, computed: [ComputedPart] = [],
        validate: (@Sendable (Value) -> String?)? = nil
    ) {
        self.init(
            name, parameters, requiresLabels: requiresLabels, computed: computed, validate: validate,
            arguments: { value in
                guard case .constructed(name, let arguments) = value else { return nil }
                return arguments.map(\.value)
            })
    }
}
