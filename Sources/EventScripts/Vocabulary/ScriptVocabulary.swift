import MachineCore

/// What a machine supplies so that scripts can drive it: the words of its events, answers and
/// commands with their types, and how its context reads and is set as values.
///
/// The language itself is generic: control states (`expect map == settling`), `pending` and
/// `timers` come from the table; everything else is the vocabulary's.
public protocol ScriptVocabulary: Sendable {
    associatedtype Machine: MachineDefinition

    /// The name a script gives in `machine NAME`.
    var machineName: String { get }
    /// The machine's table.
    var table: TransitionTable<Machine> { get }
    /// The context before any `given`.
    var initialContext: Machine.Context { get }
    /// The readable fields of the context, in transcript order.
    var fields: [ContextField<Machine>] { get }
    /// The events a script can `send`.
    var hostEvents: [EventForm<Machine>] { get }
    /// The type of commands, for `expect command`.
    var commandType: ValueType { get }

    /// The type of an answer to requests of `kind`.
    func answerType(for kind: Machine.Request.Kind) -> ValueType
    /// The event answering a request of `kind` with `value` (already checked against ``answerType(for:)``).
    func answer(_ kind: Machine.Request.Kind, _ value: Value) throws(ConversionError) -> Machine.Event
    /// The event reporting that a request of `kind` failed.
    func failure(_ kind: Machine.Request.Kind, message: String?) -> Machine.Event
    /// A command as a value.
    func value(of command: Command<Machine>) -> Value
    /// An event as a value (for transcripts).
    func value(of event: Machine.Event) -> Value
}

/// A value that could not become a machine's value.
public struct ConversionError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// A field of the context a script can read and, unless it is derived, set with `given`.
public struct ContextField<M: MachineDefinition>: Sendable {
    /// Its name in paths.
    public let name: String
    /// Its type.
    public let type: ValueType
    /// Its value in a context.
    public let read: @Sendable (M.Context) -> Value
    /// Whether it differs between two contexts (cheaper than comparing values).
    public let differs: @Sendable (M.Context, M.Context) -> Bool
    /// Sets it from a checked value, or `nil` when scripts cannot set it.
    public let write: (@Sendable (inout M.Context, Value) throws(ConversionError) -> Void)?

    /// A field read with `get`, set with `set` (or not settable when `set` is `nil`), and
    /// converted to and from values with `encode` and `decode`.
    public init<T: Equatable & Sendable>(
        _ name: String, _ type: ValueType,
        get: @escaping @Sendable (M.Context) -> T,
        set: (@Sendable (inout M.Context, T) -> Void)?,
        encode: @escaping @Sendable (T) -> Value,
        decode: @escaping @Sendable (Value) throws(ConversionError) -> T
    ) {
        self.init(name, type, get: get, set: set, encode: encode, decode: decode, differs: { $0 != $1 })
    }

    /// A string field: it differs when its Unicode scalars do (no normalisation).
    public init(
        _ name: String, _ type: ValueType,
        get: @escaping @Sendable (M.Context) -> String,
        set: (@Sendable (inout M.Context, String) -> Void)?,
        encode: @escaping @Sendable (String) -> Value,
        decode: @escaping @Sendable (Value) throws(ConversionError) -> String
    ) {
        self.init(name, type, get: get, set: set, encode: encode, decode: decode, differs: { !$0.utf8.elementsEqual($1.utf8) })
    }

    /// An optional string field: it differs when its Unicode scalars do (no normalisation).
    public init(
        _ name: String, _ type: ValueType,
        get: @escaping @Sendable (M.Context) -> String?,
        set: (@Sendable (inout M.Context, String?) -> Void)?,
        encode: @escaping @Sendable (String?) -> Value,
        decode: @escaping @Sendable (Value) throws(ConversionError) -> String?
    ) {
        self.init(name, type, get: get, set: set, encode: encode, decode: decode, differs: { a, b in
            switch (a, b) {
            case (nil, nil): false
            case (let a?, let b?): !a.utf8.elementsEqual(b.utf8)
            default: true
            }
        })
    }

    private init<T: Sendable>(
        _ name: String, _ type: ValueType,
        get: @escaping @Sendable (M.Context) -> T,
        set: (@Sendable (inout M.Context, T) -> Void)?,
        encode: @escaping @Sendable (T) -> Value,
        decode: @escaping @Sendable (Value) throws(ConversionError) -> T,
        differs: @escaping @Sendable (T, T) -> Bool
    ) {
        self.name = name
        self.type = type
        self.read = { encode(get($0)) }
        self.differs = { differs(get($0), get($1)) }
        if let set {
            self.write = { context, value throws(ConversionError) in set(&context, try decode(value)) }
        } else {
            self.write = nil
        }
    }
}

/// An event a script can send: its constructor and how a checked value becomes the event.
public struct EventForm<M: MachineDefinition>: Sendable {
    /// The event's constructor (`queryChanged(query:)`; no parameters for `appeared`).
    public let record: RecordType
    /// Builds the event.
    public let make: @Sendable (Value) throws(ConversionError) -> M.Event

    public init(_ record: RecordType, make: @escaping @Sendable (Value) throws(ConversionError) -> M.Event) {
        self.record = record
        self.make = make
    }
}
