import EventScripts
import MachineCore
import MachineRuntime

/// A violation as an event script that replays it: comments that say what broke, the moves as
/// statements, then `expect` lines of every control state, `pending` and `timers` at the end, so
/// the replay passes and its transcript shows the state that breaks the invariant.
public enum ExplorationScript {
    /// The script of `violation`'s moves, replayed from `initial`; `header` lines come first as
    /// comments.
    public static func render<V: ScriptVocabulary>(
        _ violation: Violation<V.Machine>, vocabulary: V, initial: MachineState<V.Machine>, header: [String]
    ) -> String where V.Machine.Context: Equatable {
        var text = (header + ["Invariant broken: \(violation.invariant)", "  \(violation.message)"])
            .map { "# \($0)\n" }.joined()
        text += "machine \(vocabulary.machineName)\n\n"
        var runtime = Runtime(table: vocabulary.table, state: initial)
        for move in violation.moves {
            switch move {
            case .send(let event):
                text += "send \(vocabulary.value(of: event))\n"
            case .advance(let duration):
                text += "advance \(Value.render(duration))\n"
            case .respond(let kind, let ordinal, let answer):
                let reference = ordinal.map { "\(kind.name)#\($0)" } ?? kind.name
                text += StatementText.answer(reference, vocabulary.value(of: answer)) + "\n"
            }
            _ = try? move.apply(to: &runtime)
        }
        let fields = StateFields(vocabulary)
        for field in fields.all where field.kind != .context {
            text += "expect \(field.name) == \(field.read(runtime.state))\n"
        }
        return text
    }
}
