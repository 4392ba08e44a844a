import MachineCore

/// Renders a table as a Mermaid `stateDiagram-v2`: one top-level composite state per region (no
/// concurrency separators: composite states inside concurrent regions break GitHub's renderer),
/// `[*]` for initial and final states (a final child's inside its parent), and a transition per
/// row and source state labelled `event [guard]` (or the row's trigger: `after 5s`, `always`,
/// `done.state.NAME`). Rows that leave from any state start at the region's "any state" node. A
/// row without a target exits and enters nothing, so it is no transition: it is a line of its
/// state's description, `event [guard] (stays)` (a note beside a compound state, whose
/// description Mermaid does not show).
///
/// A compound state is a composite state inside its region's, with `[*]` pointing at its
/// initial child, and a state `H` (shallow) or `H*` (deep) for its history when a row enters it
/// so (Mermaid has no notation of its own for history).
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
        for (index, region) in listing.regions.enumerated() {
            text += "  state \(region.name) {\n"
            for state in region.states.indices where region.parents[state] == nil {
                text += states(index, state, indent: "    ")
            }
            if listing.hasAnyStateRows(index) {
                text += "    \(node(index, "any")) : any state\n"
                text += staying(index, nil, indent: "    ")
            }
            text += "    [*] --> \(node(index, region.states[region.initial]))\n"
            for row in listing.rows where row.region == index {
                guard let target = row.target else { continue }
                let sources = row.sources.map { $0.map { region.states[$0] } } ?? ["any"]
                for source in sources {
                    let to = node(index, region.states[target] + (row.history.map { "_\($0.rawValue)" } ?? ""))
                    text += "    \(node(index, source)) --> \(to) : \(row.label)\n"
                }
            }
            for final in region.finalStates where region.parents[final] == nil {
                text += "    \(node(index, region.states[final])) --> [*]\n"
            }
            text += "  }\n"
        }
        return text
    }

    /// A state's line, or for a compound state its composite with its children.
    private func states(_ region: Int, _ state: Int, indent: String) -> String {
        let description = listing.regions[region]
        let name = description.states[state]
        guard description.isCompound(state) else {
            return "\(indent)\(node(region, name)) : \(name)\n" + staying(region, state, indent: indent)
        }
        var text = "\(indent)state \"\(name)\" as \(node(region, name))\n"
        text += "\(indent)state \(node(region, name)) {\n"
        for child in description.children[state] { text += states(region, child, indent: indent + "  ") }
        for history in History.allCases
        where listing.rows.contains(where: { $0.region == region && $0.target == state && $0.history == history }) {
            text += "\(indent)  \(node(region, "\(name)_\(history.rawValue)")) : \(history == .deep ? "H*" : "H")\n"
        }
        text += "\(indent)  [*] --> \(node(region, description.states[description.children[state][0]]))\n"
        for child in description.children[state] where description.finalStates.contains(child) {
            text += "\(indent)  \(node(region, description.states[child])) --> [*]\n"
        }
        return text + "\(indent)}\n" + staying(region, state, indent: indent)
    }

    /// The rows without a target that leave `state` (`nil`: any state), in table order: a
    /// description line each, or for a compound state a note.
    private func staying(_ region: Int, _ state: Int?, indent: String) -> String {
        let description = listing.regions[region]
        let id = node(region, state.map { description.states[$0] } ?? "any")
        let compound = state.map(description.isCompound) ?? false
        return listing.rows(of: region, leaving: state).map { listing.rows[$0] }.filter { $0.target == nil }.map { row in
            compound ? "\(indent)note right of \(id) : \(row.label) (stays)\n" : "\(indent)\(id) : \(row.label) (stays)\n"
        }.joined()
    }

    /// Mermaid ids allow letters, digits and underscores.
    private func node(_ region: Int, _ state: String) -> String {
        "\(listing.regions[region].name)_\(state)"
    }
}
