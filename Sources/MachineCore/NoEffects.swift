/// The timer names of a machine without timers.
public enum NoTimer: IndexedCase {
    public init?(rawValue: Int) { nil }
    public var rawValue: Int { switch self {} }
    public static var allCases: [NoTimer] { [] }
}

/// The requests of a machine that makes none.
public enum NoRequest: MachineRequest {
    /// The request kinds of a machine that makes no requests.
    public enum Kind: IndexedCase {
        public init?(rawValue: Int) { nil }
        public var rawValue: Int { switch self {} }
        public static var allCases: [Kind] { [] }
    }

    public var kind: Kind { switch self {} }
}

/// A machine without requests saves and restores its state as any other (a saved state's
/// requests are `Codable`): there is never a request to encode or decode.
extension NoRequest: Codable {
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a machine without requests"))
    }

    public func encode(to encoder: any Encoder) throws { switch self {} }
}

/// The outputs of a machine that gives the host none.
public enum NoOutput: Sendable, Equatable {}
