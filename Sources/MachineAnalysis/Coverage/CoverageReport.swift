import MachineCore

/// Coverage totals by name: what a coverage table prints and what tests assert
/// (``TransitionCoverage/report``).
///
/// ```swift
/// let report = coverage.report
/// #expect(report.rows.percent == 100, "never fired: \(report.uncoveredRows)")
/// ```
public struct CoverageReport: Sendable {
    /// The table measured.
    package let listing: TableListing
    /// Hits per row, in table order.
    package let rowHits: [Int]
    /// Entries per region and state: leaves and the compound states holding them.
    package let stateEntries: [[Int]]
    /// Restores by history per region and compound state (see ``TransitionCoverage/historyRestores``).
    package let historyRestores: [[Int]]
    /// Hits per event kind.
    package let eventHits: [Int]
    /// For each row, whether its guard was seen true and false (a row without a guard: both false).
    package let guardOutcomes: [(wasTrue: Bool, wasFalse: Bool)]
    /// The pairs of consecutive rows seen, per region, as `[first, second]` row indexes.
    package let pairs: [Set<[Int]>]

    /// A fraction: how many of how many.
    public struct Ratio: Equatable, Sendable, CustomStringConvertible {
        /// How many were covered.
        public let covered: Int
        /// How many there are.
        public let total: Int
        /// The percentage covered; 100 when there is nothing to cover.
        public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }
        /// `covered of total (percent%)`, as the coverage table prints it.
        public var description: String {
            "\(covered) of \(total) (\(String(format1: percent))%)"
        }
    }

    /// Rows that fired at least once.
    public var rows: Ratio { Ratio(covered: rowHits.filter { $0 > 0 }.count, total: rowHits.count) }
    /// States entered at least once.
    public var states: Ratio {
        Ratio(covered: stateEntries.joined().filter { $0 > 0 }.count, total: stateEntries.joined().count)
    }
    /// Compound states entered by some row's history that were restored at least once, when
    /// the table has such rows.
    public var histories: Ratio? {
        var targets: [(region: Int, state: Int)] = []
        for row in listing.rows where row.history != nil {
            if let target = row.target, !targets.contains(where: { $0 == (row.region, target) }) {
                targets.append((row.region, target))
            }
        }
        guard !targets.isEmpty else { return nil }
        return Ratio(covered: targets.filter { historyRestores[$0.region][$0.state] > 0 }.count, total: targets.count)
    }
    /// Event kinds handled at least once, among those a row can handle: the machine's start
    /// event (`MachineDefinition.startEvent`), which only the start's actions see, counts only
    /// when a row takes it.
    public var events: Ratio {
        let counted = eventHits.indices.filter { kind in
            listing.events[kind] != listing.startEvent || listing.rows.contains { $0.event == listing.events[kind] }
        }
        return Ratio(covered: counted.filter { eventHits[$0] > 0 }.count, total: counted.count)
    }
    /// Guarded rows whose guard was seen both true and false.
    public var guards: Ratio {
        let guarded = listing.rows.indices.filter { listing.rows[$0].guard != nil }
        return Ratio(
            covered: guarded.filter { guardOutcomes[$0].wasTrue && guardOutcomes[$0].wasFalse }.count,
            total: guarded.count)
    }
    /// Pairs of consecutive rows per region, among those the table allows.
    public var rowPairs: Ratio {
        let feasible = feasiblePairs
        let covered = feasible.indices.map { feasible[$0].intersection(pairs[$0]).count }.reduce(0, +)
        return Ratio(covered: covered, total: feasible.map(\.count).reduce(0, +))
    }

    /// The guarded rows whose guard was not seen both true and false, in table order, with how it
    /// was seen: what to write a script for to raise the guards' coverage.
    package var guardsSeenOneWay: [(row: String, guard: String, seen: String)] {
        listing.rows.indices.compactMap { index in
            guard let name = listing.rows[index].guard else { return nil }
            let outcomes = guardOutcomes[index]
            let seen: String
            switch (outcomes.wasTrue, outcomes.wasFalse) {
            case (true, true): return nil
            case (true, false): seen = "seen true only"
            case (false, true): seen = "seen false only"
            case (false, false): seen = "never checked"
            }
            return (listing.rows[index].id, name, seen)
        }
    }

    /// The ids of the rows that never fired, in table order.
    public var uncoveredRows: [String] {
        listing.rows.indices.filter { rowHits[$0] == 0 }.map { listing.rows[$0].id }
    }

    /// For each region, the pairs `[a, b]` where `b` can fire in a state that `a` ends in (a
    /// done row only in a final child of its state).
    var feasiblePairs: [Set<[Int]>] {
        listing.regions.indices.map { region in
            let rows = listing.rows.indices.filter { listing.rows[$0].region == region }
            var result = Set<[Int]>()
            for a in rows {
                let ends =
                    listing.rows[a].target == nil
                    ? listing.leaves(of: listing.rows[a]) : listing.leavesEntered(by: listing.rows[a])
                for b in rows where !Set(listing.firingLeaves(of: listing.rows[b])).isDisjoint(with: ends) {
                    result.insert([a, b])
                }
            }
            return result
        }
    }

    /// The coverage table: the totals, the guards seen one way only, then every row with its
    /// hits, the uncovered rows first.
    public var text: String {
        var text = """
            rows        \(rows)
            states      \(states)
            events      \(events)
            guards      \(guards)  seen both true and false
            row pairs   \(rowPairs)  consecutive rows of one region\(histories.map { "\nhistory     \($0)  compound states restored by their history" } ?? "")


            """
        let oneWay = guardsSeenOneWay
        if !oneWay.isEmpty {
            text += "guards seen one way only:\n"
            let width = oneWay.map(\.row.count).max() ?? 0
            let guardWidth = oneWay.map(\.guard.count).max() ?? 0
            for entry in oneWay {
                text += "  " + entry.row + String(repeating: " ", count: width - entry.row.count + 2)
                text += entry.guard + String(repeating: " ", count: guardWidth - entry.guard.count + 2) + entry.seen + "\n"
            }
            text += "\n"
        }
        text += " hits  row                          transition\n"
        let order = listing.rows.indices.filter { rowHits[$0] == 0 } + listing.rows.indices.filter { rowHits[$0] > 0 }
        for index in order {
            let row = listing.rows[index]
            let region = listing.regions[row.region]
            let from = row.sources.map { $0.map { region.states[$0] }.joined(separator: "|") } ?? "*"
            let to =
                row.stays
                ? "(stays)" : listing.targets(of: row).map { listing.regions[$0.region].states[$0.state] }.joined(separator: " ")
            let hits = String(rowHits[index])
            text += String(repeating: " ", count: max(0, 5 - hits.count)) + hits + "  "
            text += row.id + String(repeating: " ", count: max(1, 29 - row.id.count))
            text += "\(region.name): \(from) --\(row.label)--> \(to)\n"
        }
        return text
    }
}

extension String {
    /// `value` with one decimal (no Foundation needed).
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
