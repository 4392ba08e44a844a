import EventScripts
import MachineCore
import MachineRuntime

/// A violation as an event script that replays it: comments that say what broke, the `given`
/// lines of the initial context, the inputs as statements, then `expect` lines of every control
/// state, `pending` and `timers` at the end, so the replay passes and its transcript shows the
/// state that breaks the invariant.
package enum ExplorationScript {
    /// The script of `violation`'s inputs, replayed from `initial`; `header` lines come first as
    /// comments. With `expectations`, each input is followed by the exact expectations of what it
    /// did (`ScriptWriter.expectations(of:fields:)`).
    package static func render<V: ScriptVocabulary>(
        _ violation: Violation<V.Machine>, vocabulary: V, initial: MachineState<V.Machine>, header: [String],
        expectations: Bool = false
    ) -> String {
        let writer = ScriptWriter(vocabulary: vocabulary)
        var text = (header + ["Invariant broken: \(violation.invariant)", "  \(violation.message)"])
            .map { "# \($0)\n" }.joined()
        text += "machine \(vocabulary.machineName)\n"
        text += writer.givens(for: initial.context).map { $0 + "\n" }.joined()
        text += "\n"
        let (lines, final) = writer.statements(replaying: violation.inputs, from: initial, expectations: expectations)
        text += lines.map { $0 + "\n" }.joined()
        let ending = writer.expectations(of: final, fields: StateFields(vocabulary), kinds: [.region, .work])
        return text + ending.map { $0 + "\n" }.joined()
    }
}
