import MachineCore

/// Renders a table as one SVG file, drawn by the package's own layout (``MachineLayout``, no
/// Graphviz): a legend of the marks the drawing uses, then one panel per region, top down in
/// table order, each listing its states' rows with their arrows. Light colours on a white
/// background, so that it reads the same on a light or a dark page.
struct SVGRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    /// The gap between the legend and the panels, and between two panels.
    static let gap = 16

    func render() -> String {
        let drawing = MachineDrawing(listing: listing)
        let layout = drawing.layout
        let legend = Self.wrap(MachineDrawing.legend(listing), characters: (layout.width - 2 * MachineLayout.padding) / 7)
        let legendHeight = legend.count * MachineLayout.lineHeight + 8
        let height = legendHeight + layout.panels.reduce(0) { $0 + Self.gap + $1.height }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated from the \(Escaping.comment(name)) transition table by \(Escaping.comment(command)), format svg. Do not edit. -->
            <svg xmlns="http://www.w3.org/2000/svg" class="machine" viewBox="0 0 \(layout.width) \(height)" width="\(layout.width)" height="\(height)" role="img" aria-labelledby="title">
            <title id="title">The \(Escaping.html(name)) machine: its regions top down, each state with the rows that leave it</title>
            <style>
            \(Self.style)\(listing.regions.contains { $0.parent != nil } ? "\n" + Self.nestedStyle : "")
            </style>
            <rect class="background" width="\(layout.width)" height="\(height)"/>
            <text class="legend" x="\(MachineLayout.padding)" y="\(MachineLayout.lineHeight)">
            """
        for (index, line) in legend.enumerated() {
            text +=
                "<tspan x=\"\(MachineLayout.padding)\" dy=\"\(index == 0 ? 0 : MachineLayout.lineHeight)\">\(Escaping.html(line))</tspan>"
        }
        text += "</text>\n"
        var y = legendHeight + Self.gap
        for panel in layout.panels {
            text += "<g class=\"region\" transform=\"translate(0 \(y))\">\n\(drawing.content(panel))</g>\n"
            y += panel.height + Self.gap
        }
        return text + "</svg>\n"
    }

    /// The file's own colours and fonts, for the classes ``MachineDrawing`` writes.
    static let style = """
        svg.machine{font:11px "DejaVu Sans Mono",Menlo,Consolas,monospace}
        .background{fill:#fff}.legend{fill:#4a5260}
        .panel{fill:#f6f7f9;stroke:#d5d9e0}.region-name{font:600 13px system-ui,-apple-system,"Segoe UI",sans-serif;fill:#4a5260}
        .state>rect{fill:#fff;stroke:#8a94a6;stroke-width:1.2}.state.compound>rect{fill:#eef1f5}
        .state.any>rect{fill:none;stroke-dasharray:4 3}.state.any>.name{fill:#5f6773}
        .state .inner{fill:none}.name{font-weight:700;font-size:12px;fill:#1d1f23}
        .initial{fill:#1d1f23}.initial-edge{stroke:#1d1f23;stroke-width:1.2}
        .history circle{fill:#fff;stroke:#1d1f23}.history text{font-size:9px;font-weight:700;text-anchor:middle;fill:#1d1f23}
        .entry text{fill:#1d1f23}.edge{fill:none;stroke:#7d8797;stroke-width:1.2;stroke-linejoin:round}.head{fill:#7d8797}
        .internal .edge{stroke-dasharray:5 3}
        """

    /// The style's rule for the panels of regions within parallel states, added only when the
    /// table has some, so that other drawings keep their bytes.
    static let nestedStyle = ".nested>.panel{stroke-dasharray:4 3}"

    /// Each of `sentences` on lines of at most `characters`, broken between words.
    static func wrap(_ sentences: [String], characters: Int) -> [String] {
        var lines: [String] = []
        for sentence in sentences {
            var line = ""
            for word in sentence.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= characters {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = "  " + word
                }
            }
            lines.append(line)
        }
        return lines
    }
}
