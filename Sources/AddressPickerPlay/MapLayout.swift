import TerminalUI

/// Which cells of the map are taken, and where a label goes: beside its marker, right or left,
/// whole or shortened, never over a marker, another label or the crosshair. Two blank cells
/// separate a label's far end from anything else, and its marker from any other label (markers
/// one cell apart count as one group), so that no two labels run together or read as one.
struct MapLayout {
    /// What a cell holds.
    enum Use: Equatable {
        case free
        case crosshair
        case marker
        /// A label's text, the blank between it and its marker, and the labelled marker.
        case label
        /// Under a box drawn over the map.
        case covered
        /// Blank, and kept clear of other labels' text: the gap after a label.
        case margin
    }

    /// A label placed: its text and the cell of its first character.
    struct Label {
        let text: String
        let row: Int
        let column: Int
    }

    /// The fewest cells a shortened label keeps: three characters and an ellipsis.
    static let shortestLabel = 4
    /// The free cells between a label's far end and the next label or marker.
    static let gap = 2

    let rows: Int
    let columns: Int
    /// The crosshair's centre cell.
    let crosshair: (row: Int, column: Int)
    private var uses: [Use]

    /// A map of `rows` × `columns` cells, free but for the crosshair's five around `crosshair`.
    init(rows: Int, columns: Int, crosshair: (row: Int, column: Int)) {
        self.rows = rows
        self.columns = columns
        self.crosshair = crosshair
        uses = Array(repeating: .free, count: rows * columns)
        for (row, column) in [(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0)] {
            self[crosshair.row + row, crosshair.column + column] = .crosshair
        }
    }

    /// What the cell holds; outside the map, nothing.
    subscript(row: Int, column: Int) -> Use {
        get { contains(row, column) ? uses[row * columns + column] : .free }
        set { if contains(row, column) { uses[row * columns + column] = newValue } }
    }

    /// Takes a cell a box is drawn over.
    mutating func cover(row: Int, column: Int) {
        self[row, column] = .covered
    }

    /// Takes the marker's cell when it is free or the crosshair's centre (the place under the
    /// crosshair), or one of the crosshair's arms and `mayCoverArms`.
    mutating func takeMarker(row: Int, column: Int, mayCoverArms: Bool) -> Bool {
        let use = self[row, column]
        let isCentre = row == crosshair.row && column == crosshair.column
        guard contains(row, column), use == .free || (use == .crosshair && (isCentre || mayCoverArms)) else { return false }
        self[row, column] = .marker
        return true
    }

    /// Places `name` beside the marker at `row`, `column`: right of it, else left, else
    /// shortened on the side with more room; `nil` when not even a short label fits. A marker on
    /// the crosshair's centre is labelled past the crosshair's arm.
    mutating func placeLabel(_ name: String, row: Int, column: Int) -> Label? {
        let step = row == crosshair.row && column == crosshair.column ? 2 : 1
        let right = isClear(row: row, behind: column, direction: 1) ? room(row: row, from: column + step, direction: 1) : 0
        let left = isClear(row: row, behind: column, direction: -1) ? room(row: row, from: column - step, direction: -1) : 0
        let width = Self.width(of: name)
        let text: String
        let direction: Int
        if width <= right {
            (text, direction) = (name, 1)
        } else if width <= left {
            (text, direction) = (name, -1)
        } else if max(left, right) >= Self.shortestLabel {
            direction = right >= left ? 1 : -1
            text = Self.shortened(name, to: max(left, right))
        } else {
            return nil
        }
        let textWidth = Self.width(of: text)
        // The separator and the text, then the gap beyond them.
        let separator = column + direction * step
        let near = direction == 1 ? separator : separator - textWidth
        let far = near + textWidth
        for cell in near...far { self[row, cell] = .label }
        self[row, column] = .label
        let beyond = direction == 1 ? (far + 1)...(far + Self.gap) : (near - Self.gap)...(near - 1)
        for cell in beyond where self[row, cell] == .free { self[row, cell] = .margin }
        let first = direction == 1 ? separator + 1 : near
        return Label(text: text, row: row, column: first)
    }

    /// The cells a label of the marker whose separator is at `separator` may take in
    /// `direction`: the separator must be blank, the text's cells free, and the gap beyond
    /// them clear (or past the map's edge).
    private func room(row: Int, from separator: Int, direction: Int) -> Int {
        guard isBlank(row, separator), contains(row, separator) else { return 0 }
        var cells = 0
        while self[row, separator + direction * (cells + 1)] == .free, contains(row, separator + direction * (cells + 1)) {
            cells += 1
        }
        // Back off until the gap beyond the text is clear.
        while cells > 0, !(1...Self.gap).allSatisfy({ isBlank(row, separator + direction * (cells + $0)) }) { cells -= 1 }
        return cells
    }

    /// Whether no other label is behind the marker at `column`, seen from its label's side
    /// `direction`: the markers (and the crosshair) there, one cell apart or touching, and the
    /// two blank cells after them, hold no label.
    private func isClear(row: Int, behind column: Int, direction: Int) -> Bool {
        var blanks = 0
        var cell = column - direction
        while blanks < Self.gap, contains(row, cell) {
            switch self[row, cell] {
            case .label: return false
            case .marker, .crosshair, .covered: blanks = 0
            case .free, .margin: blanks += 1
            }
            cell -= direction
        }
        return true
    }

    /// Whether the cell shows nothing that a label could run into: free, a margin, or off the map.
    private func isBlank(_ row: Int, _ column: Int) -> Bool {
        let use = self[row, column]
        return use == .free || use == .margin
    }

    private func contains(_ row: Int, _ column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }

    /// The cells `text` takes on a terminal.
    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + (Canvas.isWide($1) ? 2 : 1) }
    }

    /// `text` cut to `cells` cells, its end an ellipsis.
    static func shortened(_ text: String, to cells: Int) -> String {
        var kept = ""
        for character in text {
            guard width(of: kept) + (Canvas.isWide(character) ? 2 : 1) <= cells - 1 else { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// `text` cut from its start to `cells` cells, its first cell an ellipsis: the end of what is
    /// being typed, where the cursor is.
    static func shortenedFromStart(_ text: String, to cells: Int) -> String {
        var kept = ""
        for character in text.reversed() {
            guard width(of: kept) + (Canvas.isWide(character) ? 2 : 1) <= cells - 1 else { break }
            kept.insert(character, at: kept.startIndex)
        }
        return "…" + kept
    }
}
