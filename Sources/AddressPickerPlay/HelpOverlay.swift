import TerminalUI

/// The keys (`?`), in a box over the middle of the screen; any key closes it.
enum HelpOverlay {
    static func draw(into canvas: inout Canvas) {
        let keyWidth = PlayKeys.help.map(\.key.count).max() ?? 0
        let lines =
            ["Keys"] + PlayKeys.help.map { $0.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  " + $0.meaning }
            + ["", "Any key closes this."]
        let width = min(canvas.size.columns - 2, (lines.map(\.count).max() ?? 0) + 4)
        let height = lines.count + 2
        let left = max(0, (canvas.size.columns - width) / 2)
        let top = max(0, (canvas.size.rows - height) / 2)
        let frame = Style(color: .cyan, bold: true)
        canvas.put("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, style: frame)
        for (offset, line) in lines.enumerated() {
            let row = top + 1 + offset
            canvas.fill(row: row, column: left, width: width)
            canvas.put("│", row: row, column: left, style: frame)
            canvas.put(line, row: row, column: left + 2, style: offset == 0 ? .bold : .plain, width: width - 4)
            canvas.put("│", row: row, column: left + width - 1, style: frame)
        }
        canvas.put("└" + String(repeating: "─", count: width - 2) + "┘", row: top + height - 1, column: left, style: frame)
    }
}
