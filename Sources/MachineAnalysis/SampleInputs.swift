import MachineCore
import MachineRuntime

extension InputSamples {
    /// The inputs a breadth-first search tries in `runtime`'s state, in this order: every sample
    /// host event, the advance to the next deadline (of a timer, a delay or a delayed send, if
    /// one runs), and every sample
    /// answer to each request in flight. What covering paths and the search for a script that
    /// tells a mutant apart both expand a state by.
    package func inputs(at runtime: Runtime<Machine>) -> [Input<Machine>] {
        var inputs: [Input<Machine>] = events.map { .send($0) }
        if let deadline = runtime.nextDeadline {
            inputs.append(.advance(deadline - runtime.now))
        }
        for record in runtime.pendingRequests {
            inputs += answers(to: record.request).map { .respond(record.reference.kind, ordinal: nil, $0) }
        }
        return inputs
    }
}
