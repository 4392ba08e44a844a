import MachineCore
import MachineRuntime

/// Paths that together cover a table as ``TransitionCoverage`` counts it, each a shortest path
/// from the initial state, in the manner of XState's model-based testing: they fire every row,
/// enter every state (leaves and compound states), and fire every row that enters a compound
/// state by `MachineCore/History` both ways: when the state was never exited, so that the row
/// falls back to its initial child, and when it remembers a leaf, so that the row restores it.
///
/// A breadth-first search over concrete states drives the runtime with sample inputs: every
/// sample host event, the advance to the next timer's deadline, and every sample answer to each
/// request in flight. States already seen are not explored again (the history memory is part of
/// a state, so a leaf reached with another memory is explored again). The first path that
/// reaches a ``Goal`` is a shortest one for it. A few of those paths are then chosen, longest
/// first, until together they reach every goal the search reached.
package enum CoveringPaths {
    /// What the search found.
    package struct Result<M: MachineDefinition>: Sendable {
        /// The chosen paths, shortest first.
        package let paths: [InputPath<M>]
        /// The indexes of the rows no path fires (not reached within the limits).
        package let uncoveredRows: [Int]
        /// Every goal no path reaches (not reached within the limits, or never reachable, such
        /// as the default entry of a history row whose source is inside its target), rows first,
        /// then states, then history entries, each in table order.
        package let unreachedGoals: [Goal]
        /// How many distinct states the search explored.
        package let statesExplored: Int
    }

    /// Something a covering path does: what ``TransitionCoverage`` counts.
    package enum Goal: Hashable, Sendable {
        /// Fire the row at this index.
        case row(Int)
        /// Enter this state of this region (a leaf, or a compound state holding the leaf
        /// entered). The initial states are entered before any input.
        case state(region: Int, state: Int)
        /// Fire the row at this index, which enters its compound target by history, when the
        /// target remembers a leaf: the row restores it.
        case historyRestored(row: Int)
        /// Fire the row at this index, which enters its compound target by history, when the
        /// target was never exited: the row enters its initial child.
        case historyDefault(row: Int)

        /// The goal in words, by the table's names: `row open`, `state place.open`,
        /// `open restoring place.open`, `open entering place.open by default`.
        package func description(in listing: TableListing) -> String {
            func target(_ row: Int) -> String {
                let row = listing.rows[row]
                let region = listing.regions[row.region]
                return "\(region.name).\(row.target.map { region.states[$0] } ?? "?")"
            }
            switch self {
            case .row(let row): return "row \(listing.rows[row].id)"
            case .state(let region, let state):
                return "state \(listing.regions[region].name).\(listing.regions[region].states[state])"
            case .historyRestored(let row): return "\(listing.rows[row].id) restoring \(target(row))"
            case .historyDefault(let row): return "\(listing.rows[row].id) entering \(target(row)) by default"
            }
        }
    }

    /// Searches `table` from `initial` with `samples`, exploring at most `maximumStates` states
    /// up to `maximumDepth` inputs deep.
    ///
    /// - Parameters:
    ///   - table: The machine's table.
    ///   - initial: The state every path starts from.
    ///   - samples: The inputs tried in every state.
    ///   - maximumDepth: The longest path, in inputs.
    ///   - maximumStates: How many distinct states the search may explore.
    ///   - progress: Called as each depth starts, with the states explored and the rows
    ///     reached so far (for a progress line; it cannot change the search).
    package static func search<S: InputSamples>(
        table: TransitionTable<S.Machine>, from initial: MachineState<S.Machine>, samples: S,
        maximumDepth: Int = 16, maximumStates: Int = 500_000,
        progress: (_ depth: Int, _ statesExplored: Int, _ rowsReached: Int) -> Void = { _, _, _ in }
    ) -> Result<S.Machine> where S.Machine.Context: Hashable {
        typealias M = S.Machine
        typealias Node = SearchNode<M>
        let goals = GoalIndex(table: table)
        var shortest: [Int: InputPath<M>] = [:]
        // Which goals some path reaches (or the initial state), as flags: the search asks for
        // every step, and a flag costs less than a set's hashing.
        var isReached = Array(repeating: false, count: goals.count)
        for goal in goals.initial(initial) { isReached[goal] = true }
        var reachedCount = isReached.count { $0 }
        var rowsReached = 0
        var seen: Set<StateKey<M>> = []
        var frontier = [Node(runtime: Runtime(table: table, state: initial), inputs: [], fired: [])]
        seen.insert(StateKey(frontier[0].runtime, lateAnswers: false))
        var depth = 0
        while !frontier.isEmpty, reachedCount < goals.count, depth < maximumDepth, seen.count < maximumStates {
            depth += 1
            progress(depth, seen.count, rowsReached)
            var next: [Node] = []
            for node in frontier where reachedCount < goals.count {
                for input in samples.inputs(at: node.runtime) {
                    var runtime = node.runtime
                    guard let steps = try? runtime.apply(input) else { continue }
                    let fired = steps.flatMap { $0.result?.firedRows ?? [] }
                    let path = node.inputs + [input]
                    let firedAlong = node.fired + fired
                    for step in steps {
                        goals.forEachGoal(reachedBy: step) { goal in
                            guard !isReached[goal] else { return }
                            isReached[goal] = true
                            reachedCount += 1
                            shortest[goal] = InputPath(inputs: path, firedRows: firedAlong, finalState: runtime.state)
                            if goal < table.rows.count { rowsReached += 1 }
                        }
                    }
                    if seen.insert(StateKey(runtime, lateAnswers: false)).inserted {
                        next.append(Node(runtime: runtime, inputs: path, fired: firedAlong))
                    }
                }
            }
            frontier = next
        }
        let uncovered = table.rows.indices.filter { shortest[$0] == nil }
        let unreached = (0..<goals.count).filter { !isReached[$0] }.map(goals.goal)
        return Result(
            paths: choose(from: shortest, goals: goals, table: table, initial: initial), uncoveredRows: uncovered,
            unreachedGoals: unreached, statesExplored: seen.count)
    }

    /// A few paths that reach every goal the shortest paths reach: longest first, each kept only
    /// if it reaches a goal the kept ones do not (replayed from `initial` to see what it
    /// reaches); then sorted shortest first.
    static func choose<M>(
        from shortest: [Int: InputPath<M>], goals: GoalIndex, table: TransitionTable<M>, initial: MachineState<M>
    ) -> [InputPath<M>] {
        let candidates = shortest.sorted { ($0.value.inputs.count, $1.key) > ($1.value.inputs.count, $0.key) }
        var covered = goals.initial(initial)
        var chosen: [InputPath<M>] = []
        for (goal, path) in candidates where !covered.contains(goal) {
            chosen.append(path)
            var runtime = Runtime(table: table, state: initial)
            for input in path.inputs {
                guard let steps = try? runtime.apply(input) else { break }
                for step in steps { goals.forEachGoal(reachedBy: step) { covered.insert($0) } }
            }
        }
        return chosen.sorted { ($0.inputs.count, $0.firedRows.count) < ($1.inputs.count, $1.firedRows.count) }
    }
}

/// The goals of a table by number: rows first (a row's goal is its index), then every state of
/// every region, then the restoring and the default entry of each row that has a history.
struct GoalIndex {
    let rowCount: Int
    /// Where each region's states start among the goals.
    let stateStart: [Int]
    /// The rows with a history, in table order.
    let historyRows: [Int]
    let regions: [RegionDescription]
    let rowHistory: [Bool]
    let rowRegion: [Int]
    let rowTarget: [Int?]
    let count: Int

    init<M>(table: TransitionTable<M>) {
        let listing = table.listing
        rowCount = listing.rows.count
        regions = listing.regions
        var start: [Int] = []
        var next = rowCount
        for region in listing.regions {
            start.append(next)
            next += region.states.count
        }
        stateStart = start
        historyRows = listing.rows.indices.filter { listing.rows[$0].history != nil && listing.rows[$0].target != nil }
        rowHistory = listing.rows.map { $0.history != nil && $0.target != nil }
        rowRegion = listing.rows.map(\.region)
        rowTarget = listing.rows.map(\.target)
        count = next + 2 * historyRows.count
    }

    /// The goal numbered `number`.
    func goal(_ number: Int) -> CoveringPaths.Goal {
        if number < rowCount { return .row(number) }
        if number < count - 2 * historyRows.count {
            let region = stateStart.lastIndex { $0 <= number } ?? 0
            return .state(region: region, state: number - stateStart[region])
        }
        let position = number - (count - 2 * historyRows.count)
        return position.isMultiple(of: 2)
            ? .historyRestored(row: historyRows[position / 2]) : .historyDefault(row: historyRows[position / 2])
    }

    /// The goals reached before any input: the states of `state`'s active configuration.
    func initial<M>(_ state: MachineState<M>) -> Set<Int> {
        var goals = Set<Int>()
        for (index, region) in regions.enumerated() {
            let leaf = state.controls[index]
            guard region.states.indices.contains(leaf) else { continue }
            for entered in [leaf] + region.ancestors(of: leaf) { goals.insert(stateStart[index] + entered) }
        }
        return goals
    }

    /// Calls `body` with each goal `step` reaches, as ``TransitionCoverage/record(_:)-(RuntimeStep<M>)``
    /// counts them (a goal may come more than once).
    func forEachGoal<M>(reachedBy step: RuntimeStep<M>, _ body: (Int) -> Void) {
        guard let result = step.result else { return }
        let changes = result.stateChanges
        for row in result.firedRows {
            body(row)
            if changes.isEmpty, let target = rowTarget[row] { body(stateStart[rowRegion[row]] + target) }
            if rowHistory[row], let position = historyRows.firstIndex(of: row) {
                let restored = changes.contains { $0.row == row && $0.kind == .restored }
                body(count - 2 * historyRows.count + 2 * position + (restored ? 0 : 1))
            }
        }
        for change in changes where change.kind != .exited {
            body(stateStart[change.region] + change.state)
        }
    }
}

/// A state the search reached, and how.
struct SearchNode<M: MachineDefinition> {
    let runtime: Runtime<M>
    let inputs: [Input<M>]
    let fired: [Int]
}
