import Foundation
import MachineCore

/// What each row's action emitted on the runs of the original machine: the most commands it
/// emitted in one firing, and the timers it started. The command-dropping and timer mutants are
/// made from it, so that there is one per command an action was seen to emit, rather than a guess.
package struct ActionProfile: Sendable, Equatable {
    /// By row index, the most commands the row's action emitted in one firing.
    var commandCounts: [Int]
    /// By row index, the raw values of the timers the row's action started, in order of first start.
    var timersStarted: [[Int]]

    /// A profile of `rowCount` rows that emitted nothing.
    package init(rowCount: Int) {
        commandCounts = Array(repeating: 0, count: rowCount)
        timersStarted = Array(repeating: [], count: rowCount)
    }

    /// Records that the action of row `row` emitted `commands` in one firing.
    package mutating func record<M>(row: Int, commands: ArraySlice<Command<M>>) {
        commandCounts[row] = max(commandCounts[row], commands.count)
        for case .startTimer(let timer, _) in commands where !timersStarted[row].contains(timer.rawValue) {
            timersStarted[row].append(timer.rawValue)
        }
    }

    /// Collects a profile while runs of an instrumented table fire its rows; safe to share
    /// between threads.
    final class Recorder: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var profile: ActionProfile

        /// A recorder for a table of `rowCount` rows.
        package init(rowCount: Int) { profile = ActionProfile(rowCount: rowCount) }

        /// What was recorded so far.
        package var recorded: ActionProfile { lock.withLock { profile } }

        /// `table` with every row's action wrapped to record what it emits here.
        func instrumenting<M>(_ table: TransitionTable<M>) -> TransitionTable<M> {
            let rows = table.rows.enumerated().map { index, row in
                guard let action = row.action else { return row }
                let wrapped: Action<M> = { [self] context, event, outbox in
                    let before = outbox.commands.count
                    action(&context, event, &outbox)
                    let emitted = outbox.commands[before...]
                    lock.withLock { profile.record(row: index, commands: emitted) }
                }
                return row.replacing(guard: row.guard, target: row.target, history: row.history, action: wrapped)
            }
            do {
                return try table.replacingRows(rows)
            } catch {
                preconditionFailure("a table with wrapped actions is the same table: \(error)")
            }
        }
    }
}
