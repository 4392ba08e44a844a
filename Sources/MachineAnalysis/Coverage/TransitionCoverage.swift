import MachineCore
import MachineRuntime

/// What runs of a machine exercised: rows fired (the unit), control states entered, event kinds
/// handled, guards seen both true and false, and pairs of consecutive rows per region.
///
/// Feed it every step of every run (`record(_:)-(RuntimeStep<M>)`), starting each run with `beginRun(at:)`;
/// read the totals with `report`.
public struct TransitionCoverage<M: MachineDefinition>: Sendable {
    /// The table measured.
    package let table: TransitionTable<M>
    /// How many times each row fired, by row index.
    package private(set) var rowHits: [Int]
    /// How many times each state was entered, by region and state (a run's initial states count).
    package private(set) var stateEntries: [[Int]]
    /// Per region and compound state, how often a row entered it by its history and found it
    /// remembered.
    package private(set) var historyRestores: [[Int]]
    /// How many times each event kind was handled (a row fired for it), by raw value.
    package private(set) var eventHits: [Int]
    /// The outcomes seen of each row's guard, by row index.
    package private(set) var guardOutcomes: [GuardOutcomes]
    /// The consecutive pairs of rows seen in each region.
    package private(set) var pairs: [Set<RowPair>]
    private var lastRow: [Int?]
    private let rowRegion: [Int]

    /// Whether a guard was seen true, false, or both.
    package struct GuardOutcomes: Hashable, Sendable {
        /// Whether the guard was seen to hold.
        package var wasTrue = false
        /// Whether the guard was seen not to hold.
        package var wasFalse = false

        /// Outcomes seen so far.
        package init(wasTrue: Bool = false, wasFalse: Bool = false) {
            self.wasTrue = wasTrue
            self.wasFalse = wasFalse
        }
    }

    /// Two rows of one region that fired one after the other.
    package struct RowPair: Hashable, Sendable {
        /// The index in the table of the row that fired first.
        package let first: Int
        /// The index in the table of the row of the same region that fired next.
        package let second: Int

        /// The pair of the rows at these indexes.
        package init(first: Int, second: Int) {
            self.first = first
            self.second = second
        }
    }

    /// Empty coverage of `table`.
    public init(table: TransitionTable<M>) {
        self.table = table
        rowHits = Array(repeating: 0, count: table.rows.count)
        stateEntries = table.regions.map { Array(repeating: 0, count: $0.states.count) }
        historyRestores = stateEntries
        eventHits = Array(repeating: 0, count: table.eventNames.count)
        guardOutcomes = Array(repeating: GuardOutcomes(), count: table.rows.count)
        pairs = Array(repeating: [], count: table.regions.count)
        lastRow = Array(repeating: nil, count: table.regions.count)
        rowRegion = table.listing.rows.map(\.region)
    }

    /// Starts a run from `state`: its control states count as entered, and pairs start afresh.
    package mutating func beginRun(at state: MachineState<M>) {
        for (region, description) in table.regions.enumerated() {
            let leaf = state.controls[region]
            guard description.states.indices.contains(leaf) else { continue }
            for entered in [leaf] + description.ancestors(of: leaf) { stateEntries[region][entered] += 1 }
        }
        lastRow = Array(repeating: nil, count: table.regions.count)
    }

    /// Records what one step did.
    package mutating func record(_ step: RuntimeStep<M>) {
        guard let result = step.result else { return }
        for check in result.guardChecks + step.eventlessChecks {
            if check.passed { guardOutcomes[check.row].wasTrue = true } else { guardOutcomes[check.row].wasFalse = true }
        }
        for row in result.firedRows {
            rowHits[row] += 1
            let region = rowRegion[row]
            if result.stateChanges.isEmpty, let target = table.rows[row].target { stateEntries[region][target] += 1 }
            if let previous = lastRow[region] { pairs[region].insert(RowPair(first: previous, second: row)) }
            lastRow[region] = row
        }
        for change in result.stateChanges where change.kind != .exited {
            stateEntries[change.region][change.state] += 1
            if change.kind == .restored { historyRestores[change.region][change.state] += 1 }
        }
        if !result.firedRows.isEmpty, let kind = stepKind(step) { eventHits[kind] += 1 }
    }

    /// Records every step of `steps`.
    package mutating func record(_ steps: [RuntimeStep<M>]) {
        for step in steps { record(step) }
    }

    /// Adds another run's coverage of the same table.
    public mutating func merge(_ other: TransitionCoverage<M>) {
        for index in rowHits.indices { rowHits[index] += other.rowHits[index] }
        for region in stateEntries.indices {
            for state in stateEntries[region].indices {
                stateEntries[region][state] += other.stateEntries[region][state]
                historyRestores[region][state] += other.historyRestores[region][state]
            }
            pairs[region].formUnion(other.pairs[region])
        }
        for index in eventHits.indices { eventHits[index] += other.eventHits[index] }
        for index in guardOutcomes.indices {
            guardOutcomes[index].wasTrue = guardOutcomes[index].wasTrue || other.guardOutcomes[index].wasTrue
            guardOutcomes[index].wasFalse = guardOutcomes[index].wasFalse || other.guardOutcomes[index].wasFalse
        }
    }

    private func stepKind(_ step: RuntimeStep<M>) -> Int? {
        switch step.cause {
        case .event(let event), .answer(_, let event), .raised(let event), .sent(let event): event.kind.rawValue
        case .timer(let timer): M.event(firing: timer).kind.rawValue
        case .drop, .eventless, .done, .start, .delay: nil
        }
    }

    /// The totals, by name.
    public var report: CoverageReport {
        CoverageReport(
            listing: table.listing, rowHits: rowHits, stateEntries: stateEntries, historyRestores: historyRestores,
            eventHits: eventHits,
            guardOutcomes: guardOutcomes.map { ($0.wasTrue, $0.wasFalse) },
            pairs: pairs.map { Set($0.map { [$0.first, $0.second] }) })
    }
}
