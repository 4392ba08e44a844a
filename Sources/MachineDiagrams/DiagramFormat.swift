import MachineCore

/// The diagram formats, all rendered from a table's listing, deterministically: the same table
/// gives the same bytes, so generated files can be compared in tests.
public enum DiagramFormat: String, CaseIterable, Sendable {
    /// Graphviz DOT: one cluster per region.
    case dot
    /// Mermaid `stateDiagram-v2`: one composite state per region (renders on GitHub).
    case mermaid
    /// W3C SCXML 1.0: a `<parallel>` of one `<state>` per region.
    case scxml
    /// SVG drawn by the package's own layout (no Graphviz): a panel per region in table order,
    /// in columns within a README's width, each state listing the rows that leave it by id, with
    /// a legend.
    case svg

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .dot: "dot"
        case .mermaid: "mmd"
        case .scxml: "scxml"
        case .svg: "svg"
        }
    }

    /// The diagram of `listing`, for the machine called `name`.
    ///
    /// Its first line says the file is generated, naming `command`, the command that writes it
    /// (`sign-in diagram`, say; the format is added), so that a reader knows how to refresh it.
    public func render(_ listing: TableListing, name: String, generatedBy command: String) -> String {
        switch self {
        case .dot: DOTRenderer(listing: listing, name: name, command: command).render()
        case .mermaid: MermaidRenderer(listing: listing, name: name, command: command).render()
        case .scxml: SCXMLRenderer(listing: listing, name: name, command: command).render()
        case .svg: SVGRenderer(listing: listing, name: name, command: command).render()
        }
    }
}

extension TableListing {
    /// Whether some row of `region` leaves from any state.
    func hasAnyStateRows(_ region: Int) -> Bool {
        rows.contains { $0.region == region && $0.sources == nil }
    }

    /// The indexes of the rows of `region` declared to leave `state` (`nil`: those that leave
    /// from any state), in table order: the rows a diagram lists in that state.
    func rows(of region: Int, leaving state: Int?) -> [Int] {
        rows.indices.filter { index in
            rows[index].region == region && (rows[index].sources.map { state.map($0.contains) ?? false } ?? (state == nil))
        }
    }
}
