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
    ///
    /// A region that nests states shows its active configuration: the leaf, then its ancestors
    /// innermost first (`mode: high (in heating, on)`). A table with rows that enter a compound
    /// state by history adds the history memory after the regions, one line per such state: the
    /// leaf it remembers with its ancestors below the state (`mode.on: high (in heating)`: shallow
    /// history re-enters `heating`, deep history `high`), or `never exited` (history enters its
    /// initial child).
    func dump(_ state: MachineState<M>) -> String {
        var text = ""
        for (index, region) in table.regions.enumerated() {
            text += "\(region.name): \(configuration(of: region, leaf: state.controls[index], below: nil))\n"
        }
        if !table.historySlots.isEmpty {
            text += "history:\n"
            for (slot, compound) in table.historySlots.enumerated() {
                let region = table.regions[compound.region]
                let memory =
                    state.controls[history: slot].map { configuration(of: region, leaf: $0, below: compound.state) }
                    ?? "never exited"
                text += "  \(region.name).\(region.states[compound.state]): \(memory)\n"
            }
        }
        text += ValueDump.lines(state.context, label: "context")
        text += "work:\n"
        text += "  timers: [\(state.work.timers.map(\.name).joined(separator: ", "))]\n"
        text += "  pending: [\(state.work.pending.map(\.name).joined(separator: ", "))]"
        return text
    }

    /// `leaf` by name, followed by its ancestors innermost first, up to (not including) `top`:
    /// `high (in heating, on)`; `#7` for a state the region does not have.
    private func configuration(of region: RegionDescription, leaf: Int, below top: Int?) -> String {
        guard region.states.indices.contains(leaf) else { return "#\(leaf)" }
        var ancestors: [String] = []
        for ancestor in region.ancestors(of: leaf) {
            if ancestor == top { break }
            ancestors.append(region.states[ancestor])
        }
        return region.states[leaf] + (ancestors.isEmpty ? "" : " (in \(ancestors.joined(separator: ", ")))")
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
