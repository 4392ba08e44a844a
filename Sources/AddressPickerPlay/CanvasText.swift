import TerminalUI

extension Canvas {
    /// Writes `text` from `column` of `row` in `style`, in at most `cells` cells and never past
    /// the frame's edge: text that does not fit is cut, its last cell an ellipsis, so that a cut
    /// never reads as whole. Returns the column after the last cell written.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, within cells: Int) -> Int {
        let room = min(cells, size.columns - column)
        guard room > 0 else { return column }
        let fitted = MapLayout.width(of: text) <= room ? text : MapLayout.shortened(text, to: room)
        return put(fitted, row: row, column: column, style: style, width: room)
    }
}
