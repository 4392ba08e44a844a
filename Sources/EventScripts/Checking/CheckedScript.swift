import MachineCore

/// A script checked whole but not held: where it starts, and its bytes to read again. The
/// first pass of a streamed replay (``ScriptChecker/check(_:file:)``) makes it; the second,
/// the player's `play(_:on:into:onStep:)` of a ``CheckedScript``, reads the script again and
/// replays each statement as it is checked again, so neither the script nor its instructions are
/// ever held whole. An invalid script fails the first pass: nothing of it runs.
///
/// Use a ``Program`` (``ScriptChecker/program(from:file:)``) to keep the instructions instead.
public struct CheckedScript<V: ScriptVocabulary> {
    /// The script's path as given.
    public let file: String
    /// The script's bytes, read again by the replay.
    public let bytes: any ScriptBytes
    /// The checker that checked it, and checks it again as it is replayed.
    public let checker: ScriptChecker<V>
    /// The state the script starts from, after its `given` lines.
    public let initialState: MachineState<V.Machine>
    /// The `given` lines, in order, as checked values.
    public let givens: [Program<V.Machine>.Given]
    /// How many instructions (statements other than `machine` and `given`) the script holds.
    public let instructionCount: Int

    @inlinable
    init(
        file: String, bytes: any ScriptBytes, checker: ScriptChecker<V>, initialState: MachineState<V.Machine>,
        givens: [Program<V.Machine>.Given], instructionCount: Int
    ) {
        self.file = file
        self.bytes = bytes
        self.checker = checker
        self.initialState = initialState
        self.givens = givens
        self.instructionCount = instructionCount
    }
}
