import MachineCore

/// A script checked whole but not held: where it starts, and its bytes to read again.
///
/// Every replay (the tool's, `assertTranscript`'s, `replay --update`'s, coverage's) takes the
/// same two passes: ``ScriptChecker/check(_:file:)`` checks all of the script and makes this; the
/// player (``Player/play(_:provider:into:onStep:)``) reads it again and replays each statement as
/// it checks it again. Neither the script nor its instructions are ever held whole, and an
/// invalid script fails the first pass: nothing of it runs.
public struct CheckedScript<V: ScriptVocabulary> {
    /// The script's path as given.
    public let file: String
    /// The script's bytes, read again by the replay.
    @usableFromInline package let bytes: any ScriptBytes
    /// The checker that checked it, and checks it again as it is replayed.
    @usableFromInline package let checker: ScriptChecker<V>
    /// The state the script starts from, after its `given` lines.
    public let initialState: MachineState<V.Machine>
    /// The `given` lines, in order, as checked values.
    public let givens: [Given]
    /// How many instructions (statements other than `machine` and `given`) the script holds.
    @usableFromInline package let instructionCount: Int
    /// How many of them are inputs (`send`, `advance`, `respond`, `fail`).
    @usableFromInline let inputCount: Int

    @inlinable
    init(
        file: String, bytes: any ScriptBytes, checker: ScriptChecker<V>, initialState: MachineState<V.Machine>,
        givens: [Given], instructionCount: Int, inputCount: Int
    ) {
        self.file = file
        self.bytes = bytes
        self.checker = checker
        self.initialState = initialState
        self.givens = givens
        self.instructionCount = instructionCount
        self.inputCount = inputCount
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
    /// at each line (read again, for tests of the checker).
    package func instructions() throws -> [Instruction<V.Machine>] {
        var all: [UInt8] = []
        try bytes.forEachChunk { all += $0 }
        return try checker.instructions(in: all, file: file)
    }
}
