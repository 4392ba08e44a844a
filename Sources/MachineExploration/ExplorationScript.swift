import EventScripts
import MachineCore
import MachineRuntime

/// A violation as an event script that replays it: comments that say what broke, the `given`
/// lines of the initial context, the inputs as statements, then `expect` lines of every control
/// state, `pending` and `timers` at the end, so the replay passes and its transcript shows the
/// state that breaks the invariant.
public enum ExplorationScript {
    /// The script of `violation`'s inputs, replayed from `initial`; `header` lines come first as
    /// comments.
    public static func render<V: ScriptVocabulary>(
        _ violation: Violation<V.Machine>, vocabulary: V, initial: MachineState<V.Machine>, header: [String]
    ) -> String {
        let writer = ScriptWriter(vocabulary: vocabulary)
        var text = (header + ["Invariant broken: \(violation.invariant)", "  \(violation.message)"])
            .map { "# \($0)\n" }.joined()
        text += "machine \(vocabulary.machineName)\n"
        text += writer.givens(for: initial.context).map { $0 + "\n" }.joined()
        text += "\n"
        var runtime = Runtime(table: vocabulary.table, state: initial)
        for input in violation.inputs {
            text += writer.statement(input) + "\n"
            _ = try? runtime.apply(input)
        }
        let expectations = writer.expectations(of: runtime.state, fields: StateFields(vocabulary), kinds: [.region, .work])
        return text + expectations.map { $0 + "\n" }.joined()
    }
}
