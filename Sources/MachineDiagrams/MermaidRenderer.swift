import MachineCore

/// Renders a table as a Mermaid `stateDiagram-v2`: one top-level composite state per region (no
/// concurrency separators: composite states inside concurrent regions break GitHub's renderer),
/// `[*]` for initial and final states, and a transition per row and source state labelled
/// `event [guard]`. Rows that leave from any state start at the region's "any state" node.
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
            for stateName in region.states {
                text += "    \(node(index, stateName)) : \(stateName)\n"
            }
            if listing.hasAnyStateRows(index) {
                text += "    \(node(index, "any")) : any state\n"
            }
            text += "    [*] --> \(node(index, region.states[region.initial]))\n"
            for row in listing.rows where row.region == index {
                let sources = row.sources.map { $0.map { region.states[$0] } } ?? ["any"]
                for source in sources {
                    let from = node(index, source)
                    let to = row.target.map { node(index, region.states[$0]) } ?? from
                    text += "    \(from) --> \(to) : \(row.label)\n"
                }
            }
            for final in region.finalStates {
                text += "    \(node(index, region.states[final])) --> [*]\n"
            }
            text += "  }\n"
        }
        return text
    }

    /// Mermaid ids allow letters, digits and underscores.
    private func node(_ region: Int, _ state: String) -> String {
        "\(listing.regions[region].name)_\(state)"
    }
}
