import EventScripts
import MachineCore

/// The contexts `paths` and `explore` can start from, by name (`--initial NAME`; the first by
/// default). A start is the table's initial control states with one of these contexts, so that
/// the scripts these subcommands write reproduce it with `given` lines.
struct InitialContexts<V: ScriptVocabulary>: Sendable {
    typealias M = V.Machine

    let vocabulary: V
    /// The contexts by name, in the order given.
    let named: [(name: String, context: M.Context)]

    /// `named`, or the vocabulary's initial context named `default` when there are none.
    init(vocabulary: V, named: [(String, M.Context)]) {
        self.vocabulary = vocabulary
        self.named = named.isEmpty ? [("default", vocabulary.initialContext)] : named.map { (name: $0.0, context: $0.1) }
        let names = self.named.map(\.name)
        precondition(Set(names).count == names.count, "two initial contexts share a name: \(names)")
    }

    /// The names, the default first and marked.
    private var names: [String] {
        named.enumerated().map { $0.offset == 0 ? "\($0.element.name) (default)" : $0.element.name }
    }

    /// The `--initial` option.
    var option: Option<String?> {
        Option(
            "initial", "name", .choices(named.map(\.name)),
            help: "Start from the initial context <name>: \(HelpText.alternatives(names)).")
    }

    /// The help section that shows each context as the `given` lines that set it up.
    var discussion: String {
        let writer = ScriptWriter(vocabulary: vocabulary)
        return "INITIAL CONTEXTS (--initial):\n"
            + zip(names, named).map { name, start in
                let givens = writer.givens(for: start.context)
                return HelpText.line(
                    name, givens.isEmpty ? "the machine's initial context (no given line)" : givens.joined(separator: "; "))
            }.joined()
    }

    /// The start named `name`, one of the names of the option, or the first when `name` is `nil`.
    func start(named name: String?) -> MachineState<M> {
        let start = named.first { $0.name == name } ?? named[0]
        return vocabulary.table.initialState(context: start.context)
    }
}
