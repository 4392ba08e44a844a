import MachineCore

/// The SVG of a ``MachineLayout``, panel by panel: state boxes (`id="st-REGION-STATE"`, the
/// region's and state's indexes), rows as entries and arrows (`data-row="ROW"`, the row's index;
/// `data-from`, the box they leave), so that a page's script can mark the active states and the
/// rows that fired, and its style can mark rows and states by class. Colours come from the
/// style of the page or file around it.
///
/// A compound state is a group (`class="state compound"`) drawn before, and so under, the boxes
/// it holds; a state with a parent names its parent's element (`data-parent="st-REGION-STATE"`),
/// so that a script marks a leaf's ancestors active with it. A parallel state's box
/// (`class="state parallel"`) is drawn before the panels of the regions within it (each a
/// `<g class="region nested">` moved to its place). Their states name no parent in another
/// region: the parallel state is its own region's leaf, marked active with it, while a region
/// within it keeps a leaf even while it is not active, which must not mark the state.
package struct MachineDrawing: Sendable {
    package let layout: MachineLayout
    package let listing: TableListing
    /// Extra classes of each row's elements, by row index (`unfired`, say); empty for none.
    let rowClasses: [String]
    /// Extra classes of each state's box, by region and state index (`unentered`, say); empty for none.
    let stateClasses: [[String]]

    /// The drawing of `listing`, each row's lines ending with `notes[row]` when it is not
    /// empty, its rows and states with the extra classes given, if any, laid out with `options`:
    /// the panels of `regions`, regions at the top in table order (all of them unless given).
    package init(
        listing: TableListing, notes: [String] = [], rowClasses: [String] = [], stateClasses: [[String]] = [],
        options: MachineLayout.Options = MachineLayout.Options(), regions: [Int]? = nil
    ) {
        self.layout = MachineLayout(listing: listing, notes: notes, options: options, regions: regions)
        self.listing = listing
        self.rowClasses = rowClasses
        self.stateClasses = stateClasses
    }

    /// Panel `index` as an `<svg>` element of its own, described by `label` for screen readers.
    package func svg(panel index: Int, label: String) -> String {
        let panel = layout.panels[index]
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"machine\" viewBox=\"0 0 \(layout.width) \(panel.height)\""
            + " width=\"\(layout.width)\" height=\"\(panel.height)\" role=\"img\" aria-label=\"\(Escaping.html(label))\">\n"
            + content(panel) + "</svg>\n"
    }

    /// A panel's elements, in its own coordinates: its background and title, its boxes (each
    /// group before what it holds), the panels of its parallel states, its entries, then its
    /// arrows over them.
    func content(_ panel: MachineLayout.Panel) -> String {
        var text =
            "<rect class=\"panel\" x=\"0.5\" y=\"0.5\" width=\"\(panel.width - 1)\" height=\"\(panel.height - 1)\" rx=\"8\"/>"
            + "<text class=\"region-name\" x=\"\(MachineLayout.padding)\" y=\"20\">\(Escaping.html(panel.name))</text>\n"
        for box in panel.boxes { text += draw(box, in: panel) }
        for nested in panel.panels {
            text += "<g class=\"region nested\" transform=\"translate(\(nested.x) \(nested.y))\">\n\(content(nested))</g>\n"
        }
        for entry in panel.entries { text += draw(entry, in: panel) }
        for arrow in panel.arrows { text += draw(arrow, in: panel) }
        return text
    }

    private func id(_ region: Int, _ state: Int?) -> String { "st-\(region)-\(state.map(String.init) ?? "any")" }

    private func draw(_ box: MachineLayout.Box, in panel: MachineLayout.Panel) -> String {
        let region = Escaping.html(panel.name)
        var classes =
            box.state == nil ? "state any" : box.isCompound ? "state compound" : box.isParallel ? "state parallel" : "state"
        if box.isFinal { classes += " final" }
        if let state = box.state, panel.region < stateClasses.count, state < stateClasses[panel.region].count,
            !stateClasses[panel.region][state].isEmpty
        {
            classes += " " + stateClasses[panel.region][state]
        }
        let parent = box.parent.map { " data-parent=\"\(id(panel.region, $0))\"" } ?? ""
        var text =
            "<g class=\"\(classes)\" id=\"\(id(panel.region, box.state))\" data-region=\"\(region)\""
            + " data-state=\"\(Escaping.html(box.name))\"\(parent)>"
        let middle = box.y + MachineLayout.headerHeight / 2
        if box.isInitial {
            text +=
                "<circle class=\"initial\" cx=\"\(box.x - 10)\" cy=\"\(middle)\" r=\"4\"/>"
                + "<path class=\"initial-edge\" d=\"M\(box.x - 6) \(middle)H\(box.x)\"/>"
        }
        text += "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"8\"/>"
        if box.isFinal {
            text +=
                "<rect class=\"inner\" x=\"\(box.x + 3)\" y=\"\(box.y + 3)\" width=\"\(box.width - 6)\""
                + " height=\"\(box.height - 6)\" rx=\"6\"/>"
        }
        text += "<text class=\"name\" x=\"\(box.x + 8)\" y=\"\(box.y + 15)\">\(Escaping.html(box.name))</text>"
        for marker in box.histories {
            text +=
                "<g class=\"history\"><circle cx=\"\(marker.x)\" cy=\"\(marker.y)\" r=\"\(MachineLayout.historyRadius)\"/>"
                + "<text x=\"\(marker.x)\" y=\"\(marker.y + 3)\">\(marker.history == .deep ? "H*" : "H")</text></g>"
        }
        let kind = box.isCompound ? ", a compound state" : box.isParallel ? ", a parallel state" : ""
        return text + "<title>\(region): \(Escaping.html(box.name))\(kind)</title></g>\n"
    }

    private func draw(_ entry: MachineLayout.Entry, in panel: MachineLayout.Panel) -> String {
        let options = layout.options
        var text =
            "<g class=\"\(classes(entry.row, "row entry"))\" data-row=\"\(entry.row)\" data-from=\"\(id(panel.region, entry.source))\">"
            + "<text x=\"\(entry.x)\" y=\"\(entry.y)\">"
        let rowID = listing.rows[entry.row].id + ":"
        for (index, line) in entry.lines.enumerated() {
            var line = Substring(line)
            var x = entry.x
            if options.indentsByPosition {
                let indent = line.prefix { $0 == " " }.count
                line = line.dropFirst(indent)
                x += indent * MachineLayout.characterWidth
            }
            var content = Escaping.html(String(line))
            if options.showsRowIDs, index == 0, line.hasPrefix(rowID) {
                content =
                    "<tspan class=\"id\">\(Escaping.html(rowID))</tspan>" + Escaping.html(String(line.dropFirst(rowID.count)))
            }
            text += "<tspan x=\"\(x)\" dy=\"\(index == 0 ? 0 : MachineLayout.lineHeight)\">\(content)</tspan>"
        }
        return text + "</text><title>\(title(entry.row, lines: entry.lines))</title></g>\n"
    }

    /// The tooltip of row `row`'s entry and arrow: its id, and with the ids shown, its entry's
    /// `lines` on one line.
    private func title(_ row: Int, lines: [String]?) -> String {
        guard layout.options.showsRowIDs, let lines else { return Escaping.html(listing.rows[row].id) }
        return Escaping.html(lines.map { $0.drop { $0 == " " } }.joined(separator: " "))
    }

    private func draw(_ arrow: MachineLayout.Arrow, in panel: MachineLayout.Panel) -> String {
        guard let end = arrow.points.last else { return "" }
        let path = "M" + arrow.points.map { "\($0.x) \($0.y)" }.joined(separator: "L")
        let base = arrow.isInternal ? "row arrow internal" : "row arrow"
        let junction = arrow.junction.map { "<circle class=\"join\" cx=\"\($0.x)\" cy=\"\($0.y)\" r=\"2.5\"/>" } ?? ""
        let entry = panel.entries.first { $0.row == arrow.row && $0.source == arrow.source }
        return
            "<g class=\"\(classes(arrow.row, base))\" data-row=\"\(arrow.row)\" data-from=\"\(id(panel.region, arrow.source))\">"
            + "<path class=\"edge\" d=\"\(path)\"/><path class=\"head\" d=\"M\(end.x) \(end.y)l8 -4v8z\"/>\(junction)"
            + "<title>\(title(arrow.row, lines: entry?.lines))</title></g>\n"
    }

    private func classes(_ row: Int, _ base: String) -> String {
        let extra = row < rowClasses.count ? rowClasses[row] : ""
        return extra.isEmpty ? base : base + " " + extra
    }

    /// What the drawing's marks mean, those of `listing`'s drawing with `options` only, one
    /// sentence each.
    package static func legend(_ listing: TableListing, options: MachineLayout.Options = MachineLayout.Options()) -> [String] {
        let rows = listing.rows
        var lines = ["● marks an initial state, a double border a final state."]
        if options.showsRowIDs {
            lines.append(
                "A row is listed in each state it leaves, as id: event [guard] → target, by the id transcripts, coverage and mutate use."
            )
        } else {
            lines.append(
                "A row is listed in each state it leaves, as event [guard] → target; its arrow runs in the right margin into the target."
            )
        }
        if options.sharesTracks {
            lines.append(
                "Its arrow runs in the right margin into its target; the arrows into one state share a line, a dot marking each join."
            )
        } else if options.showsRowIDs {
            lines.append("Its arrow runs in the right margin into the target.")
        }
        if rows.contains(where: { $0.sources == nil }) {
            lines.append("any state lists the rows that leave every state of its region.")
        }
        if listing.isHierarchical {
            lines.append("A group is a compound state: a row listed under its name leaves every state inside it.")
        }
        if listing.regions.contains(where: { $0.parent != nil }) {
            lines.append(
                "A box around panels is a parallel state: the regions in its panels are active, side by side, while it is.")
        }
        if rows.contains(where: \.isInternal) {
            lines.append("A dashed arrow is an internal row: it does not exit its compound state.")
        }
        if rows.contains(where: \.stays) {
            lines.append("(stays) marks a row without a target: it exits and enters nothing, and has no arrow.")
        }
        if rows.contains(where: { $0.history != nil }) {
            lines.append("H and H* mark entry by a compound state's shallow or deep history.")
        }
        if rows.contains(where: \.trigger.isDelayed) {
            lines.append(
                "after D marks a row taken D after its state is entered, every D one taken every D while its state is active; leaving the state stops their timer."
            )
        }
        if rows.contains(where: { $0.trigger == .always }) {
            lines.append("always marks a row taken with no event, as soon as its guard holds after a step.")
        }
        let done = rows.compactMap { row in
            if case .done(let state) = row.trigger { listing.isParallel(region: row.region, state: state) } else { nil }
        }
        if done.contains(false) {
            lines.append("done.state.S marks a row taken when compound state S enters one of its final children.")
        }
        if done.contains(true) {
            lines.append(
                "done.state.P marks a row taken when every region in parallel state P is in a final state at its top.")
        }
        return lines
    }
}
