import MachineCore

/// Renders a table as a Graphviz DOT digraph: a cluster per region with its states, a point for
/// the initial state, double borders for final states, and an edge per row and source state
/// labelled `event [guard]` (or the row's trigger: `after 5s`, `always [guard]`,
/// `done.state.NAME`), with the row's id as its tooltip. Rows that leave from any state
/// start at the region's `any` node. A row without a target exits and enters nothing, so it is
/// no edge: it is listed in its state's label, `event [guard] (stays)`.
///
/// A compound state is a cluster inside its region's, labelled with its name, holding a point
/// for the state it enters by default (its ``Initial``'s target, or its first child), its
/// children, and `H` (shallow) or `H*` (deep) for its history when a row enters it so; edges to
/// and from it end at its border (`lhead`, `ltail`). A parallel state (one with regions within
/// it) is a cluster too, holding one dashed cluster per region within it, in table order, each
/// drawn as a region at the top is.
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
        for region in listing.regions.indices where listing.regions[region].parent == nil {
            text += self.region(region, indent: "  ")
        }
        text += "\n"
        for row in listing.rows where !row.stays {
            let region = listing.regions[row.region]
            let sources =
                row.sources.map { $0.map { (state: Optional($0), end: endpoint(row.region, $0, history: nil, head: false)) } }
                ?? [(state: nil, end: (node: quoted(node(row.region, "__any")), attribute: nil))]
            let targets = listing.targets(of: row)
            for (source, from) in sources {
                for target in targets {
                    let to = endpoint(target.region, target.state, history: row.history, head: true)
                    var attributes = "label=\(quoted(row.label)), tooltip=\(quoted(row.id))"
                    // An edge is clipped at a compound state's border only when its other end is outside
                    // it: a loop, or an edge into a state's own child, stays at the anchor.
                    let sameRegion = target.region == row.region
                    if let source {
                        if !sameRegion || !region.contains(source, target.state), let tail = from.attribute {
                            attributes += ", \(tail)"
                        }
                        if !sameRegion || !region.contains(target.state, source), let head = to.attribute {
                            attributes += ", \(head)"
                        }
                    } else if let head = to.attribute {
                        attributes += ", \(head)"
                    }
                    if row.isInternal { attributes += ", style=dashed" }
                    text += "  \(from.node) -> \(to.node) [\(attributes)];\n"
                }
            }
        }
        return text + "}\n"
    }

    /// A region's cluster: its initial point, its states, and its `any state` node; dashed for a
    /// region within a parallel state.
    private func region(_ region: Int, indent: String) -> String {
        let description = listing.regions[region]
        let style = description.parent == nil ? "rounded" : "\"rounded,dashed\""
        var text = "\(indent)subgraph \(quoted("cluster_\(description.name)")) {\n"
        text += "\(indent)  label=\(quoted(description.name)); style=\(style); color=\"#888888\";\n"
        text += "\(indent)  \(quoted(node(region, "__initial"))) [shape=point, width=0.12, label=\"\"];\n"
        for state in description.states.indices where description.parents[state] == nil {
            text += states(region, state, indent: indent + "  ")
        }
        if listing.hasAnyStateRows(region) {
            text +=
                "\(indent)  \(quoted(node(region, "__any"))) [label=\(label("any state", region, nil)), shape=plaintext, fontcolor=\"#666666\"];\n"
        }
        let initial = endpoint(region, description.initial, history: nil, head: true)
        text +=
            "\(indent)  \(quoted(node(region, "__initial"))) -> \(initial.node)\(initial.attribute.map { " [\($0)]" } ?? "");\n"
        return text + "\(indent)}\n"
    }

    /// A state's node, or for a compound state its cluster with its children, or for a parallel
    /// state its cluster with its regions.
    private func states(_ region: Int, _ state: Int, indent: String) -> String {
        let description = listing.regions[region]
        let name = description.states[state]
        let nested = listing.nestedRegions(in: region, state: state)
        guard description.isCompound(state) || !nested.isEmpty else {
            let final = description.finalStates.contains(state) ? ", peripheries=2" : ""
            return "\(indent)\(quoted(node(region, name))) [label=\(label(name, region, state))\(final)];\n"
        }
        var text = "\(indent)subgraph \(quoted(cluster(region, state))) {\n"
        text += "\(indent)  label=\(label(name, region, state)); style=rounded; color=\"#555555\";\n"
        text += "\(indent)  \(quoted(node(region, name))) [shape=point, width=0.01, style=invis, label=\"\"];\n"
        // A state with regions within it has no children, so no default target: it holds its regions.
        guard let entered = description.defaultTarget(of: state) else {
            for nested in nested { text += self.region(nested, indent: indent + "  ") }
            return text + "\(indent)}\n"
        }
        text += "\(indent)  \(quoted(node(region, "\(name).__initial"))) [shape=point, width=0.08, label=\"\"];\n"
        for history in History.allCases
        where listing.rows.contains(where: { $0.region == region && $0.target == state && $0.history == history }) {
            text +=
                "\(indent)  \(quoted(node(region, "\(name).__\(history.rawValue)"))) [label=\(quoted(history == .deep ? "H*" : "H")), shape=circle, width=0.3, fixedsize=true];\n"
        }
        for child in description.children[state] { text += states(region, child, indent: indent + "  ") }
        let initial = endpoint(region, entered, history: nil, head: true)
        text +=
            "\(indent)  \(quoted(node(region, "\(name).__initial"))) -> \(initial.node)\(initial.attribute.map { " [\($0)]" } ?? "");\n"
        return text + "\(indent)}\n"
    }

    /// The end of an edge at `state`: its node, or a compound or parallel state's anchor with the
    /// attribute that clips the edge at the cluster's border, or a compound state's history node.
    private func endpoint(_ region: Int, _ state: Int, history: History?, head: Bool) -> (node: String, attribute: String?) {
        let description = listing.regions[region]
        let name = description.states[state]
        guard description.isCompound(state) || listing.isParallel(region: region, state: state) else {
            return (quoted(node(region, name)), nil)
        }
        if let history { return (quoted(node(region, "\(name).__\(history.rawValue)")), nil) }
        return (quoted(node(region, name)), "\(head ? "lhead" : "ltail")=\(quoted(cluster(region, state)))")
    }

    /// A state's label, quoted: its name, then a left-justified line for each row without a
    /// target that leaves it (`state` `nil`: from any state), in table order.
    private func label(_ name: String, _ region: Int, _ state: Int?) -> String {
        let staying = listing.rows(of: region, leaving: state).map { listing.rows[$0] }.filter(\.stays)
        guard !staying.isEmpty else { return quoted(name) }
        return "\"" + escaped(name) + "\\n" + staying.map { escaped($0.label) + " (stays)\\l" }.joined() + "\""
    }

    private func cluster(_ region: Int, _ state: Int) -> String {
        "cluster_\(listing.regions[region].name).\(listing.regions[region].states[state])"
    }

    private func node(_ region: Int, _ state: String) -> String {
        "\(listing.regions[region].name).\(state)"
    }

    private func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// `text` inside a DOT string: quotes and backslashes escaped.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
