import MachineCore
import MachineRuntime

extension Explorer {
    /// A shorter sequence of moves that breaks the same invariant, found by removing ever smaller
    /// runs of moves while the violation persists (in the manner of delta debugging). Moves the
    /// runtime refuses once others are gone (an answer to a request no longer made) are left out.
    /// A refused input (``refusedInput``) is returned as it is: leaving moves out would make
    /// refusals of its own.
    public func shrink(_ violation: Violation<M>) -> Violation<M> {
        guard violation.invariant != Self.refusedInput,
              var current = replay(violation.moves, breaking: violation.invariant) else { return violation }
        var chunk = max(1, current.moves.count / 2)
        while true {
            var start = 0
            var removed = false
            while start < current.moves.count {
                var candidate = current.moves
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let smaller = replay(candidate, breaking: violation.invariant), smaller.moves.count < current.moves.count {
                    current = smaller
                    removed = true
                } else {
                    start += chunk
                }
            }
            if !removed {
                if chunk == 1 { break }
                chunk /= 2
            }
        }
        return current
    }

    /// Replays `moves` from the initial state, leaving out the ones the runtime refuses, until
    /// the invariant named `name` breaks: the moves applied up to then, or `nil` if it never does.
    public func replay(_ moves: [ExplorationMove<M>], breaking name: String) -> Violation<M>? {
        var runtime = Runtime(table: table, state: initial)
        var applied: [ExplorationMove<M>] = []
        let watched = invariants.filter { $0.name == name }
        for move in moves {
            let before = runtime
            let steps: [RuntimeStep<M>]
            do {
                steps = try move.apply(to: &runtime)
            } catch {
                continue
            }
            applied.append(move)
            let observation = Observation(move: move, before: before, after: runtime, steps: steps)
            for invariant in watched {
                if let message = invariant.violation(observation) { return Violation(invariant: name, message: message, moves: applied) }
            }
        }
        return nil
    }
}
