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
///
/// A runtime keeps one for every request it makes (a replay of a million statements may make
/// hundreds of thousands), so a record is packed: after the request come its status bits and
/// its numbers, each in 32 bits (a runtime cannot hold 2^32 requests: each takes some 100 bytes),
/// then its two times; 96 bytes for the address picker's, where the fields laid out one after
/// the other took 128.
public struct RequestRecord<M: MachineDefinition>: Sendable {
    /// What was asked.
    public let request: M.Request
    /// Whether an answer came (`answered`), and whether and how it was cancelled.
    @usableFromInline var status: UInt8
    @usableFromInline let kind: M.Request.Kind
    @usableFromInline let number: UInt32
    @usableFromInline let ordinalOfKind: UInt32
    /// The ordinal of the request that superseded it, when `superseded` is set.
    @usableFromInline var successor: UInt32 = 0
    /// The virtual time it was made.
    public let madeAt: Duration
    /// When it was cancelled, when `cancelled` is set.
    @usableFromInline var cancelledAt = Duration.zero

    @usableFromInline static var answered: UInt8 { 1 }
    @usableFromInline static var cancelled: UInt8 { 2 }
    @usableFromInline static var superseded: UInt8 { 4 }

    @inlinable
    init(id: Int, reference: RequestReference<M.Request.Kind>, request: M.Request, madeAt: Duration) {
        self.request = request
        self.status = 0
        self.kind = reference.kind
        self.number = UInt32(id)
        self.ordinalOfKind = UInt32(reference.ordinal)
        self.madeAt = madeAt
    }

    /// The request's number among all requests, from 1.
    @inlinable public var id: Int { Int(number) }

    /// Its kind and number among its kind.
    @inlinable public var reference: RequestReference<M.Request.Kind> { RequestReference(kind, Int(ordinalOfKind)) }

    /// How it was abandoned, if it was.
    @inlinable public var cancellation: Cancellation? {
        get {
            guard status & Self.cancelled != 0 else { return nil }
            var cancellation = Cancellation(at: cancelledAt)
            if status & Self.superseded != 0 { cancellation.supersededBy = Int(successor) }
            return cancellation
        }
        set {
            status &= ~(Self.cancelled | Self.superseded)
            guard let newValue else { return }
            status |= Self.cancelled
            cancelledAt = newValue.at
            if let ordinal = newValue.supersededBy {
                status |= Self.superseded
                successor = UInt32(ordinal)
            }
        }
    }

    /// Whether an answer has come (delivered or dropped).
    @inlinable public var isAnswered: Bool {
        get { status & Self.answered != 0 }
        set { status = newValue ? status | Self.answered : status & ~Self.answered }
    }

    /// Whether the request still waits for its answer.
    @inlinable
    public var isPending: Bool { status & (Self.answered | Self.cancelled) == 0 }

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
