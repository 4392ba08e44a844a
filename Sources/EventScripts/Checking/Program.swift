import MachineCore
import MachineRuntime

/// A script checked against a vocabulary and ready to run: its initial state and its
/// instructions, every value typed and every event built.
public struct Program<M: MachineDefinition>: Sendable {
    /// The script's path as given.
    public let file: String
    /// The state the script starts from, after its `given` lines.
    public let initialState: MachineState<M>
    /// The `given` lines, in order, as checked values.
    public let givens: [Given]
    /// The instructions, in order.
    public let instructions: [Instruction]

    @inlinable
    init(file: String, initialState: MachineState<M>, givens: [Given], instructions: [Instruction]) {
        self.file = file
        self.initialState = initialState
        self.givens = givens
        self.instructions = instructions
    }

    /// One `given` line.
    public struct Given: Sendable {
        public let field: String
        public let value: Value

        @inlinable
        init(field: String, value: Value) {
            self.field = field
            self.value = value
        }
    }

    /// One statement that does something when the script runs.
    public struct Instruction: Sendable {
        public enum Kind: Sendable {
            /// `send`, `advance`, `respond` or `fail`.
            case input(Input<M>)
            case expect(CheckedPath, Comparison, Value)
            case expectCommand(Value)
            case expectCommands([Value])
            case expectDropped(M.Request.Kind, Int)
            case expectIgnored
        }

        public let kind: Kind
        public let location: ScriptLocation

        @inlinable
        init(kind: Kind, location: ScriptLocation) {
            self.kind = kind
            self.location = location
        }
    }
}

/// The comparison of an `expect` line.
public enum Comparison: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case approximatelyEqual = "~="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// Whether the comparison orders numbers.
    @usableFromInline
    var isOrdering: Bool { ![.equal, .notEqual, .approximatelyEqual].contains(self) }
}
