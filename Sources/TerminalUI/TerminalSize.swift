/// The size of a terminal or of a frame, in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Cells across.
    public var columns: Int
    /// Lines down.
    public var rows: Int

    /// A size of `columns` × `rows`; a negative value counts as zero.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
}
