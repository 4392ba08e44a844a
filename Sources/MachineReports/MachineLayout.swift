import MachineCore

/// A machine laid out from its table, deterministically and without Graphviz: one lane per
/// region, its control states as boxes left to right in declaration order (after an `any state`
/// box when some row leaves from any state), and each row as an arrow per source state.
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

    /// A control state (or a region's `any state`).
    struct Box {
        let region: Int
        /// The state's index, or `nil` for `any state`.
        let state: Int?
        let name: String
        let x: Int
        let y: Int
        let width: Int
        let isInitial: Bool
        let isFinal: Bool
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
        // Columns: `any state` first when needed, then the states; a state's column is its index (+1).
        let offset = hasAny ? 1 : 0
        let columnNames = (hasAny ? ["any state"] : []) + description.states
        func column(_ state: Int?) -> Int { state.map { $0 + offset } ?? 0 }

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

        // Boxes, left to right.
        var x = L.margin + 20
        var columnX: [Int] = []
        var columnWidth: [Int] = []
        for (index, name) in columnNames.enumerated() {
            let width = max(112, name.count * L.nameCharacterWidth + 24, widest[index] * L.labelCharacterWidth + 12 - L.boxGap)
            columnX.append(x)
            columnWidth.append(width)
            x += width + L.boxGap
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

        // Vertical positions.
        let boxTop = top + 30 + (tracksAbove == 0 ? 0 : tracksAbove * L.trackGap + 12)
        let boxBottom = boxTop + L.boxHeight
        let notesTop = boxBottom + (tracksBelow == 0 ? 0 : tracksBelow * L.trackGap + 8) + 18

        for (index, name) in columnNames.enumerated() {
            let state: Int? = hasAny && index == 0 ? nil : index - offset
            boxes.append(
                L.Box(
                    region: region, state: state, name: name, x: columnX[index], y: boxTop, width: columnWidth[index],
                    isInitial: state == description.initial,
                    isFinal: state.map { description.finalStates.contains($0) } ?? false))
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
            let edge = arrow.candidate.isAbove ? boxTop : boxBottom
            let trackY =
                arrow.candidate.isAbove ? boxTop - 16 - arrow.track * L.trackGap : boxBottom + 16 + arrow.track * L.trackGap
            arrows.append(
                L.Arrow(
                    row: arrow.candidate.row, points: [(sourceX, edge), (sourceX, trackY), (targetX, trackY), (targetX, edge)],
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
