import MachineCore

/// Renders a table as a W3C SCXML 1.0 document: a `<parallel>` holding one `<state>` per
/// region, one `<state>` (or `<final>`) per control state, and one `<transition event= cond=
/// target=>` per row that leaves it, in table order, which is also SCXML's priority order. A row
/// that stays has no target; a row from any state appears under every state. Guards appear as
/// `cond` by name; the row's id precedes it as a comment.
struct SCXMLRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    func render() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated from the \(comment(name)) transition table by \(comment(command)), format scxml. Do not edit. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="\(escaped(name))" initial="\(escaped(name))">
              <parallel id="\(escaped(name))">

            """
        for (index, region) in listing.regions.enumerated() {
            text += "    <state id=\"\(escaped(region.name))\" initial=\"\(id(index, region.initial))\">\n"
            for state in region.states.indices {
                let rows = listing.rows.filter { $0.region == index && listing.sources(of: $0).contains(state) }
                if region.finalStates.contains(state) && rows.isEmpty {
                    text += "      <final id=\"\(id(index, state))\"/>\n"
                    continue
                }
                text += "      <state id=\"\(id(index, state))\">\n"
                for row in rows {
                    text += "        <!-- \(comment(row.id)) -->\n"
                    text += "        <transition event=\"\(escaped(row.event))\""
                    if let condition = row.guard { text += " cond=\"\(escaped(condition))\"" }
                    if let target = row.target { text += " target=\"\(id(index, target))\"" }
                    text += "/>\n"
                }
                text += "      </state>\n"
            }
            text += "    </state>\n"
        }
        return text + "  </parallel>\n</scxml>\n"
    }

    private func id(_ region: Int, _ state: Int) -> String {
        escaped("\(listing.regions[region].name).\(listing.regions[region].states[state])")
    }

    /// Text for an XML comment, which may not contain `--`.
    private func comment(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "-", result.hasSuffix("-") { result.append(" ") }
            result.append(character)
        }
        return result
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
