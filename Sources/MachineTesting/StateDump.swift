import EventScripts
import MachineCore

/// How ``MachineTestStore`` shows a machine's state and commands, with the names of its table
/// and ``ValueDump`` for the rest, so that any machine can be shown without a vocabulary.
struct StateDump<M: MachineDefinition> {
    let table: TransitionTable<M>

    /// The whole state: each region's control state, by the table's names, then the context and
    /// the work ledger, one `name: value` line each and nested fields indented (no newline after
    /// the last line):
    ///
    /// ```
    /// search: debouncing
    /// context:
    ///   query: "Apple"
    ///   results: []
    /// work:
    ///   timers: [debounce]
    ///   pending: []
    /// ```
    func dump(_ state: MachineState<M>) -> String {
        var text = ""
        for (index, region) in table.regions.enumerated() {
            let position = state.controls[index]
            let name = region.states.indices.contains(position) ? region.states[position] : "#\(position)"
            text += "\(region.name): \(name)\n"
        }
        text += ValueDump.lines(state.context, label: "context")
        text += "work:\n"
        text += "  timers: [\(state.work.timers.map(\.name).joined(separator: ", "))]\n"
        text += "  pending: [\(state.work.pending.map(\.name).joined(separator: ", "))]"
        return text
    }

    /// A command on one line: `startTimer(debounce, 300ms)`, `request(find(query: "Apple"))`.
    func render(_ command: Command<M>) -> String {
        switch command {
        case .startTimer(let timer, let duration): "startTimer(\(timer.name), \(Value.render(duration)))"
        case .cancelTimer(let timer): "cancelTimer(\(timer.name))"
        case .request(let request): "request(\(ValueDump.inline(request)))"
        case .cancel(let kind): "cancel(\(kind.name))"
        case .output(let output): "output(\(ValueDump.inline(output)))"
        }
    }

    /// Commands, one a line (no newline after the last one).
    func render(_ commands: [Command<M>]) -> String {
        commands.map(render).joined(separator: "\n")
    }
}
