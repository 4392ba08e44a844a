import MachineCore
import MachineRuntime

/// A sequence of inputs from a machine's initial state, and what it did.
package struct InputPath<M: MachineDefinition>: Sendable {
    /// The inputs, in order: host events, advances to the next timer's deadline, and answers to
    /// the requests in flight.
    package let inputs: [Input<M>]
    /// The rows fired along the path, in order.
    package let firedRows: [Int]
    /// The state at the end.
    package let finalState: MachineState<M>
}

extension InputPath {
    /// How `path` fires the rows that enter a compound state by history, in order, each once:
    /// `resume restoring mode.on`, `powerOn entering mode.on by default`.
    func historyEntries(table: TransitionTable<M>, from initial: MachineState<M>) -> [String] {
        let goals = GoalIndex(table: table)
        guard !goals.historyRows.isEmpty else { return [] }
        var entries: [String] = []
        var runtime = Runtime(table: table, state: initial)
        for input in inputs {
            guard let steps = try? runtime.apply(input) else { break }
            for step in steps {
                goals.forEachGoal(reachedBy: step) { number in
                    let goal = goals.goal(number)
                    switch goal {
                    case .historyRestored, .historyDefault:
                        let text = goal.description(in: table.listing)
                        if !entries.contains(text) { entries.append(text) }
                    case .row, .state: break
                    }
                }
            }
        }
        return entries
    }
}
