import MachineCore

/// Names one request: its kind and its number among the requests of that kind, counted from 1
/// in the order they were made (`completions#2`).
public struct RequestReference<Kind: IndexedCase>: Hashable, Sendable, CustomStringConvertible {
    /// The request's kind.
    public let kind: Kind
    /// Its position among the requests of its kind, from 1.
    public let ordinal: Int

    /// A reference to the `ordinal`-th request of `kind`.
    @inlinable
    public init(_ kind: Kind, _ ordinal: Int) {
        self.kind = kind
        self.ordinal = ordinal
    }

    public var description: String { "\(kind.name)#\(ordinal)" }
}

/// Everything the runtime knows about one request it started.
public struct RequestRecord<M: MachineDefinition>: Sendable {
    /// The request's number among all requests, from 1.
    public let id: Int
    /// Its kind and number among its kind.
    public let reference: RequestReference<M.Request.Kind>
    /// What was asked.
    public let request: M.Request
    /// The virtual time it was made.
    public let madeAt: Duration
    /// How it was abandoned, if it was.
    public var cancellation: Cancellation?
    /// Whether an answer has come (delivered or dropped).
    public var isAnswered = false

    @inlinable
    init(id: Int, reference: RequestReference<M.Request.Kind>, request: M.Request, madeAt: Duration) {
        self.id = id
        self.reference = reference
        self.request = request
        self.madeAt = madeAt
    }

    /// Whether the request still waits for its answer.
    @inlinable
    public var isPending: Bool { cancellation == nil && !isAnswered }

    /// How a request was abandoned.
    public struct Cancellation: Hashable, Sendable {
        /// When it was cancelled.
        public let at: Duration
        /// The ordinal of the request of the same kind that replaced it, if that is why.
        public var supersededBy: Int?

        @inlinable
        init(at: Duration) {
            self.at = at
        }
    }
}
