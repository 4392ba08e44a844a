import MachineCore

/// Renders a table as a Mermaid `stateDiagram-v2`: one top-level composite state per region at
/// the top of the machine (no concurrency separators between them: composite states inside
/// concurrent regions break GitHub's renderer, so they are kept for parallel states),
/// `[*]` for initial and final states (a final child's inside its parent), and a transition per
/// row and source state labelled `event [guard]` (or the row's trigger: `after 5s`, `always`,
/// `done.state.NAME`). Rows that leave from any state start at the region's "any state" node. A
/// row without a target exits and enters nothing, so it is no transition: it is a line of its
/// state's description, `event [guard] (stays)` (a note beside a compound state, whose
/// description Mermaid does not show).
///
/// A compound state is a composite state inside its region's, with `[*]` pointing at the state
/// it enters by default (its ``Initial``'s target, or its first child), and a state `H`
/// (shallow) or `H*` (deep) for its history when a row enters it so (Mermaid has no notation of
/// its own for history). A parallel state (one with regions within it) is a composite state
/// holding its regions, in table order, separated by `--`, Mermaid's concurrency separator: each
/// part holds a region's states, `[*]` and transitions, as a region at the top does.
struct MermaidRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    func render() -> String {
        var text = """
            %% Generated from the \(name) transition table by `\(command) --format mermaid`. Do not edit.
            stateDiagram-v2

            """
        for region in listing.regions.indices where listing.regions[region].parent == nil {
            text += "  state \(listing.regions[region].name) {\n" + contents(of: region, indent: "    ") + "  }\n"
        }
        return text
    }

    /// A region's states, its `any state` node, its initial state's `[*]`, its transitions and
    /// the `[*]` after its final states at its top.
    private func contents(of region: Int, indent: String) -> String {
        let description = listing.regions[region]
        var text = ""
        for state in description.states.indices where description.parents[state] == nil {
            text += states(region, state, indent: indent)
        }
        if listing.hasAnyStateRows(region) {
            text += "\(indent)\(node(region, "any")) : any state\n"
            text += staying(region, nil, indent: indent)
        }
        text += "\(indent)[*] --> \(node(region, description.states[description.initial]))\n"
        for row in listing.rows where row.region == region && !row.stays {
            let sources = row.sources.map { $0.map { description.states[$0] } } ?? ["any"]
            let targets = listing.targets(of: row)
            for source in sources {
                for target in targets {
                    let name = listing.regions[target.region].states[target.state]
                    let to = node(target.region, name + (row.history.map { "_\($0.rawValue)" } ?? ""))
                    text += "\(indent)\(node(region, source)) --> \(to) : \(row.label)\n"
                }
            }
        }
        for final in description.finalStates where description.parents[final] == nil {
            text += "\(indent)\(node(region, description.states[final])) --> [*]\n"
        }
        return text
    }

    /// A state's line, or for a compound state its composite with its children, or for a
    /// parallel state its composite with its regions, separated by `--`.
    private func states(_ region: Int, _ state: Int, indent: String) -> String {
        let description = listing.regions[region]
        let name = description.states[state]
        let nested = listing.nestedRegions(in: region, state: state)
        guard description.isCompound(state) || !nested.isEmpty else {
            return "\(indent)\(node(region, name)) : \(name)\n" + staying(region, state, indent: indent)
        }
        var text = "\(indent)state \"\(name)\" as \(node(region, name))\n"
        text += "\(indent)state \(node(region, name)) {\n"
        // A state with regions within it has no children, so no default target: it holds its regions.
        guard let entered = description.defaultTarget(of: state) else {
            text += nested.map { contents(of: $0, indent: indent + "  ") }.joined(separator: "\(indent)  --\n")
            return text + "\(indent)}\n" + staying(region, state, indent: indent)
        }
        for child in description.children[state] { text += states(region, child, indent: indent + "  ") }
        for history in History.allCases
        where listing.rows.contains(where: { $0.region == region && $0.target == state && $0.history == history }) {
            text += "\(indent)  \(node(region, "\(name)_\(history.rawValue)")) : \(history == .deep ? "H*" : "H")\n"
        }
        text += "\(indent)  [*] --> \(node(region, description.states[entered]))\n"
        for child in description.children[state] where description.finalStates.contains(child) {
            text += "\(indent)  \(node(region, description.states[child])) --> [*]\n"
        }
        return text + "\(indent)}\n" + staying(region, state, indent: indent)
    }

    /// The rows without a target that leave `state` (`nil`: any state), in table order: a
    /// description line each, or for a compound or parallel state a note.
    private func staying(_ region: Int, _ state: Int?, indent: String) -> String {
        let description = listing.regions[region]
        let id = node(region, state.map { description.states[$0] } ?? "any")
        let composite = state.map { description.isCompound($0) || listing.isParallel(region: region, state: $0) } ?? false
        return listing.rows(of: region, leaving: state).map { listing.rows[$0] }.filter(\.stays).map { row in
            composite ? "\(indent)note right of \(id) : \(row.label) (stays)\n" : "\(indent)\(id) : \(row.label) (stays)\n"
        }.joined()
    }

    /// Mermaid ids allow letters, digits and underscores.
    private func node(_ region: Int, _ state: String) -> String {
        "\(listing.regions[region].name)_\(state)"
    }
}
