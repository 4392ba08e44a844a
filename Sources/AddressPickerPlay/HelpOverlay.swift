import TerminalUI

/// The keys (`?`), in a box over the map; any key closes it.
///
/// The box is centred over the map (over the screen when the map is narrower), and kept one
/// cell clear of the crosshair: above it or below it when there is room, else beside it. The
/// title and the footer stay visible; the map lays its labels out around the box, so that none
/// is cut by it.
enum HelpOverlay {
    /// Where the box is drawn.
    struct Box: Equatable {
        let top: Int
        let left: Int
        let width: Int
        let height: Int

        /// Whether the cell is in the box.
        func contains(row: Int, column: Int) -> Bool {
            row >= top && row < top + height && column >= left && column < left + width
        }
    }

    /// The lines in the box: the keys `?` lists, and how to close it.
    static let lines: [String] = {
        let keyWidth = PlayKeys.help.map(\.key.count).max() ?? 0
        return ["Keys"]
            + PlayKeys.help.map { $0.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  " + $0.meaning }
            + ["", "Any key closes this."]
    }()

    /// The box on `screen`, between the title and the footer, clear of the crosshair whose
    /// centre is `crosshair`; the map is `mapWidth` cells wide.
    static func box(on screen: TerminalSize, mapWidth: Int, avoiding crosshair: (row: Int, column: Int)?) -> Box {
        let width = min(screen.columns - 2, (lines.map(\.count).max() ?? 0) + 4)
        let height = lines.count + 2
        let across = width <= mapWidth ? mapWidth : screen.columns
        let centred = Box(
            top: 1 + max(0, (screen.rows - 2 - height) / 2), left: max(0, (across - width) / 2), width: width, height: height)
        guard let crosshair else { return centred }
        // The crosshair's cells and one cell around them.
        let rows = (crosshair.row - 2)...(crosshair.row + 2)
        let columns = (crosshair.column - 2)...(crosshair.column + 2)
        func moved(top: Int? = nil, left: Int? = nil) -> Box {
            Box(top: top ?? centred.top, left: left ?? centred.left, width: width, height: height)
        }
        guard rows.overlaps(centred.top...(centred.top + height - 1)), columns.overlaps(centred.left...(centred.left + width - 1))
        else { return centred }
        let above = 1..<rows.lowerBound
        if height <= above.count { return moved(top: above.lowerBound + (above.count - height) / 2) }
        let below = (rows.upperBound + 1)..<(screen.rows - 1)
        if height <= below.count { return moved(top: below.lowerBound + (below.count - height) / 2) }
        if columns.upperBound + 1 + width <= screen.columns { return moved(left: columns.upperBound + 1) }
        if columns.lowerBound - width >= 0 { return moved(left: columns.lowerBound - width) }
        return centred
    }

    /// Draws the keys in `box`.
    static func draw(in box: Box, into canvas: inout Canvas) {
        let frame = Style(color: .cyan, bold: true)
        let (top, left, width) = (box.top, box.left, box.width)
        canvas.put("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, style: frame)
        for (offset, line) in lines.enumerated() {
            let row = top + 1 + offset
            canvas.fill(row: row, column: left, width: width)
            canvas.put("│", row: row, column: left, style: frame)
            canvas.put(line, row: row, column: left + 2, style: offset == 0 ? .bold : .plain, within: width - 4)
            canvas.put("│", row: row, column: left + width - 1, style: frame)
        }
        canvas.put("└" + String(repeating: "─", count: width - 2) + "┘", row: top + box.height - 1, column: left, style: frame)
    }
}
