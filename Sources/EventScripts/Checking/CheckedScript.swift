import MachineCore

/// A script checked whole, ready to replay: where it starts, and its program.
///
/// Every replay (the tool's, `assertTranscript`'s, `replay --update`'s, coverage's, each
/// mutant's) takes the same path: ``ScriptChecker/check(_:file:)`` reads and checks all of the
/// script once and makes this; the player (``Player/play(_:provider:into:onStep:)``) runs its
/// program, as often as asked. An invalid script fails the check: nothing of it runs. The
/// program keeps each distinct statement once and two bytes for each line that holds one, so
/// a long script that repeats its lines costs little more than its line count.
public struct CheckedScript<V: ScriptVocabulary>: Sendable {
    /// The script's path as given.
    public let file: String
    /// Its statements that do something, checked, in order.
    @usableFromInline let program: CheckedProgram<V.Machine>
    /// The state the script starts from, after its `given` lines.
    public let initialState: MachineState<V.Machine>
    /// The `given` lines, in order, as checked values.
    public let givens: [Given]

    /// How many statements its program runs (every statement but `machine` and `given`).
    package var instructionCount: Int { program.count }

    @inlinable
    init(file: String, program: CheckedProgram<V.Machine>, initialState: MachineState<V.Machine>, givens: [Given]) {
        self.file = file
        self.program = program
        self.initialState = initialState
        self.givens = givens
    }

    /// One `given` line.
    public struct Given: Sendable {
        /// The field set.
        public let field: String
        /// Its checked value.
        public let value: Value
        /// Where the `given` statement starts.
        public let location: ScriptLocation

        @inlinable
        init(field: String, value: Value, location: ScriptLocation) {
            self.field = field
            self.value = value
            self.location = location
        }
    }

    /// The instructions its statements check into, in order: what the replay performs and checks
    /// at each line.
    package func instructions() -> [Instruction<V.Machine>] {
        program.map { $0.statement.instruction(line: $0.line) }
    }
}
