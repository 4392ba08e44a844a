/// A table without its types: names only, for diagrams, checks and coverage.
public struct TableListing: Hashable, Sendable {
    /// The regions, in firing order.
    public let regions: [RegionDescription]
    /// The rows, in table order.
    public let rows: [RowListing]
    /// The names of the event kinds.
    public let events: [String]
    /// Sets of guards declared mutually exclusive: at most one of a set holds at a time.
    package let exclusiveGuards: [Set<String>]

    /// Whether the guards `a` and `b` are declared mutually exclusive.
    package func areExclusive(_ a: String, _ b: String) -> Bool {
        a != b && exclusiveGuards.contains { $0.contains(a) && $0.contains(b) }
    }

    /// The states row `row` leaves from, as declared (compound states included).
    package func sources(of row: RowListing) -> [Int] {
        row.sources ?? Array(regions[row.region].states.indices)
    }

    /// The leaves row `row` applies in: its sources' leaves and the leaves below its compound
    /// sources.
    package func leaves(of row: RowListing) -> [Int] {
        let region = regions[row.region]
        let sources = sources(of: row)
        return region.leaves.filter { leaf in sources.contains { region.contains($0, leaf) } }
    }

    /// The leaves entering `target` can reach: its default leaf, or with a history any leaf
    /// below it that the region can be in.
    package func leavesEntered(by row: RowListing) -> [Int] {
        guard let target = row.target else { return [] }
        let region = regions[row.region]
        guard row.history != nil else { return [region.defaultLeaf(of: target)] }
        return region.leaves.filter { region.contains(target, $0) }
    }

    /// Whether any region nests states.
    package var isHierarchical: Bool { regions.contains(where: \.isHierarchical) }
}

/// One row without its types.
public struct RowListing: Hashable, Sendable {
    /// The row's id.
    public let id: String
    /// The position of its region.
    public let region: Int
    /// Its source state indexes, or `nil` for any state.
    public let sources: [Int]?
    /// The name of its event kind.
    public let event: String
    /// The name of its guard, if any.
    public let `guard`: String?
    /// Its target state index, or `nil` to stay.
    public let target: Int?
    /// The history it enters its compound target by, if any.
    public let history: History?
    /// Whether it is internal: it does not exit its source.
    public let isInternal: Bool

    /// The event, then the guard in brackets when there is one: `regionChanged [isEcho]`.
    public var label: String { self.guard.map { "\(event) [\($0)]" } ?? event }
}

extension TransitionTable {
    /// The table as names, for diagrams, checks and coverage.
    public var listing: TableListing {
        TableListing(
            regions: regions,
            rows: rows.enumerated().map { index, row in
                RowListing(
                    id: row.id, region: Int(rowSteps[index].region), sources: row.sources, event: row.event.name,
                    guard: row.guard?.name, target: row.target, history: row.history, isInternal: row.isInternal)
            },
            events: eventNames,
            exclusiveGuards: exclusiveGuards)
    }
}
