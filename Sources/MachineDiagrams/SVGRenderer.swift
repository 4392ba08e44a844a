import MachineCore

/// Renders a table as one SVG file, drawn by the package's own layout (``MachineLayout``, no
/// Graphviz): a legend of the marks the drawing uses, then one panel per region in table order,
/// in as many columns side by side as make it shortest within ``maxWidth`` (down the first
/// column, then the next), each listing its states' rows by id with their arrows. Light
/// colours on a white background, so that it reads the same on a light or a dark page.
struct SVGRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    /// The gap between the legend and the panels, and between two panels.
    static let gap = 16
    /// The widest the file is: a README's column on GitHub, where it shows at its own size, its
    /// text 11 px.
    static let maxWidth = 880
    /// The narrowest lines rows are wrapped to, so that one more column of panels fits.
    static let narrowestLines = 32
    /// The extra space above each of the legend's sentences but the first.
    static let sentenceGap = 3

    func render() -> String {
        let sheet = Sheet(listing)
        let (width, height) = (sheet.width, sheet.height)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated from the \(Escaping.comment(name)) transition table by \(Escaping.comment(command)), format svg. Do not edit. -->
            <svg xmlns="http://www.w3.org/2000/svg" class="machine" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" role="img" aria-labelledby="title">
            <title id="title">The \(Escaping.html(name)) machine: its regions in table order, each state with the rows that leave it, by id</title>
            <style>
            \(Self.style)\(listing.regions.contains { $0.parent != nil } ? "\n" + Self.nestedStyle : "")
            </style>
            <rect class="background" width="\(width)" height="\(height)"/>
            <text class="legend" x="\(MachineLayout.padding)" y="\(MachineLayout.lineHeight)">
            """
        var first = true
        for sentence in sheet.legend {
            for (index, line) in sentence.enumerated() {
                let dy = first ? 0 : MachineLayout.lineHeight + (index == 0 ? Self.sentenceGap : 0)
                text += "<tspan x=\"\(MachineLayout.padding)\" dy=\"\(dy)\">\(Escaping.html(line))</tspan>"
                first = false
            }
        }
        text += "</text>\n"
        for column in sheet.columns {
            for (panel, origin) in zip(column.drawing.layout.panels, column.origins) {
                text +=
                    "<g class=\"region\" transform=\"translate(\(origin.x) \(origin.y))\">\n\(column.drawing.content(panel))</g>\n"
            }
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
        .history circle{fill:#fff;stroke:#1d1f23}.history text{font-size:10px;font-weight:700;text-anchor:middle;fill:#1d1f23}
        .entry text{fill:#1d1f23}.entry .id{fill:#4f6a93}
        .edge{fill:none;stroke:#7d8797;stroke-width:1.2;stroke-linejoin:round}.head,.join{fill:#7d8797}
        .internal .edge{stroke-dasharray:5 3}
        """

    /// The style's rule for the panels of regions within parallel states, added only when the
    /// table has some, so that other drawings keep their bytes.
    static let nestedStyle = ".nested>.panel{stroke-dasharray:4 3}"

    /// Each of `sentences` on lines of at most `characters`, broken between words: a list of
    /// lines per sentence, each line starting where the sentence does.
    static func wrap(_ sentences: [String], characters: Int) -> [[String]] {
        sentences.map { sentence in
            var lines: [String] = []
            for word in sentence.split(separator: " ") {
                if let last = lines.last, last.count + 1 + word.count <= characters {
                    lines[lines.count - 1] = last + " " + word
                } else {
                    lines.append(String(word))
                }
            }
            return lines
        }
    }
}

extension SVGRenderer {
    /// The file's arrangement: its legend on top, then the panels of the regions at the top in
    /// columns, each column's panels in table order from the top and the columns in table order
    /// from the left. Of the arrangements with 1, 2, … columns (each an equal share of
    /// ``maxWidth``), the shortest; each column is drawn on its own, its panels as wide as each
    /// other, with the longest lines that fit its share (never shorter than ``narrowestLines``;
    /// a single column has the layout's usual 46).
    struct Sheet: Sendable {
        /// A column: the drawing of its panels' regions, and each panel's top left corner.
        struct Column: Sendable {
            let drawing: MachineDrawing
            let origins: [(x: Int, y: Int)]
        }

        let columns: [Column]
        /// The legend's sentences, each as its lines.
        let legend: [[String]]
        let width: Int
        let height: Int

        init(_ listing: TableListing) {
            let usual = MachineLayout.Options().lineCharacters
            let top = listing.regions.indices.filter { listing.regions[$0].parent == nil }
            var drawings: [[Int]: [Int: MachineDrawing]] = [:]
            func drawing(_ regions: [Int], lines: Int) -> MachineDrawing {
                if let drawing = drawings[regions]?[lines] { return drawing }
                let drawing = MachineDrawing(listing: listing, options: .document(lineCharacters: lines), regions: regions)
                drawings[regions, default: [:]][lines] = drawing
                return drawing
            }
            var best = Sheet(listing: listing, columns: [drawing(top, lines: usual)])
            for count in stride(from: 2, through: top.count, by: 1) {
                let share = (SVGRenderer.maxWidth - (count - 1) * SVGRenderer.gap) / count
                var fits = false
                for runs in Self.splits(top, into: count) {
                    let columns = runs.compactMap { run in
                        stride(from: usual, through: SVGRenderer.narrowestLines, by: -1).lazy
                            .map { drawing(run, lines: $0) }.first { $0.layout.width <= share }
                    }
                    guard columns.count == runs.count else { continue }
                    fits = true
                    let sheet = Sheet(listing: listing, columns: columns)
                    if sheet.height < best.height { best = sheet }
                }
                if !fits { break }
            }
            self = best
        }

        /// `columns` side by side under the legend.
        private init(listing: TableListing, columns drawings: [MachineDrawing]) {
            width = drawings.reduce(0) { $0 + $1.layout.width } + (drawings.count - 1) * SVGRenderer.gap
            let options = drawings.first?.layout.options ?? MachineLayout.Options()
            legend = SVGRenderer.wrap(
                MachineDrawing.legend(listing, options: options),
                characters: (width - 2 * MachineLayout.padding) / MachineLayout.characterWidth)
            let lines = legend.reduce(0) { $0 + $1.count }
            let legendHeight = lines * MachineLayout.lineHeight + (legend.count - 1) * SVGRenderer.sentenceGap + 8
            var columns: [Column] = []
            var (x, tallest) = (0, legendHeight)
            for drawing in drawings {
                var origins: [(x: Int, y: Int)] = []
                var y = legendHeight + SVGRenderer.gap
                for panel in drawing.layout.panels {
                    origins.append((x, y))
                    y += panel.height + SVGRenderer.gap
                }
                columns.append(Column(drawing: drawing, origins: origins))
                tallest = max(tallest, y - SVGRenderer.gap)
                x += drawing.layout.width + SVGRenderer.gap
            }
            self.columns = columns
            height = tallest
        }

        /// Every split of `items`, in order, into `count` runs, none empty.
        static func splits(_ items: [Int], into count: Int) -> [[[Int]]] {
            guard count > 1 else { return items.isEmpty ? [] : [[items]] }
            guard items.count >= count else { return [] }
            return (1...(items.count - count + 1)).flatMap { end in
                splits(Array(items[end...]), into: count - 1).map { [Array(items[..<end])] + $0 }
            }
        }
    }
}
