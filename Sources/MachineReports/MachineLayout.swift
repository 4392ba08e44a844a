import MachineCore

/// A machine laid out from its table, deterministically and without Graphviz: one lane per
/// region, its control states as boxes left to right in declaration order (after an `any state`
/// box when some row leaves from any state), and each row as an arrow per source state.
///
/// A compound state is a labelled group around its children: its name on the left inside the
/// group, then its children (compound ones grouped in turn), so states are laid out depth first,
/// each compound state followed by its descendants. Arrows of a compound state's rows leave
/// from and arrive at the group's edge above or below its name (its *header*), so that a row
/// from a compound state to one of its children is a short arrow; the tracks of a lane with
/// groups start above the outermost group. A flat region is laid out as before.
///
/// Arrows to a later box run above the boxes, arrows to an earlier one below, each on the lowest
/// track where its line and label overlap no other's, shortest first.
/// A row that stays, and an arrow that finds no track within ``maxTracks``, is listed under its
/// source box instead. Coordinates are whole numbers, so the same table gives the same drawing.
struct MachineLayout {
    /// A region's band.
    struct Lane {
        let region: Int
        let name: String
        let y: Int
        let height: Int
    }

    /// A control state (or a region's `any state`): a box, or the group of a compound state.
    struct Box {
        let region: Int
        /// The state's index, or `nil` for `any state`.
        let state: Int?
        let name: String
        let x: Int
        let y: Int
        let width: Int
        /// ``boxHeight`` for a box; a group's height holds its children's boxes and groups.
        var height = MachineLayout.boxHeight
        /// The region's initial state, or the initial child of its parent.
        let isInitial: Bool
        let isFinal: Bool
        /// Whether it is a compound state, drawn as a group around its children.
        var isCompound = false
        /// The index of its parent state, if it has one.
        var parent: Int? = nil
    }

    /// A row drawn from one source box to its target box.
    struct Arrow {
        let row: Int
        /// The corners of the line, from the source to the target.
        let points: [(x: Int, y: Int)]
        let label: String
        let labelX: Int
        let labelY: Int
        /// Whether it runs above the boxes (to a later box) or below them (to an earlier one).
        let isAbove: Bool
    }

    /// A row listed under its source box: one that stays, or an arrow with no room.
    struct Note {
        let row: Int
        let x: Int
        let y: Int
        let lines: [String]
    }

    /// At most this many tracks above, and as many below, the boxes of a lane.
    static let maxTracks = 6
    static let boxHeight = 34
    static let labelCharacterWidth = 7
    static let nameCharacterWidth = 8
    static let trackGap = 18
    static let lineHeight = 14
    static let boxGap = 48
    static let margin = 16
    /// The space between a group's edge and the boxes or groups it holds, above and below.
    static let groupPadding = 10
    /// The space on the right of a group, after its last child.
    static let groupRightPadding = 12

    private(set) var lanes: [Lane] = []
    private(set) var boxes: [Box] = []
    private(set) var arrows: [Arrow] = []
    private(set) var notes: [Note] = []
    private(set) var width = 0
    private(set) var height = 0

    /// Lays out `listing`, each row labelled with `labels[row]`: its parts, joined by spaces
    /// on an arrow and one per line in a list (`["queryChanged", "[editsQuery]"]`).
    init(listing: TableListing, labels: [[String]]) {
        var y = 0
        for region in listing.regions.indices {
            let lane = LaneLayout(listing: listing, region: region, labels: labels, top: y)
            lanes.append(Lane(region: region, name: listing.regions[region].name, y: y, height: lane.height))
            boxes += lane.boxes
            arrows += lane.arrows
            notes += lane.notes
            width = max(width, lane.width)
            y += lane.height
        }
        height = y
    }
}

/// The layout of one lane.
private struct LaneLayout {
    typealias L = MachineLayout

    /// An arrow waiting for a track.
    struct Candidate {
        let row: Int
        let sourceColumn: Int
        let targetColumn: Int
        let label: String
        var isAbove: Bool { targetColumn > sourceColumn }
    }

    /// An arrow on its track, with the ranges it occupies.
    struct Placed {
        let candidate: Candidate
        let track: Int
        let span: ClosedRange<Int>
        let labelSpan: ClosedRange<Int>
        let labelCenter: Int
    }

    var boxes: [L.Box] = []
    var arrows: [L.Arrow] = []
    var notes: [L.Note] = []
    var width = 0
    var height = 0

    init(listing: TableListing, region: Int, labels: [[String]], top: Int) {
        let description = listing.regions[region]
        let rows = listing.rows.indices.filter { listing.rows[$0].region == region }
        let hasAny = rows.contains { listing.rows[$0].sources == nil }
        // Columns: `any state` first when needed, then the states depth first, each compound
        // state followed by its descendants (in a flat region, a state's column is its index, +1).
        var order: [Int] = []
        func visit(_ state: Int) {
            order.append(state)
            for child in description.children[state] where !order.contains(child) { visit(child) }
        }
        for state in description.states.indices where description.parents[state] == nil { visit(state) }
        let offset = hasAny ? 1 : 0
        let columnStates: [Int?] = (hasAny ? [nil] : []) + order.map(Optional.some)
        let columnNames = columnStates.map { $0.map { description.states[$0] } ?? "any state" }
        var columnOfState = Array(repeating: 0, count: description.states.count)
        for (index, state) in order.enumerated() { columnOfState[state] = index + offset }
        func column(_ state: Int?) -> Int { state.map { columnOfState[$0] } ?? 0 }
        // How many groups a compound state's group holds, one inside the other, itself included.
        func nesting(_ state: Int) -> Int {
            description.children[state].isEmpty ? 0 : 1 + (description.children[state].map(nesting).max() ?? 0)
        }
        let rise = (order.map(nesting).max() ?? 0) * L.groupPadding

        // What each column lists or sends, before placement decides which arrows fit.
        var candidates: [Candidate] = []
        var loops: [(row: Int, column: Int)] = []
        var widest = Array(repeating: 0, count: columnNames.count)
        for row in rows {
            let listed = listing.rows[row]
            let parts = labels[row]
            for source in listed.sources.map({ $0.map(Optional.some) }) ?? [nil] {
                let from = column(source)
                let partWidth = (parts.map(\.count).max() ?? 0) + 2
                if let target = listed.target, target != source {
                    candidates.append(
                        Candidate(
                            row: row, sourceColumn: from, targetColumn: column(target),
                            label: parts.joined(separator: " ")))
                    widest[from] = max(widest[from], partWidth, description.states[target].count + 2)
                } else {
                    loops.append((row, from))
                    widest[from] = max(widest[from], partWidth)
                }
            }
        }

        // Boxes, left to right; a group's header (its name, and room for its initial child's
        // marker) on its left, then its children, then its right padding.
        var x = L.margin + 20
        var columnX = Array(repeating: 0, count: columnNames.count)
        // A box's width, or a group's header's: where its arrows leave and arrive.
        var columnWidth = Array(repeating: 0, count: columnNames.count)
        // A group's whole width.
        var groupWidth = Array(repeating: 0, count: columnNames.count)
        func place(_ index: Int) {
            let name = columnNames[index]
            let notesWidth = widest[index] * L.labelCharacterWidth + 12 - L.boxGap
            guard let state = columnStates[index], description.isCompound(state) else {
                columnX[index] = x
                columnWidth[index] = max(112, name.count * L.nameCharacterWidth + 24, notesWidth)
                x += columnWidth[index] + L.boxGap
                return
            }
            let left = x
            columnX[index] = left
            columnWidth[index] = max(name.count * L.nameCharacterWidth + 40, notesWidth)
            x += columnWidth[index]
            for child in description.children[state] { place(column(child)) }
            let right = x - L.boxGap + L.groupRightPadding
            groupWidth[index] = right - left
            x = right + L.boxGap
        }
        for index in columnNames.indices where columnStates[index].map({ description.parents[$0] == nil }) ?? true {
            place(index)
        }
        func range(_ column: Int) -> ClosedRange<Int> { columnX[column]...(columnX[column] + columnWidth[column]) }
        func center(_ column: Int) -> Int { columnX[column] + columnWidth[column] / 2 }

        // Tracks: shortest arrows first, each on the lowest track of its side where its line and
        // label overlap no other's on that track. A leg may pass under a label of a lower track:
        // labels are drawn last, over the lines.
        var placed: [Placed] = []
        var unplaced: [Candidate] = []
        let ordered = candidates.enumerated().sorted { a, b in
            let spanA = abs(a.element.targetColumn - a.element.sourceColumn)
            let spanB = abs(b.element.targetColumn - b.element.sourceColumn)
            return spanA != spanB ? spanA < spanB : a.offset < b.offset
        }.map(\.element)
        for candidate in ordered {
            let from = range(candidate.sourceColumn)
            let to = range(candidate.targetColumn)
            let labelWidth = candidate.label.count * L.labelCharacterWidth
            let labelCenter = max((center(candidate.sourceColumn) + center(candidate.targetColumn)) / 2, labelWidth / 2 + 4)
            let labelSpan = (labelCenter - labelWidth / 2 - 6)...(labelCenter + labelWidth / 2 + 6)
            let span =
                min(
                    from.lowerBound, to.lowerBound, labelSpan.lowerBound)...max(
                    from.upperBound, to.upperBound, labelSpan.upperBound)
            let track = (0..<L.maxTracks).first { track in
                !placed.contains { $0.candidate.isAbove == candidate.isAbove && $0.track == track && $0.span.overlaps(span) }
            }
            if let track {
                placed.append(
                    Placed(candidate: candidate, track: track, span: span, labelSpan: labelSpan, labelCenter: labelCenter))
            } else {
                unplaced.append(candidate)
            }
        }
        let tracksAbove = placed.filter(\.candidate.isAbove).map { $0.track + 1 }.max() ?? 0
        let tracksBelow = placed.filter { !$0.candidate.isAbove }.map { $0.track + 1 }.max() ?? 0

        // Vertical positions: a group reaches `groupPadding` above and below what it holds.
        let boxTop = top + 30 + rise + (tracksAbove == 0 ? 0 : tracksAbove * L.trackGap + 12)
        let boxBottom = boxTop + L.boxHeight
        let notesTop = boxBottom + rise + (tracksBelow == 0 ? 0 : tracksBelow * L.trackGap + 8) + 18
        func edge(_ column: Int, above: Bool) -> Int {
            let reach = columnStates[column].map { nesting($0) * L.groupPadding } ?? 0
            return above ? boxTop - reach : boxBottom + reach
        }

        for (index, name) in columnNames.enumerated() {
            let state = columnStates[index]
            let reach = state.map { nesting($0) * L.groupPadding } ?? 0
            let parent = state.flatMap { description.parents[$0] }
            boxes.append(
                L.Box(
                    region: region, state: state, name: name, x: columnX[index], y: boxTop - reach,
                    width: reach > 0 ? groupWidth[index] : columnWidth[index],
                    height: L.boxHeight + 2 * reach,
                    isInitial: state == description.initial || (parent.map { description.children[$0].first == state } ?? false),
                    isFinal: state.map { description.finalStates.contains($0) } ?? false,
                    isCompound: state.map(description.isCompound) ?? false, parent: parent))
        }

        // Ports: on each box's side, the arrows to boxes on its left first (outer tracks
        // leftmost), then those to boxes on its right (outer tracks rightmost), so legs never
        // cross a line near a box.
        var ends: [String: [(arrow: Int, other: Int, track: Int)]] = [:]
        for (index, arrow) in placed.enumerated() {
            let side = arrow.candidate.isAbove ? "top" : "bottom"
            ends["\(arrow.candidate.sourceColumn).\(side)", default: []]
                .append((index, arrow.candidate.targetColumn, arrow.track))
            ends["\(arrow.candidate.targetColumn).\(side)", default: []]
                .append((index, arrow.candidate.sourceColumn, arrow.track))
        }
        var ports: [String: Int] = [:]
        for (key, list) in ends {
            let parts = key.split(separator: ".")
            guard let own = Int(parts[0]) else { continue }
            let sorted = list.sorted { a, b in
                let leftA = a.other < own
                let leftB = b.other < own
                if leftA != leftB { return leftA }
                if a.track != b.track { return leftA ? a.track > b.track : a.track < b.track }
                return a.arrow < b.arrow
            }
            for (position, end) in sorted.enumerated() {
                ports["\(end.arrow).\(end.other == placed[end.arrow].candidate.targetColumn ? "source" : "target")"] =
                    columnX[own] + (position + 1) * columnWidth[own] / (sorted.count + 1)
            }
        }
        for (index, arrow) in placed.enumerated() {
            let sourceX = ports["\(index).source"] ?? center(arrow.candidate.sourceColumn)
            let targetX = ports["\(index).target"] ?? center(arrow.candidate.targetColumn)
            let above = arrow.candidate.isAbove
            let sourceEdge = edge(arrow.candidate.sourceColumn, above: above)
            let targetEdge = edge(arrow.candidate.targetColumn, above: above)
            let trackY =
                above
                ? boxTop - rise - 16 - arrow.track * L.trackGap : boxBottom + rise + 16 + arrow.track * L.trackGap
            arrows.append(
                L.Arrow(
                    row: arrow.candidate.row,
                    points: [(sourceX, sourceEdge), (sourceX, trackY), (targetX, trackY), (targetX, targetEdge)],
                    label: arrow.candidate.label, labelX: arrow.labelCenter, labelY: trackY - 3, isAbove: arrow.candidate.isAbove)
            )
        }

        // Lists under the boxes: rows that stay, then arrows that found no track, in table order.
        var listed =
            loops.map { (row: $0.row, column: $0.column, target: Int?.none) }
            + unplaced.map { (row: $0.row, column: $0.sourceColumn, target: Optional($0.targetColumn)) }
        listed.sort { $0.row != $1.row ? $0.row < $1.row : $0.column < $1.column }
        var columnBottom = Array(repeating: notesTop, count: columnNames.count)
        for entry in listed {
            let parts = labels[entry.row]
            let lines =
                entry.target.map { ["→ " + columnNames[$0]] + parts.map { "  " + $0 } }
                ?? (["↻ " + (parts.first ?? "")] + parts.dropFirst().map { "  " + $0 })
            notes.append(L.Note(row: entry.row, x: columnX[entry.column], y: columnBottom[entry.column], lines: lines))
            columnBottom[entry.column] += lines.count * L.lineHeight + 4
        }

        let labelsRight = placed.map(\.labelSpan.upperBound).max() ?? 0
        width = max(x - L.boxGap, labelsRight) + L.margin
        height = (columnBottom.max() ?? notesTop) + 6 - top
    }
}
