/// A value of the script language, in canonical form: what expectations compare and transcripts
/// print. Machines turn their state, events and commands into values through their vocabulary.
public enum Value: Hashable, Sendable {
    /// A string, compared by Unicode scalars.
    case string(String)
    /// A real number (degrees, metres).
    case number(Double)
    /// A whole number (an index, a count).
    case integer(Int)
    /// A duration (`300ms`).
    case duration(Duration)
    /// `true` or `false`.
    case bool(Bool)
    /// `nil`: no value of an optional.
    case null
    /// An enumeration case of the vocabulary (`wrongCode`, `resendCooldown`).
    case name(String)
    /// A list (`[1, 2]`).
    case list([Value])
    /// A constructor applied to its arguments, in parameter order (`point(1.5, 2.0)`).
    case constructed(String, [Argument])

    /// One argument of a constructed value: a part that paths reach by its label.
    public struct Argument: Hashable, Sendable {
        /// The parameter's label.
        package let label: String
        /// Its value.
        public let value: Value
        /// Whether the rendering shows the label (`urgent: true`).
        package let showsLabel: Bool

        /// An argument.
        public init(_ label: String, _ value: Value, showsLabel: Bool = false) {
            self.label = label
            self.value = value
            self.showsLabel = showsLabel
        }

        public static func == (lhs: Argument, rhs: Argument) -> Bool { lhs.label == rhs.label && lhs.value == rhs.value }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(label)
            hasher.combine(value)
        }
    }

    /// A constructed value's argument by label.
    public subscript(argument label: String) -> Value? {
        guard case .constructed(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }

    /// Equal values; strings are equal when their Unicode scalars are (no normalisation).
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a.hasSameScalars(as: b)
        case (.number(let a), .number(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.duration(let a), .duration(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.name(let a), .name(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.constructed(let nameA, let a), .constructed(let nameB, let b)): nameA == nameB && a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let string):
            hasher.combine(0)
            for byte in string.utf8 { hasher.combine(byte) }
        case .number(let number): hasher.combine(1); hasher.combine(number)
        case .integer(let integer): hasher.combine(2); hasher.combine(integer)
        case .duration(let duration): hasher.combine(3); hasher.combine(duration)
        case .bool(let bool): hasher.combine(4); hasher.combine(bool)
        case .null: hasher.combine(5)
        case .name(let name): hasher.combine(6); hasher.combine(name)
        case .list(let values): hasher.combine(7); hasher.combine(values)
        case .constructed(let name, let arguments): hasher.combine(8); hasher.combine(name); hasher.combine(arguments)
        }
    }

    /// The value as a number, if it is one.
    public var numeric: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// Whether `self` equals `other`, numbers within `tolerance` of each other at every depth.
    public func matches(_ other: Value, tolerance: Double) -> Bool {
        switch (self, other) {
        case (.number, .number), (.number, .integer), (.integer, .number), (.integer, .integer):
            guard let a = numeric, let b = other.numeric else { return false }
            return a == b || abs(a - b) <= tolerance
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1, tolerance: tolerance) }
        case (.constructed(let nameA, let a), .constructed(let nameB, let b)):
            return nameA == nameB && a.count == b.count
                && zip(a, b).allSatisfy { $0.label == $1.label && $0.value.matches($1.value, tolerance: tolerance) }
        default:
            return self == other
        }
    }
}
