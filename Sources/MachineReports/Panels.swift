import MachineCore
import MachineDiagrams

/// A machine's drawing on a page: one `<svg>` per region, in a block that flows them into as
/// many columns as the page has room for, each panel as wide as its column, from 85% of its own
/// width (the replay page's script fits them to its pane instead), and the legend of what the
/// drawing's marks mean.
enum Panels {
    /// The panels of `drawing`, of the machine called `machine`.
    static func html(_ drawing: MachineDrawing, machine: String) -> String {
        // Columns down to 85% of a panel's width, so that one more fits before a panel is shrunk further.
        var text = "<div class=\"panels\" id=\"panels\" style=\"column-width:\(drawing.layout.width * 85 / 100)px\">\n"
        for (index, panel) in drawing.layout.panels.enumerated() {
            text += drawing.svg(panel: index, label: "The \(machine) machine, region \(panel.name): its states and rows")
        }
        return text + "</div>\n"
    }

    /// The legend of `listing`'s drawing, as a list.
    static func legend(_ listing: TableListing) -> String {
        "<ul>" + MachineDrawing.legend(listing).map { "<li>\(Escaping.html($0))</li>" }.joined() + "</ul>"
    }
}
