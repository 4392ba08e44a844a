import MachineCore

/// Renders a table as a W3C SCXML 1.0 document: a `<parallel>` holding one `<state>` per
/// region, one `<state>` (or `<final>`) per control state, and one `<transition event= cond=
/// target=>` per row that leaves it, in table order, which is also SCXML's priority order. A row
/// that stays has no target; a row from any state appears under every state. Guards appear as
/// `cond` by name; the row's id precedes it as a comment.
///
/// A compound state is a `<state>` holding its `<initial>` (a transition to its initial child),
/// a `<history type="shallow|deep">` when a row enters it so (its default transition goes to the
/// initial child), its rows, then its children. A row into a history targets the history's id;
/// an internal row has `type="internal"`.
struct SCXMLRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    func render() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated from the \(Escaping.comment(name)) transition table by \(Escaping.comment(command)), format scxml. Do not edit. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="\(escaped(name))" initial="\(escaped(name))">
              <parallel id="\(escaped(name))">

            """
        for (index, region) in listing.regions.enumerated() {
            text += "    <state id=\"\(escaped(region.name))\" initial=\"\(id(index, region.initial))\">\n"
            for state in region.states.indices where region.parents[state] == nil {
                text += states(index, state, indent: "      ")
            }
            text += "    </state>\n"
        }
        return text + "  </parallel>\n</scxml>\n"
    }

    /// A state with its rows, or for a compound state also its initial, history and children.
    private func states(_ region: Int, _ state: Int, indent: String) -> String {
        let description = listing.regions[region]
        let rows = listing.rows.filter { $0.region == region && listing.sources(of: $0).contains(state) }
        if description.finalStates.contains(state) && rows.isEmpty {
            return "\(indent)<final id=\"\(id(region, state))\"/>\n"
        }
        var text = "\(indent)<state id=\"\(id(region, state))\">\n"
        if description.isCompound(state) {
            let initial = description.children[state][0]
            text += "\(indent)  <initial><transition target=\"\(id(region, initial))\"/></initial>\n"
            for history in History.allCases
            where listing.rows.contains(where: { $0.region == region && $0.target == state && $0.history == history }) {
                text += "\(indent)  <history id=\"\(historyID(region, state, history))\" type=\"\(history.rawValue)\">"
                text += "<transition target=\"\(id(region, initial))\"/></history>\n"
            }
        }
        for row in rows {
            text += "\(indent)  <!-- \(Escaping.comment(row.id)) -->\n"
            text += "\(indent)  <transition event=\"\(escaped(row.event))\""
            if let condition = row.guard { text += " cond=\"\(escaped(condition))\"" }
            if let target = row.target {
                text += " target=\"\(row.history.map { historyID(region, target, $0) } ?? id(region, target))\""
            }
            if row.isInternal { text += " type=\"internal\"" }
            text += "/>\n"
        }
        for child in description.children[state] { text += states(region, child, indent: indent + "  ") }
        return text + "\(indent)</state>\n"
    }

    private func historyID(_ region: Int, _ state: Int, _ history: History) -> String {
        "\(id(region, state)).\(history.rawValue)"
    }

    private func id(_ region: Int, _ state: Int) -> String {
        escaped("\(listing.regions[region].name).\(listing.regions[region].states[state])")
    }

    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
