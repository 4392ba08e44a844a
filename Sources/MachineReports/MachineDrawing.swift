import MachineCore

/// The SVG of a ``MachineLayout``: lanes, state boxes (`id="st-REGION-STATE"`, the region's and
/// state's indexes), and rows as arrows or listed entries (`data-row="ROW"`, the row's index),
/// so a page's script can mark the active states and the rows that fired, and its style can
/// mark rows by class. Colours come from the page's style, for light and dark mode and print.
///
/// A compound state is a group (`class="state compound"`) drawn before, and so under, the boxes
/// it holds, its name on its left; a state with a parent names its parent's element
/// (`data-parent="st-REGION-STATE"`), so that the script marks a leaf's ancestors active with it.
struct MachineDrawing {
    let layout: MachineLayout
    let listing: TableListing
    /// Extra classes of each row's elements, by row index (`unfired`, say); empty for none.
    let rowClasses: [String]
    /// Extra classes of each state's box, by region and state index (`unentered`, say); empty for none.
    let stateClasses: [[String]]
    /// What the drawing is, for screen readers.
    let title: String

    var svg: String {
        var text =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"machine\" viewBox=\"0 0 \(layout.width) \(layout.height)\""
            + " width=\"\(layout.width)\" height=\"\(layout.height)\" role=\"img\" aria-label=\"\(Escaping.html(title))\">\n"
        for lane in layout.lanes {
            text +=
                "<g class=\"lane\"><rect class=\"lane-bg\" x=\"0\" y=\"\(lane.y)\" width=\"\(layout.width)\" height=\"\(lane.height)\"/>"
                + "<text class=\"lane-name\" x=\"\(MachineLayout.margin)\" y=\"\(lane.y + 18)\">\(Escaping.html(lane.name))</text></g>\n"
        }
        for box in layout.boxes { text += draw(box) }
        for arrow in layout.arrows { text += draw(arrow) }
        // Labels over every line, so a line passing under one never hides it.
        for arrow in layout.arrows {
            text +=
                "<g class=\"\(classes(arrow.row, "row label"))\" data-row=\"\(arrow.row)\">"
                + "<text x=\"\(arrow.labelX)\" y=\"\(arrow.labelY)\">\(Escaping.html(arrow.label))</text></g>\n"
        }
        for note in layout.notes { text += draw(note) }
        return text + "</svg>\n"
    }

    private func draw(_ box: MachineLayout.Box) -> String {
        let id = "st-\(box.region)-\(box.state.map(String.init) ?? "any")"
        let region = Escaping.html(listing.regions[box.region].name)
        var classes = box.state == nil ? "state any" : box.isCompound ? "state compound" : "state"
        if box.isFinal { classes += " final" }
        if let state = box.state, box.region < stateClasses.count, state < stateClasses[box.region].count,
            !stateClasses[box.region][state].isEmpty
        {
            classes += " " + stateClasses[box.region][state]
        }
        let parent = box.parent.map { " data-parent=\"st-\(box.region)-\($0)\"" } ?? ""
        var text =
            "<g class=\"\(classes)\" id=\"\(id)\" data-region=\"\(region)\" data-state=\"\(Escaping.html(box.name))\"\(parent)>"
        let middle = box.y + box.height / 2
        if box.isInitial {
            text +=
                "<circle class=\"initial\" cx=\"\(box.x - 16)\" cy=\"\(middle)\" r=\"4\"/>"
                + "<path class=\"initial-edge\" d=\"M\(box.x - 12) \(middle)H\(box.x - 1)\"/>"
        }
        if box.isCompound {
            text +=
                "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"10\"/>"
                + "<text class=\"group-name\" x=\"\(box.x + 10)\" y=\"\(middle + 4)\">\(Escaping.html(box.name))</text>"
            return text + "<title>\(region): \(Escaping.html(box.name)), a compound state</title></g>\n"
        }
        text += "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(MachineLayout.boxHeight)\" rx=\"8\"/>"
        if box.isFinal {
            text +=
                "<rect class=\"inner\" x=\"\(box.x + 3)\" y=\"\(box.y + 3)\" width=\"\(box.width - 6)\""
                + " height=\"\(MachineLayout.boxHeight - 6)\" rx=\"6\"/>"
        }
        text += "<text x=\"\(box.x + box.width / 2)\" y=\"\(middle + 4)\">\(Escaping.html(box.name))</text>"
        return text + "<title>\(region): \(Escaping.html(box.name))</title></g>\n"
    }

    private func draw(_ arrow: MachineLayout.Arrow) -> String {
        let points = arrow.points
        let path = "M" + points.map { "\($0.x) \($0.y)" }.joined(separator: "L")
        guard let end = points.last else { return "" }
        // The head points into the target box: down from above, up from below.
        let head =
            arrow.isAbove
            ? "M\(end.x) \(end.y)l-4 -8h8z"
            : "M\(end.x) \(end.y)l-4 8h8z"
        return "<g class=\"\(classes(arrow.row, "row arrow"))\" data-row=\"\(arrow.row)\"><path class=\"edge\" d=\"\(path)\"/>"
            + "<path class=\"head\" d=\"\(head)\"/>"
            + "<title>\(Escaping.html(listing.rows[arrow.row].id))</title></g>\n"
    }

    private func draw(_ note: MachineLayout.Note) -> String {
        var text =
            "<g class=\"\(classes(note.row, "row note"))\" data-row=\"\(note.row)\"><text x=\"\(note.x + 4)\" y=\"\(note.y)\">"
        for (index, line) in note.lines.enumerated() {
            text +=
                "<tspan x=\"\(note.x + 4)\" dy=\"\(index == 0 ? 0 : MachineLayout.lineHeight)\">\(Escaping.html(line))</tspan>"
        }
        return text + "</text><title>\(Escaping.html(listing.rows[note.row].id))</title></g>\n"
    }

    private func classes(_ row: Int, _ base: String) -> String {
        let extra = row < rowClasses.count ? rowClasses[row] : ""
        return extra.isEmpty ? base : base + " " + extra
    }
}
