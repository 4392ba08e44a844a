import MachineCore
import MachineRuntime

/// One checked statement that does something when the script runs: what the player performs or
/// checks at its line.
@usableFromInline
package struct Instruction<M: MachineDefinition>: Sendable {
    /// What the instruction does.
    @usableFromInline
    package enum Kind: Sendable {
        /// `send`, `advance`, `respond` or `fail`.
        case input(Input<M>)
        /// `expect PATH OP VALUE`.
        case expect(CheckedPath, Comparison, Value)
        /// `expect REGION in STATE`: the region (by index) is in the state (by index in the
        /// region), its leaf or one of the leaf's ancestors.
        case expectIn(region: Int, state: Int)
        /// `expect command C`: among the last input's commands.
        case expectCommand(Value)
        /// `expect commands [C, …]`: exactly the last input's commands.
        case expectCommands([Value])
        /// `expect dropped KIND#N`.
        case expectDropped(M.Request.Kind, Int)
        /// `expect ignored`: the last input fired no row.
        case expectIgnored
        /// `expect` alone: a placeholder for the expectations of what the last input did. It
        /// fails, showing them, until `replay --update` writes them in its place.
        case expectPlaceholder
    }

    /// What it does.
    @usableFromInline package let kind: Kind
    /// Where its statement starts.
    @usableFromInline package let location: ScriptLocation
    /// The text that `replay --update` may replace: the expected value of `expect PATH OP
    /// VALUE` and `expect commands [...]`, the whole statement of a bare `expect`; `nil` for
    /// every other statement.
    @usableFromInline let rewritable: Range<ScriptLocation>?

    @inlinable
    init(kind: Kind, location: ScriptLocation, rewritable: Range<ScriptLocation>? = nil) {
        self.kind = kind
        self.location = location
        self.rewritable = rewritable
    }
}

/// The comparison of an `expect` line.
@usableFromInline
package enum Comparison: String, Sendable {
    /// `==`: the value equals the expected one (numbers within 1e-9).
    case equal = "=="
    /// `!=`: the value differs from the expected one.
    case notEqual = "!="
    /// `~=`: numbers within 1e-4 of each other.
    case approximatelyEqual = "~="
    /// `<`: on numbers only.
    case less = "<"
    /// `<=`: on numbers only.
    case lessOrEqual = "<="
    /// `>`: on numbers only.
    case greater = ">"
    /// `>=`: on numbers only.
    case greaterOrEqual = ">="

    /// Whether the comparison orders numbers.
    @usableFromInline
    var isOrdering: Bool { ![.equal, .notEqual, .approximatelyEqual].contains(self) }
}
