import MachineCore

/// A field of the context that scripts read (`expect attemptsLeft == 2`) and, when it is
/// settable, set before anything runs (`given email "ada@example.com"`).
///
/// Most fields are a key path and a ``ValueShape``:
///
/// ```swift
/// ContextField("email", .string, \.email, settable: true)
/// ContextField("attemptsLeft", .integer, \.attemptsLeft)           // derived: given refuses it
/// ContextField("cooldown", .duration.within(.zero ... .seconds(3600)), \.settings.cooldown, settable: true)
/// ```
public struct ContextField<M: MachineDefinition>: Sendable {
    /// Its name in paths.
    public let name: String
    /// Its type.
    public let type: ValueType
    /// Its value in a context.
    public let read: @Sendable (M.Context) -> Value
    /// Whether it differs between two contexts: whether its values do (strings by their Unicode
    /// scalars).
    public let differs: @Sendable (M.Context, M.Context) -> Bool
    /// Sets it from a checked value, or `nil` when scripts cannot set it.
    public let write: (@Sendable (inout M.Context, Value) throws(ConversionError) -> Void)?
    /// How many elements its value has in a context, for a field of a list's shape: what
    /// `FIELD.count` reads without making the list's ``Value``; `nil` for any other field.
    @usableFromInline let count: (@Sendable (M.Context) -> Int)?
    /// Where the field lies in the context's bytes, for a field read through a key path to a
    /// stored property: a transcript that finds these bytes the same before and after a step
    /// knows the field is unchanged without reading it (most fields are untouched by a step).
    /// `nil` for a field read through a closure or a computed property.
    @usableFromInline var bytes: Range<Int>?

    /// A field read with `get` and set with `set` (or not settable when `set` is `nil`), written
    /// as `shape` says: for a field the context does not store as scripts read it. A field the
    /// context stores is better read through its key path: a transcript then finds it unchanged
    /// by its bytes, without reading it.
    ///
    /// Not inlinable, on purpose: compiled generically, its closures take each context where it
    /// is, while a copy specialised for a machine would wrap them in thunks that copy the context
    /// at each call (a transcript compares every field at every step).
    public init<T>(
        _ name: String, _ shape: ValueShape<T>, get: @escaping @Sendable (M.Context) -> T,
        set: (@Sendable (inout M.Context, T) -> Void)?
    ) {
        self.name = name
        self.type = shape.type
        self.read = { shape.encode(get($0)) }
        self.differs = { before, after in
            let (old, new) = (get(before), get(after))
            return !Self.identical(old, new) && shape.encode(old) != shape.encode(new)
        }
        if let count = shape.elementCount {
            self.count = { count(get($0)) }
        } else {
            self.count = nil
        }
        if let set {
            self.write = { context, value throws(ConversionError) in set(&context, try shape.decode(value)) }
        } else {
            self.write = nil
        }
    }

    /// Whether `a` and `b` are the same bits: then they are the same value (the same inline
    /// contents, the same buffers and objects), and their encodings are equal. Equal values in
    /// other bits (two buffers with the same elements, padding that differs) are compared by
    /// their encodings. A transcript compares every field at every step, and most fields are
    /// untouched by a step: they are these bits shared by the states before and after it.
    static func identical<T>(_ a: T, _ b: T) -> Bool {
        withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in a.hasSameBytes(as: b, in: 0..<a.count) }
        }
    }

    /// A field read through `keyPath` that scripts cannot set: `given` says it is derived.
    @inlinable
    public init<T>(_ name: String, _ shape: ValueShape<T>, _ keyPath: KeyPath<M.Context, T> & Sendable) {
        self.init(name, shape, get: { $0[keyPath: keyPath] }, set: nil)
        bytes = Self.bytes(of: keyPath)
    }

    /// A field read through `keyPath`, and set through it by `given` when `settable`.
    @inlinable
    public init<T>(
        _ name: String, _ shape: ValueShape<T>, _ keyPath: WritableKeyPath<M.Context, T> & Sendable, settable: Bool
    ) {
        if settable {
            self.init(name, shape, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
            bytes = Self.bytes(of: keyPath)
        } else {
            self.init(name, shape, keyPath)
        }
    }

    /// Where the stored property at the end of `keyPath` lies in the context's bytes, or `nil`
    /// when the path goes through a computed property or a class.
    @usableFromInline
    static func bytes<T>(of keyPath: KeyPath<M.Context, T>) -> Range<Int>? {
        MemoryLayout<M.Context>.offset(of: keyPath).map { $0..<($0 + MemoryLayout<T>.size) }
    }
}
