/// The size of a terminal or of a frame, in character cells.
package struct TerminalSize: Hashable, Sendable {
    /// Cells across.
    package var columns: Int
    /// Lines down.
    package var rows: Int

    /// A size of `columns` × `rows`; a negative value counts as zero.
    package init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
}
