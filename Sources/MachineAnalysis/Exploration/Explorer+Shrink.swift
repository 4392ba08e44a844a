import MachineCore
import MachineRuntime

extension Explorer {
    /// A shorter sequence of inputs that breaks the same invariant, found by removing ever smaller
    /// runs of inputs while the violation persists (in the manner of delta debugging). Inputs the
    /// runtime refuses once others are gone (an answer to a request no longer made) are left out.
    /// A refused input (`refusedInput`) is returned as it is: leaving inputs out would make
    /// refusals of its own.
    public func shrink(_ violation: Violation<M>) -> Violation<M> {
        guard violation.invariant != Self.refusedInput,
            var current = replay(violation.inputs, breaking: violation.invariant)
        else { return violation }
        var chunk = max(1, current.inputs.count / 2)
        while true {
            var start = 0
            var removed = false
            while start < current.inputs.count {
                var candidate = current.inputs
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let smaller = replay(candidate, breaking: violation.invariant), smaller.inputs.count < current.inputs.count {
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

    /// Replays `inputs` from the initial state, leaving out the ones the runtime refuses, until
    /// the invariant named `name` breaks: the inputs applied up to then, or `nil` if it never does.
    package func replay(_ inputs: [Input<M>], breaking name: String) -> Violation<M>? {
        var runtime = Runtime(table: table, state: initial)
        var applied: [Input<M>] = []
        let watched = invariants.filter { $0.name == name }
        for input in inputs {
            let before = runtime
            let steps: [RuntimeStep<M>]
            do {
                steps = try runtime.apply(input)
            } catch {
                continue
            }
            applied.append(input)
            let observation = Observation(input: input, before: before, after: runtime, steps: steps)
            // Each in turn, as `check(_:)` does, and for the same reason.
            for invariant in watched {
                if let message = invariant.violation(observation) {
                    return Violation(invariant: name, message: message, inputs: applied)
                }
            }
        }
        return nil
    }
}
