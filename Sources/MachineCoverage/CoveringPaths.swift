import MachineCore
import MachineRuntime

/// Paths that together fire every row of a table, each a shortest path from the initial state,
/// in the manner of XState's model-based testing.
///
/// A breadth-first search over concrete states drives the runtime with sample inputs: every
/// sample host event, the advance to the next timer's deadline, and every sample answer to each
/// request in flight. States already seen are not explored again. The first path that fires a
/// row is a shortest one for it. A few of those paths are then chosen, longest first, until
/// together they fire every row the search reached.
public enum CoveringPaths {
    /// What the search found.
    public struct Result<M: MachineDefinition>: Sendable {
        /// The chosen paths, shortest first.
        public let paths: [InputPath<M>]
        /// The indexes of the rows no path fires (not reached within the limits).
        public let uncoveredRows: [Int]
        /// How many distinct states the search explored.
        public let statesExplored: Int
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
    public static func search<S: InputSamples>(
        table: TransitionTable<S.Machine>, from initial: MachineState<S.Machine>, samples: S,
        maximumDepth: Int = 16, maximumStates: Int = 500_000,
        progress: (_ depth: Int, _ statesExplored: Int, _ rowsReached: Int) -> Void = { _, _, _ in }
    ) -> Result<S.Machine> where S.Machine.Context: Hashable {
        typealias M = S.Machine
        typealias Node = SearchNode<M>
        let events = samples.events
        var shortest: [Int: InputPath<M>] = [:]
        var seen: Set<StateKey<M>> = []
        var frontier = [Node(runtime: Runtime(table: table, state: initial), inputs: [], fired: [])]
        seen.insert(StateKey(frontier[0].runtime))
        var depth = 0
        while !frontier.isEmpty, shortest.count < table.rows.count, depth < maximumDepth, seen.count < maximumStates {
            depth += 1
            progress(depth, seen.count, shortest.count)
            var next: [Node] = []
            for node in frontier where shortest.count < table.rows.count {
                var inputs: [Input<M>] = events.map { .send($0) }
                if let deadline = node.runtime.timers.map(\.deadline).min() {
                    inputs.append(.advance(deadline - node.runtime.now))
                }
                for record in node.runtime.pendingRequests {
                    inputs += samples.answers(to: record.request).map { .respond(record.reference.kind, ordinal: nil, $0) }
                }
                for input in inputs {
                    var runtime = node.runtime
                    guard let steps = try? runtime.apply(input) else { continue }
                    let fired = steps.flatMap { $0.result?.firedRows ?? [] }
                    let path = node.inputs + [input]
                    let firedAlong = node.fired + fired
                    for row in fired where shortest[row] == nil {
                        shortest[row] = InputPath(inputs: path, firedRows: firedAlong, finalState: runtime.state)
                    }
                    if seen.insert(StateKey(runtime)).inserted {
                        next.append(Node(runtime: runtime, inputs: path, fired: firedAlong))
                    }
                }
            }
            frontier = next
        }
        let uncovered = table.rows.indices.filter { shortest[$0] == nil }
        return Result(paths: choose(from: shortest), uncoveredRows: uncovered, statesExplored: seen.count)
    }

    /// A few paths that fire every row the shortest paths fire: longest first, each kept only if
    /// it fires a row the kept ones do not; then sorted shortest first.
    static func choose<M>(from shortest: [Int: InputPath<M>]) -> [InputPath<M>] {
        let candidates = shortest.sorted { ($0.value.inputs.count, $1.key) > ($1.value.inputs.count, $0.key) }
        var covered = Set<Int>()
        var chosen: [InputPath<M>] = []
        for (row, path) in candidates where !covered.contains(row) {
            chosen.append(path)
            covered.formUnion(path.firedRows)
        }
        return chosen.sorted { ($0.inputs.count, $0.firedRows.count) < ($1.inputs.count, $1.firedRows.count) }
    }
}

/// A state the search reached, and how.
struct SearchNode<M: MachineDefinition> {
    let runtime: Runtime<M>
    let inputs: [Input<M>]
    let fired: [Int]
}

/// What identifies a state for the search: the machine's state and how far off each running
/// timer is (absolute times and request numbers do not matter).
struct StateKey<M: MachineDefinition>: Hashable where M.Context: Hashable {
    let state: MachineState<M>
    let timers: [Duration]

    init(_ runtime: Runtime<M>) {
        state = runtime.state
        timers = runtime.timers.map { $0.deadline - runtime.now }
    }
}
