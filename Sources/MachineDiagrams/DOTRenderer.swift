import MachineCore

/// Renders a table as a Graphviz DOT digraph: a cluster per region with its states, a point for
/// the initial state, double borders for final states, and an edge per row and source state
/// labelled `event [guard]`, with the row's id as its tooltip. Rows that leave from any state
/// start at the region's `any` node.
struct DOTRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    func render() -> String {
        var text = """
            // Generated from the \(name) transition table by `\(command) --format dot`. Do not edit.
            digraph \(quoted(name)) {
              graph [rankdir=LR, fontname="Helvetica", fontsize=12, compound=true, nodesep=0.3, ranksep=0.5];
              node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];
              edge [fontname="Helvetica", fontsize=9];

            """
        for (index, region) in listing.regions.enumerated() {
            text += "  subgraph \(quoted("cluster_\(region.name)")) {\n"
            text += "    label=\(quoted(region.name)); style=rounded; color=\"#888888\";\n"
            text += "    \(quoted(node(index, "__initial"))) [shape=point, width=0.12, label=\"\"];\n"
            for (state, stateName) in region.states.enumerated() {
                let final = region.finalStates.contains(state) ? ", peripheries=2" : ""
                text += "    \(quoted(node(index, stateName))) [label=\(quoted(stateName))\(final)];\n"
            }
            if listing.hasAnyStateRows(index) {
                text += "    \(quoted(node(index, "__any"))) [label=\"any state\", shape=plaintext, fontcolor=\"#666666\"];\n"
            }
            text += "    \(quoted(node(index, "__initial"))) -> \(quoted(node(index, region.states[region.initial])));\n"
            text += "  }\n"
        }
        text += "\n"
        for row in listing.rows {
            let region = listing.regions[row.region]
            let sources = row.sources.map { $0.map { region.states[$0] } } ?? ["__any"]
            for source in sources {
                let from = node(row.region, source)
                let to = row.target.map { node(row.region, region.states[$0]) } ?? from
                text += "  \(quoted(from)) -> \(quoted(to)) [label=\(quoted(row.label)), tooltip=\(quoted(row.id))];\n"
            }
        }
        return text + "}\n"
    }

    private func node(_ region: Int, _ state: String) -> String {
        "\(listing.regions[region].name).\(state)"
    }

    private func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
