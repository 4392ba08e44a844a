extension Constructor where T: Equatable & Sendable {
    /// A constructor without parameters that builds `value`: a host event (`send sendCodeTapped`),
    /// an answer that carries nothing (`respond sendCode`), an output (`expect command signedIn`).
    @inlinable
    public init(_ name: String, _ value: T) {
        self.init(name, [], make: { _ in value }, arguments: { $0 == value ? [] : nil })
    }

    /// A constructor of one parameter, `label`, written as `shape` says, that builds with `make`,
    /// usually an enumeration case: `Constructor("emailChanged", "email", .string,
    /// SignIn.Event.emailChanged)`, or a command, `Constructor("sendCode", "email", .string)
    /// { .request(.sendCode(email: $0)) }`.
    ///
    /// The argument of a built value is found by reflection: the `A` inside it (inside a
    /// request or an output for a command) that `make` turns back into an equal value.
    @inlinable
    public init<A: Sendable>(_ name: String, _ label: String, _ shape: ValueShape<A>, _ make: @escaping @Sendable (A) -> T) {
        self.init(
            name, [Parameter(label, shape.type)],
            make: { value throws(ConversionError) in
                guard let argument = value[argument: label] else { throw ConversionError("expected \(label) in \(value)") }
                return make(try shape.decode(argument))
            },
            arguments: { built in
                guard let argument = reflectedPayload(of: built, as: A.self), make(argument) == built else { return nil }
                return [shape.encode(argument)]
            })
    }

    /// A constructor of one parameter like ``init(_:_:_:_:)``, whose argument is read back from
    /// a built value with `payload`, a pattern match, rather than found by reflection:
    /// `Constructor("emailChanged", "email", .string, SignIn.Event.emailChanged) { if case
    /// .emailChanged(let email) = $0 { email } else { nil } }`. A transcript writes the event of
    /// every step it shows, so reflection there costs more than the step itself.
    @inlinable
    public init<A: Sendable>(
        _ name: String, _ label: String, _ shape: ValueShape<A>, _ make: @escaping @Sendable (A) -> T,
        payload: @escaping @Sendable (T) -> A?
    ) {
        self.init(
            name, [Parameter(label, shape.type)],
            make: { value throws(ConversionError) in
                guard let argument = value[argument: label] else { throw ConversionError("expected \(label) in \(value)") }
                return make(try shape.decode(argument))
            },
            arguments: { built in payload(built).map { [shape.encode($0)] } })
    }

    /// A failure, with an optional message: `fail sendCode` or `fail sendCode "offline"`.
    @inlinable
    public static func failure(_ name: String, _ make: @escaping @Sendable (String?) -> T) -> Constructor {
        Constructor(name, "message", .optional(.string), make)
    }

    /// A failure like ``failure(_:_:)``, whose message is read back with `payload`, a pattern
    /// match, rather than found by reflection (see ``init(_:_:_:_:payload:)``).
    @inlinable
    public static func failure(
        _ name: String, _ make: @escaping @Sendable (String?) -> T, payload: @escaping @Sendable (T) -> String??
    ) -> Constructor {
        Constructor(name, "message", .optional(.string), make, payload: payload)
    }
}

/// The one value of type `A` a payload of `value` holds, looking through a few nested single
/// payloads (a command's request, then the request's argument), or `nil` when there is none.
@usableFromInline
func reflectedPayload<A>(of value: Any, as type: A.Type) -> A? {
    var current = value
    for _ in 0..<4 {
        let children = Mirror(reflecting: current).children
        guard children.count == 1, let child = children.first else { return nil }
        if let payload = child.value as? A { return payload }
        current = child.value
    }
    return nil
}
