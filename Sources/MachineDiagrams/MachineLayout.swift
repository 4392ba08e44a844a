import MachineCore

/// A machine laid out from its table to be read top down, deterministically and without
/// Graphviz: one panel per region at the top of the machine, in table order, each with its
/// states as boxes one under the other in declaration order (after an `any state` box when some
/// row leaves from any state), a compound state as a group around its children, depth first. A
/// parallel state (one with regions within it) is a box around one panel per region within it,
/// stacked in table order, each laid out as a panel at the top is, recursively.
///
/// Each row is listed, as text, in the box of every state it leaves: `event [guard] → target`
/// (for a row without an event, its trigger: `after 5s`, `every 30s`, `always`,
/// `done.state.NAME`), so a row of a compound state is listed in its group, under its name, and
/// applies in every state inside it. A row with a target also has an arrow from its line,
/// through the panel's right margin, into its target's box (into the target's `H` or `H*`
/// marker when it enters by history); a row without a target is listed `(stays)` and has no
/// arrow: it exits and enters nothing, unlike a row whose target is its own state, whose arrow
/// loops back.
///
/// Arrows run on vertical tracks in the margin, the shortest nearest the boxes, each on the
/// first track where it overlaps no other; the arrows into one box meet at its header. With
/// ``Options/sharesTracks`` (the SVG file's), the arrows into one place (a box's header, or one
/// of its history markers) share one track instead, a line into it that each joins, so that a
/// panel's margin has a track per target rather than per row. A region within a parallel state
/// has its arrows in its own panel's margin: its rows never leave it.
/// Every panel at the top has the same width and its boxes the same right edge, so panels line
/// up in a column or side by side; so do the panels inside one parallel state, as wide as its
/// box allows. Coordinates are whole numbers, so the same table gives the same drawing.
package struct MachineLayout: Sendable {
    /// A region's panel, in its own coordinates (its top left corner at 0, 0).
    package struct Panel: Sendable {
        package let region: Int
        @usableFromInline package let name: String
        /// Its top left corner in the coordinates of the panel around it, the one of its parent
        /// state's region; 0, 0 for a region at the top.
        package let x: Int
        package let y: Int
        package let width: Int
        package let height: Int
        package let boxes: [Box]
        package let entries: [Entry]
        package let arrows: [Arrow]
        /// The panels of the regions within its parallel states, in table order, each inside its
        /// state's box.
        package let panels: [Panel]
    }

    /// A control state (or a region's `any state`): a box, or the group of a compound state.
    package struct Box {
        /// The state's index, or `nil` for `any state`.
        package let state: Int?
        @usableFromInline package let name: String
        package internal(set) var x = 0
        package let y: Int
        package internal(set) var width = 0
        package internal(set) var height = 0
        /// The region's initial state, or the initial child of its parent.
        package let isInitial: Bool
        let isFinal: Bool
        /// Whether it is a compound state, drawn as a group around its children.
        package let isCompound: Bool
        /// Whether it is a parallel state, drawn around the panels of the regions within it.
        package let isParallel: Bool
        /// The index of its parent state, if it has one.
        package let parent: Int?
        /// The histories rows enter it by, each a marker on its header's second line.
        package internal(set) var histories: [(history: History, x: Int, y: Int)] = []
    }

    /// A row listed in one of the states it leaves.
    package struct Entry {
        package let row: Int
        /// The state it is listed in, or `nil` for `any state`.
        package let source: Int?
        package internal(set) var x = 0
        /// The baseline of its first line.
        package let y: Int
        package let lines: [String]
    }

    /// A row's arrow from its entry to its target.
    package struct Arrow {
        package let row: Int
        /// The state it leaves, as its entry's `source`.
        package let source: Int?
        /// The corners of the line, from the entry to the target, whose last is the head's tip.
        package let points: [(x: Int, y: Int)]
        package let isInternal: Bool
        /// Where it joins the track it shares with other arrows into its target, when that
        /// track runs on past it both ways (a dot marks a junction, not a crossing); `nil` when
        /// it turns at the track's end, or has the track to itself.
        let junction: (x: Int, y: Int)?
    }

    /// How a layout draws rows and arrows. The defaults are the report pages' drawing; the SVG
    /// file's is ``document(lineCharacters:)``.
    package struct Options: Sendable, Equatable {
        /// Lines longer than this many characters wrap between the parts of a row.
        var lineCharacters = 46
        /// Whether each entry starts with its row's id (`L1.locate: locateMeTapped → locating`),
        /// the name transcripts, coverage and mutation analysis give the row.
        var showsRowIDs = false
        /// Whether the arrows into one place share a track, which each joins.
        var sharesTracks = false
        /// The space between two tracks.
        var trackGap = 6
        /// Whether an entry's later lines are indented by their position rather than by
        /// spaces, which an SVG viewer collapses to one.
        var indentsByPosition = false

        package init(
            lineCharacters: Int = 46, showsRowIDs: Bool = false, sharesTracks: Bool = false, trackGap: Int = 6,
            indentsByPosition: Bool = false
        ) {
            self.lineCharacters = lineCharacters
            self.showsRowIDs = showsRowIDs
            self.sharesTracks = sharesTracks
            self.trackGap = trackGap
            self.indentsByPosition = indentsByPosition
        }

        /// The SVG file's drawing: rows by id, lines of at most `lineCharacters`, a track per
        /// target, spaced wider.
        package static func document(lineCharacters: Int) -> Options {
            Options(
                lineCharacters: lineCharacters, showsRowIDs: true, sharesTracks: true, trackGap: 8,
                indentsByPosition: true)
        }
    }

    /// Rows are written in 11 px monospace: at most this wide in layout units per character.
    static let characterWidth = 7
    /// State names are 12 px bold monospace.
    static let nameCharacterWidth = 8
    static let lineHeight = 14
    /// A box's header: its name's line.
    static let headerHeight = 21
    /// The header's second line, where a compound state entered by history has its markers.
    static let historyLineHeight = 18
    package static let padding = 12
    /// The panel's title (the region's name) above its boxes.
    static let titleHeight = 26
    /// Room on the left of a box for the initial state's marker.
    static let markerRoom = 16
    /// How much further right a group's children start than the group.
    static let indent = 18
    /// How much further left a group's children end than the group.
    static let groupRightPadding = 8
    static let boxGap = 7
    static let childGap = 5
    /// The space between the boxes' right edge and the first track.
    static let marginGap = 12
    static let historyRadius = 8
    /// How far inside a parallel state's box the panels of its regions are, left and right.
    static let panelInset = 8

    /// The panels of the regions at the top of the machine, in table order.
    package let panels: [Panel]
    /// Every panel's width, of those at the top.
    package let width: Int
    package let options: Options

    /// Lays out `listing`, each row's lines ending with `notes[row]` when it is not empty (a
    /// coverage page's `×3`, say): the panels of `regions`, regions at the top of the machine
    /// in table order (all of them unless given).
    package init(listing: TableListing, notes: [String] = [], options: Options = Options(), regions: [Int]? = nil) {
        self.options = options
        let drafts = (regions ?? listing.regions.indices.filter { listing.regions[$0].parent == nil })
            .map { PanelDraft(listing: listing, region: $0, notes: notes, options: options) }
        let stack = PanelDraft.stack(drafts)
        panels = drafts.map { $0.placed(right: stack.right, width: stack.width, x: 0, y: 0) }
        width = stack.width
    }

    /// The text of row `row`'s entry, as parts to wrap: its id when `id` (`L1.locate:`), its
    /// trigger (`regionChanged`, `after 5s`, `every 30s`, `always`, `done.state.handshake`),
    /// guard, target (or `(stays)`) and note.
    static func parts(_ row: RowListing, in listing: TableListing, note: String, id: Bool = false) -> [String] {
        var parts = id ? ["\(row.id):"] : []
        parts.append(row.trigger.label(event: row.event))
        if let condition = row.guard { parts.append("[\(condition)]") }
        let targets = listing.targetNames(of: row)
        parts.append(targets.isEmpty ? "(stays)" : "→ " + targets.joined(separator: " "))
        if !note.isEmpty { parts.append(note) }
        return parts
    }

    /// `parts` joined by spaces into lines of at most `characters` where they can be (a part
    /// longer than that has a line of its own), the later lines indented by two.
    static func wrap(_ parts: [String], characters: Int) -> [String] {
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, last.count + 1 + part.count <= characters {
                lines[lines.count - 1] = last + " " + part
            } else {
                lines.append(lines.isEmpty ? part : "  " + part)
            }
        }
        return lines
    }
}

/// One region's boxes, entries and the tracks of its arrows, placed from the top, with the
/// drafts of the regions within its parallel states; the arrows' horizontal places wait for the
/// right edge that the panels of a stack share.
private struct PanelDraft {
    typealias L = MachineLayout

    /// A row's arrow before its horizontal places: the entry it starts at, the boxes it leaves
    /// and enters (by position in `boxes`), the heights it runs between, and its track.
    struct Route {
        let entry: Int
        let source: Int
        let arrival: Int
        let fromY: Int
        let toY: Int
        /// The heights of the line on its track: its own span, or with shared tracks that of
        /// every route into its place.
        var line: ClosedRange<Int>
        var track = 0
        var span: ClosedRange<Int> { min(fromY, toY)...max(fromY, toY) }
    }

    let listing: TableListing
    let region: Int
    var boxes: [L.Box] = []
    var entries: [L.Entry] = []
    /// The depth of each box, by position in `boxes`.
    var depths: [Int] = []
    /// How wide each box's content is, by position in `boxes`.
    var contentWidths: [Int] = []
    /// For each parallel state, by position in `boxes`: the drafts of the regions within it, each
    /// with its top in this panel's coordinates.
    var stacks: [(box: Int, panels: [(draft: PanelDraft, y: Int)])] = []
    var routes: [Route] = []
    var trackCount = 0
    var height = 0
    let options: L.Options

    init(listing: TableListing, region: Int, notes: [String], options: L.Options) {
        self.listing = listing
        self.region = region
        self.options = options
        let description = listing.regions[region]
        let rows = listing.rows.indices.filter { listing.rows[$0].region == region }
        var y = L.titleHeight
        func lines(_ row: Int) -> [String] {
            L.wrap(
                L.parts(
                    listing.rows[row], in: listing, note: row < notes.count ? notes[row] : "",
                    id: options.showsRowIDs), characters: options.lineCharacters)
        }
        // Boxes, depth first: each takes its header, then its entries, then its children or the
        // panels of the regions within it.
        func place(_ state: Int?, depth: Int, isInitial: Bool) {
            let name = state.map { description.states[$0] } ?? "any state"
            let histories =
                state.map { state in
                    History.allCases.filter { history in
                        rows.contains { listing.rows[$0].target == state && listing.rows[$0].history == history }
                    }
                } ?? []
            let nested = state.map { listing.nestedRegions(in: region, state: $0) } ?? []
            let top = y
            let index = boxes.count
            boxes.append(
                L.Box(
                    state: state, name: name, y: top, isInitial: isInitial,
                    isFinal: state.map { description.finalStates.contains($0) } ?? false,
                    isCompound: state.map(description.isCompound) ?? false, isParallel: !nested.isEmpty,
                    parent: state.flatMap { description.parents[$0] },
                    histories: histories.map { ($0, 0, top + L.headerHeight + L.historyLineHeight / 2) }))
            depths.append(depth)
            contentWidths.append(0)
            y += L.headerHeight + (histories.isEmpty ? 0 : L.historyLineHeight)
            var widest = name.count * L.nameCharacterWidth + histories.count * (2 * L.historyRadius + 6)
            let listed = listing.rows(of: region, leaving: state)
            for row in listed {
                let text = lines(row)
                entries.append(L.Entry(row: row, source: state, y: y + 10, lines: text))
                widest = max(widest, (text.map(\.count).max() ?? 0) * L.characterWidth)
                y += text.count * L.lineHeight
            }
            y += listed.isEmpty ? 2 : 4
            if let state {
                // The child entered by default, or the one on the way to the descendant entered.
                let entered = description.defaultTarget(of: state)
                for child in description.children[state] {
                    place(child, depth: depth + 1, isInitial: entered.map { description.contains(child, $0) } ?? false)
                    y += L.childGap
                }
                if description.isCompound(state) { y += 2 }
            }
            contentWidths[index] = widest + 16
            if !nested.isEmpty {
                var panels: [(draft: PanelDraft, y: Int)] = []
                for region in nested {
                    let draft = PanelDraft(listing: listing, region: region, notes: notes, options: options)
                    panels.append((draft, y))
                    y += draft.height + L.childGap
                }
                y += 2
                stacks.append((index, panels))
                contentWidths[index] = max(contentWidths[index], Self.stack(panels.map(\.draft)).width + 2 * L.panelInset)
            }
            boxes[index].height = y - top
        }
        if rows.contains(where: { listing.rows[$0].sources == nil }) {
            place(nil, depth: 0, isInitial: false)
            y += L.boxGap
        }
        for state in description.states.indices where description.parents[state] == nil {
            place(state, depth: 0, isInitial: state == description.initial)
            y += L.boxGap
        }
        height = y - L.boxGap + L.padding
        routeArrows()
    }

    /// The arrows' routes, each from its entry's line that names the target to its target's
    /// header (or history marker), and their tracks in the margin: the shortest nearest the
    /// boxes, each on the first track where it overlaps no other. With shared tracks, the
    /// routes into one place, all internal (dashed) or none, are one line on one track.
    private mutating func routeArrows() {
        func box(_ state: Int?) -> Int? { boxes.firstIndex { $0.state == state } }
        for (index, entry) in entries.enumerated() {
            let row = listing.rows[entry.row]
            guard let target = row.target, let source = box(entry.source), let arrival = box(target) else { continue }
            let marker = row.history.flatMap { history in boxes[arrival].histories.first { $0.history == history } }
            let fromY = entry.y + Self.arrowLine(of: entry) * L.lineHeight - 4
            let toY = marker?.y ?? boxes[arrival].y + L.headerHeight / 2
            routes.append(
                Route(
                    entry: index, source: source, arrival: arrival, fromY: fromY, toY: toY,
                    line: min(fromY, toY)...max(fromY, toY)))
        }
        var lines: [[Int]] = []
        if options.sharesTracks {
            var places: [(arrival: Int, y: Int, isInternal: Bool)] = []
            for index in routes.indices {
                let place = (routes[index].arrival, routes[index].toY, listing.rows[entries[routes[index].entry].row].isInternal)
                if let line = places.firstIndex(where: { $0 == place }) {
                    lines[line].append(index)
                } else {
                    places.append(place)
                    lines.append([index])
                }
            }
        } else {
            lines = routes.indices.map { [$0] }
        }
        for line in lines {
            let span = (line.map { routes[$0].span.lowerBound }.min() ?? 0)...(line.map { routes[$0].span.upperBound }.max() ?? 0)
            for index in line { routes[index].line = span }
        }
        var tracks: [[ClosedRange<Int>]] = []
        let shortestFirst = lines.indices.sorted { a, b in
            let (one, other) = (routes[lines[a][0]].line, routes[lines[b][0]].line)
            let lengthA = one.upperBound - one.lowerBound
            let lengthB = other.upperBound - other.lowerBound
            return lengthA != lengthB ? lengthA < lengthB : a < b
        }
        for line in shortestFirst {
            // A little room around each span, so that two lines on one track never touch.
            let line = lines[line]
            let span = (routes[line[0]].line.lowerBound - 3)...(routes[line[0]].line.upperBound + 3)
            let track: Int
            if let free = tracks.firstIndex(where: { !$0.contains { $0.overlaps(span) } }) {
                tracks[free].append(span)
                track = free
            } else {
                tracks.append([span])
                track = tracks.count - 1
            }
            for index in line { routes[index].track = track }
        }
        trackCount = tracks.count
    }

    /// The line of `entry` its arrow starts at: the one that names the target, so the arrow
    /// continues its text.
    static func arrowLine(of entry: L.Entry) -> Int { entry.lines.lastIndex { $0.contains("→ ") } ?? 0 }

    /// The left edge of a box at `depth`.
    func left(_ depth: Int) -> Int { L.padding + L.markerRoom + depth * L.indent }

    /// The right edge the boxes need: the widest content, wherever it is.
    var contentRight: Int {
        boxes.indices.map { left(depths[$0]) + contentWidths[$0] + depths[$0] * L.groupRightPadding }.max() ?? 0
    }

    /// How much wider than its boxes' right edge the panel is: its margin with the arrows'
    /// tracks, and its padding.
    var marginWidth: Int { L.marginGap + max(0, trackCount - 1) * options.trackGap + L.marginGap + L.padding }

    /// Where the boxes of `drafts`, panels one under the other, end at the least, and how wide
    /// the panels then are at the least.
    static func stack(_ drafts: [PanelDraft]) -> (right: Int, width: Int) {
        let right = drafts.map(\.contentRight).max() ?? 0
        return (right, right + (drafts.map(\.marginWidth).max() ?? 0))
    }

    /// The panel at `x`, `y` in the panel around it, `width` wide, with its boxes' right edge at
    /// `right`, its entries and arrows placed, and the panels of its parallel states filling
    /// their boxes.
    func placed(right: Int, width: Int, x: Int, y: Int) -> L.Panel {
        let description = listing.regions[region]
        var boxes = self.boxes
        for index in boxes.indices {
            let edge = right - depths[index] * L.groupRightPadding
            boxes[index].x = left(depths[index])
            boxes[index].width = edge - boxes[index].x
            for position in boxes[index].histories.indices {
                boxes[index].histories[position].x = edge - 4 - L.historyRadius - position * (2 * L.historyRadius + 6)
            }
        }
        func box(_ state: Int?) -> L.Box? { boxes.first { $0.state == state } }
        var entries = self.entries
        for index in entries.indices { entries[index].x = (box(entries[index].source)?.x ?? 0) + 8 }

        // Each arrow: from its entry's line at its box's edge, to its target's header (or
        // history marker), on its track in the margin.
        let arrows = routes.map { route in
            let entry = entries[route.entry]
            let row = listing.rows[entry.row]
            let (source, arrival) = (boxes[route.source], boxes[route.arrival])
            let line = Self.arrowLine(of: entry)
            let fromX = min(entry.x + entry.lines[line].count * L.characterWidth + 4, source.x + source.width)
            let marker = row.history.flatMap { history in arrival.histories.first { $0.history == history } }
            let toX = marker.map { $0.x + L.historyRadius } ?? arrival.x + arrival.width
            let track = right + L.marginGap + route.track * options.trackGap
            let joins = route.line.lowerBound < route.fromY && route.fromY < route.line.upperBound
            return L.Arrow(
                row: entry.row, source: entry.source,
                points: [(fromX, route.fromY), (track, route.fromY), (track, route.toY), (toX, route.toY)],
                isInternal: row.isInternal, junction: joins ? (track, route.fromY) : nil)
        }
        var panels: [L.Panel] = []
        for (index, stacked) in stacks {
            let inner = boxes[index].width - 2 * L.panelInset
            let right = inner - (stacked.map(\.draft.marginWidth).max() ?? 0)
            for (draft, top) in stacked {
                panels.append(draft.placed(right: right, width: inner, x: boxes[index].x + L.panelInset, y: top))
            }
        }
        return L.Panel(
            region: region, name: description.name, x: x, y: y, width: width, height: height,
            boxes: boxes, entries: entries, arrows: arrows, panels: panels.sorted { $0.region < $1.region })
    }
}
