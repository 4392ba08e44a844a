import MachineCore

/// The reference workload: ``ReferenceMachine`` driven by its eight-event cycle, against the same
/// machine as a hand-written `switch`, in alternating runs.
enum ReferenceWorkloadBenchmark {
    /// Steps the table through `count` events of the cycle; returns the resolved-search counter.
    static func runTable(count: Int) -> Int {
        let table = ReferenceMachine.table
        let cycle = ReferenceMachine.cycle
        var state = table.initialState(context: .init())
        var result = StepResult<ReferenceMachine>(recording: [])
        var index = 0
        for _ in 0..<count {
            table.step(&state, cycle[index], into: &result)
            index = index == cycle.count - 1 ? 0 : index + 1
        }
        return state.context.resolved
    }

    /// Drives the hand-written switch through the same events; returns its counter.
    static func runHandWritten(count: Int) -> Int {
        let cycle = ReferenceMachine.cycle
        var machine = HandWrittenReferenceMachine()
        var index = 0
        for _ in 0..<count {
            machine.handle(cycle[index])
            index = index == cycle.count - 1 ? 0 : index + 1
        }
        return machine.resolved
    }

    /// Checks that every event of the cycle fires a row and that both end in the same state.
    static func verify() throws {
        let table = ReferenceMachine.table
        var state = table.initialState(context: .init())
        var result = StepResult<ReferenceMachine>(recording: [])
        var machine = HandWrittenReferenceMachine()
        for event in ReferenceMachine.cycle + ReferenceMachine.cycle {
            table.step(&state, event, into: &result)
            let handled = machine.handle(event)
            guard result.ignored == nil, handled, state[ReferenceMachine.field] == machine.field else {
                throw BenchmarkError.mismatch("reference workload: \(event) is handled differently by the table and the switch")
            }
        }
        guard state.context.resolved == machine.resolved else {
            throw BenchmarkError.mismatch("reference workload: the counters differ")
        }
    }

    /// Runs the comparison; the counters both implementations printed must agree.
    static func run(runs: Int, events: Int) throws -> (Comparison, counter: Int) {
        try verify()
        var counters = (table: 0, handWritten: 0)
        let (comparison, _) = compare(
            "reference workload (table)",
            {
                counters.table = runTable(count: events); return counters.table
            },
            against: "reference workload, hand-written switch",
            {
                counters.handWritten = runHandWritten(count: events); return counters.handWritten
            },
            runs: runs, operations: events,
            note: "\(events) events of the 8-event cycle")
        guard counters.table == counters.handWritten else {
            throw BenchmarkError.mismatch("reference workload: counter \(counters.table) vs \(counters.handWritten)")
        }
        return (comparison, counters.table)
    }
}
