import Dispatch
import MachineCore
import MachineRuntime

/// Exhaustive bounded verification, in the manner of TLC and SPIN but on the machine itself: a
/// breadth-first search from the initial state over every runtime state the samples reach, each
/// distinct state (``StateKey``) expanded once, every invariant checked on every transition (an
/// invariant of the state alone, `Invariant.state(_:_:)`, on every distinct state).
///
/// In every state it tries every input the samples offer there (``inputs(in:)``): every sample
/// host event, every sample answer and failure to each request in flight, late answers to the
/// newest cancelled request of each kind, and advances of the clock to each timer's deadline and
/// to a millisecond before it. Breadth first, the first violation found is one of the shortest.
///
/// Each level's frontier is expanded in parallel, in chunks; the chunks' results are merged in
/// frontier order, so the report is the same on any number of cores.
@usableFromInline
package struct Verifier<S: InputSamples>: Sendable where S.Machine.Context: Hashable {
    @usableFromInline
    package typealias M = S.Machine

    @usableFromInline
    package let table: TransitionTable<M>
    @usableFromInline
    package let initial: MachineState<M>
    @usableFromInline
    package let samples: S
    /// The samples' host events as inputs, made once: every state tries them all.
    @usableFromInline
    let sentEvents: [Observation<M>.SharedInput]
    /// Checked on every transition, and on the initial state.
    @usableFromInline
    package let invariants: [Invariant<M>]
    /// The longest input sequence explored: states this deep are checked but not expanded.
    @usableFromInline
    package var maximumDepth = 20
    /// The most distinct states visited: the bound on memory.
    @usableFromInline
    package var maximumStates = 5_000_000
    /// Whether the visited set holds 64-bit fingerprints instead of the states.
    @usableFromInline
    package var fingerprints = false
    /// How many threads expand the frontier at most; `nil` for as many as the system gives
    /// (every core), 1 for none but the caller's.
    @usableFromInline
    package var threads: Int?
    /// What a state's identity leaves out of the context: it sets the fields to ignore to one
    /// value, so that states that differ only there are one state (see ``StateKey``).
    @usableFromInline
    package var ignoring: (@Sendable (inout M.Context) -> Void)?

    @inlinable
    package init(table: TransitionTable<M>, initial: MachineState<M>, samples: S, invariants: [Invariant<M>]) {
        self.table = table
        self.initial = initial
        self.samples = samples
        self.invariants = invariants
        sentEvents = samples.events.map { Observation<M>.SharedInput(.send($0)) }
    }

    /// Searches the space; `progress` is called as each level starts, with its depth and the
    /// states visited so far (for a progress line; it cannot change the search).
    @inlinable
    package func verify(progress: (_ depth: Int, _ states: Int) -> Void = { _, _ in }) -> VerificationReport<M> {
        var start = Runtime(table: table, state: initial)
        start.stepRecording = []
        var report = VerificationReport<M>(rows: table.rows.count, fingerprints: fingerprints)
        // The rows the start fired (eventless rows and raised events of the initial macrostep).
        for step in start.startSteps {
            for position in 0..<(step.result?.firedRowCount ?? 0) {
                if let row = step.result?.firedRow(at: position) { report.rowFired[row] = true }
            }
        }
        var visited = VisitedSet<M>(fingerprints: fingerprints)
        let startContextHash = StateKey<M>.contextHash(of: start, ignoring: ignoring)
        _ = visited.insert(
            HashedKey(start, fingerprintOnly: fingerprints, ignoring: ignoring, contextHash: startContextHash))
        report.statesVisited = 1
        if let broken = Invariant.firstViolation(among: invariants, of: Observation(of: start)) {
            report.violation = Violation(invariant: invariants[broken.position].name, message: broken.message, inputs: [])
            report.visitedBytes = visited.bytes
            return report
        }
        // A start that ran away (a macrostep past its bound) halted the runtime, which then
        // refuses every input: a machine with no input would otherwise seem to pass.
        if let halt = start.halt {
            report.violation = Violation(invariant: Explorer<S>.refusedInput, message: halt.description, inputs: [])
            report.visitedBytes = visited.bytes
            return report
        }
        // How each state of each level was reached: its parent in the level before, and the input.
        var trail: [[Step]] = [[Step(parent: -1, input: nil)]]
        var frontier = [start]
        while !frontier.isEmpty, trail.count <= maximumDepth {
            progress(report.depth + 1, report.statesVisited)
            // The deepest level is checked but never expanded: its runtimes are not kept, only
            // how each was reached (most of the memory of a search, at its last level).
            let isLast = trail.count >= maximumDepth
            // Last chunk first, so that each chunk's successors are freed once merged (popLast).
            var expansions = Array(expand(frontier, skipping: visited, keepingRuntimes: !isLast).reversed())
            var level: [Step] = []
            var next: [Runtime<M>] = []
            merge: while let (chunkStart, expansion) = expansions.popLast() {
                report.transitions += expansion.transitions
                for row in expansion.firedRows.indices where expansion.firedRows[row] { report.rowFired[row] = true }
                for node in expansion.deadlocks {
                    report.deadlockCount += 1
                    if report.deadlocks.count < VerificationReport<M>.deadlocksKept {
                        let index = chunkStart + node
                        report.deadlocks.append(
                            Deadlock(inputs: path(to: index, at: trail.count - 1, in: trail), state: frontier[index].state))
                    }
                }
                if let found = expansion.violation {
                    let inputs = path(to: chunkStart + found.node, at: trail.count - 1, in: trail) + [found.input]
                    report.violation = Violation(invariant: found.invariant, message: found.message, inputs: inputs)
                    break merge
                }
                for (index, successor) in expansion.successors.enumerated() where visited.insert(successor.key) {
                    report.statesVisited += 1
                    level.append(Step(parent: chunkStart + successor.node, input: successor.input))
                    if index < expansion.runtimes.count { next.append(expansion.runtimes[index]) }
                    if report.statesVisited >= maximumStates {
                        report.stoppedAtMaximumStates = true
                        break merge
                    }
                }
            }
            if !level.isEmpty || report.violation != nil { report.depth += 1 }
            if report.violation != nil || report.stoppedAtMaximumStates { break }
            report.growthSamples.append(
                FrontierGrowth.sampled(from: level.count).map { index in
                    index < next.count ? next[index] : successor(of: frontier, at: level[index])
                })
            trail.append(level)
            frontier = next
        }
        // The search ran out of states when its last level found none.
        report.exhausted =
            trail.last?.isEmpty == true && report.violation == nil && !report.stoppedAtMaximumStates
        report.visitedBytes = visited.bytes
        return report
    }

    /// The runtime `step` reached from its parent in `frontier`, made again (its input was applied
    /// there once already, without error): the deepest level keeps only how its states were
    /// reached.
    @inlinable
    func successor(of frontier: [Runtime<M>], at step: Step) -> Runtime<M> {
        var runtime = frontier[step.parent]
        if let input = step.input { _ = try? runtime.apply(input.input) }
        return runtime
    }

    /// How a state was reached: its parent's index in the level before, and the input.
    @usableFromInline
    struct Step {
        @usableFromInline let parent: Int
        @usableFromInline let input: Observation<M>.SharedInput?

        @inlinable
        init(parent: Int, input: Observation<M>.SharedInput?) {
            self.parent = parent
            self.input = input
        }
    }

    /// The inputs from the initial state to the state at `index` of level `depth`.
    @inlinable
    func path(to index: Int, at depth: Int, in trail: [[Step]]) -> [Input<M>] {
        var inputs: [Input<M>] = []
        var (index, depth) = (index, depth)
        while depth > 0 {
            let step = trail[depth][index]
            if let input = step.input { inputs.append(input.input) }
            (index, depth) = (step.parent, depth - 1)
        }
        return inputs.reversed()
    }

    /// Expands `frontier` in chunks, on at most ``threads`` threads (each takes every
    /// `threads`-th chunk): the chunks' starts in the frontier and what each found, in frontier
    /// order, whatever the number of threads.
    @inlinable
    func expand(_ frontier: [Runtime<M>], skipping visited: VisitedSet<M>, keepingRuntimes: Bool) -> [(Int, Expansion)] {
        let chunkSize = max(1, min(256, frontier.count / 64))
        let starts = Array(stride(from: 0, to: frontier.count, by: chunkSize))
        var expansions = [Expansion?](repeating: nil, count: starts.count)
        let expandChunk = { @Sendable (chunk: Int) -> Expansion in
            let range = starts[chunk]..<min(starts[chunk] + chunkSize, frontier.count)
            return expand(frontier[range], skipping: visited, keepingRuntimes: keepingRuntimes)
        }
        let workers = min(max(1, threads ?? starts.count), starts.count)
        if workers > 1 {
            expansions.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let results = buffer
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    for chunk in stride(from: worker, to: starts.count, by: workers) { results[chunk] = expandChunk(chunk) }
                }
            }
        } else {
            for chunk in starts.indices { expansions[chunk] = expandChunk(chunk) }
        }
        return zip(starts, expansions.map { $0 ?? Expansion(rows: table.rows.count) }).map { ($0, $1) }
    }

    /// What expanding some states found: their new successors (not in `visited`, each once, in
    /// order; one may repeat a successor of another chunk) and, in a list of their own, their
    /// runtimes when they are to be expanded in turn (the deepest level's would be most of a
    /// search's memory); the rows fired, the states with no way out, and the first violation.
    /// Node indexes count from the chunk's start.
    @usableFromInline
    struct Expansion: Sendable {
        @usableFromInline var successors: [(node: Int, input: Observation<M>.SharedInput, key: HashedKey<M>)] = []
        @usableFromInline var runtimes: [Runtime<M>] = []
        @usableFromInline var transitions = 0
        @usableFromInline var firedRows: [Bool]
        @usableFromInline var deadlocks: [Int] = []
        @usableFromInline var violation: (node: Int, input: Input<M>, invariant: String, message: String)?

        @inlinable
        init(rows: Int) { firedRows = Array(repeating: false, count: rows) }
    }

    @inlinable
    func expand(_ nodes: ArraySlice<Runtime<M>>, skipping visited: VisitedSet<M>, keepingRuntimes: Bool) -> Expansion {
        var expansion = Expansion(rows: table.rows.count)
        // The successors kept so far, by hash: a state that two nodes of the chunk reach is kept
        // once, as the merge would keep only the first anyway (it takes them in the same order).
        var kept = VisitedSet<M>(fingerprints: fingerprints)
        // One list for the steps of every input tried (see below).
        var steps: [RuntimeStep<M>] = []
        // By position, not zipped with its offset: the zip's element, a tuple holding the runtime,
        // is copied through its generic value witnesses at every input.
        for offset in 0..<nodes.count {
            let runtime = nodes[nodes.startIndex + offset]
            let contextHash = StateKey<M>.contextHash(of: runtime, ignoring: ignoring)
            let key = HashedKey(runtime, fingerprintOnly: fingerprints, ignoring: ignoring, contextHash: contextHash)
            // Every input's observation shares this one runtime before.
            let before = Observation<M>.Before(runtime)
            var wayOut = false
            for input in inputs(in: runtime) {
                expansion.transitions += 1
                var after = runtime
                // The list of the last input's steps, emptied in place: the observation that
                // shared it is gone, so it is the list's only owner again.
                steps.removeAll(keepingCapacity: true)
                do {
                    try after.apply(input.input, into: &steps)
                } catch {
                    expansion.violation = (offset, input.input, Explorer<S>.refusedInput, error.description)
                    return expansion
                }
                // Read where the list keeps the steps: a copy of a step copies two states.
                for index in steps.indices {
                    for position in 0..<(steps[index].result?.firedRowCount ?? 0) {
                        if let row = steps[index].result?.firedRow(at: position) { expansion.firedRows[row] = true }
                    }
                }
                // A successor whose input left the context as it was shares it: its hash is known.
                // The key is read from the runtime after before it moves into the observation:
                // read from the observation, the runtime would be copied to be read.
                let successorContextHash = StateKey<M>.contextHash(
                    of: after, ignoring: ignoring, reusing: contextHash, of: runtime)
                let successor = HashedKey(
                    after, fingerprintOnly: fingerprints, ignoring: ignoring, contextHash: successorContextHash)
                // The runtime after moves into the observation, which shares the steps.
                let observation = Observation(input: input, before: before, after: consume after, steps: steps)
                // An invariant of the state alone held in every state visited: it is checked on
                // a state the search has not met yet (in this chunk, or any level before).
                let isNew = !visited.contains(successor) && !kept.contains(successor)
                if let broken = Invariant.firstViolation(among: invariants, of: observation, isNewState: isNew) {
                    expansion.violation = (offset, input.input, invariants[broken.position].name, broken.message)
                    return expansion
                }
                if successor != key { wayOut = true }
                if isNew {
                    _ = kept.insert(successor)
                    expansion.successors.append((offset, input, successor))
                    if keepingRuntimes { expansion.runtimes.append(observation.after) }
                }
            }
            if !wayOut, table.finalState(of: runtime.state.controls) == nil { expansion.deadlocks.append(offset) }
        }
        return expansion
    }

    /// Every input tried in `runtime`: the sample host events, the sample answers to each request
    /// in flight, late answers to the newest cancelled unanswered request of each kind, and
    /// advances to each running timer's deadline and to a millisecond before it.
    @inlinable
    package func inputs(in runtime: Runtime<M>) -> [Observation<M>.SharedInput] {
        // The host events' inputs are made once, and shared by every state.
        var inputs: [Observation<M>.SharedInput] = []
        inputs.reserveCapacity(sentEvents.count + 8)
        inputs.append(contentsOf: sentEvents)
        // One pass over the history, read where it keeps the records: the requests in flight, in
        // the order made, answered here; and the newest cancelled unanswered request of each
        // kind, by its position, answered late after them, kind by kind.
        let requests = runtime.requests
        var newestCancelled = [Int?](repeating: nil, count: M.Request.Kind.allCases.count)
        for index in requests.indices where !requests[index].isAnswered {
            let kind = requests[index].reference.kind
            if requests[index].cancellation != nil {
                newestCancelled[kind.rawValue] = index
            } else {
                for answer in samples.answers(to: requests[index].request) {
                    inputs.append(Observation<M>.SharedInput(.respond(kind, ordinal: nil, answer)))
                }
            }
        }
        for case let index? in newestCancelled {
            let reference = requests[index].reference
            for answer in samples.answers(to: requests[index].request) {
                inputs.append(Observation<M>.SharedInput(.respond(reference.kind, ordinal: reference.ordinal, answer)))
            }
        }
        // Each deadline, and a millisecond before it, once, in order.
        var advances: [Duration] = []
        func add(_ advance: Duration) {
            if advance >= .zero && !advances.contains(advance) { advances.append(advance) }
        }
        func advance(to deadline: Duration) {
            add(deadline - runtime.now)
            add(deadline - runtime.now - .milliseconds(1))
        }
        let timers = runtime.timers
        for index in timers.indices where timers[index].canFire { advance(to: timers[index].deadline) }
        let scheduled = runtime.scheduled
        for index in scheduled.indices where scheduled[index].canFire { advance(to: scheduled[index].deadline) }
        inputs.append(contentsOf: advances.sorted().lazy.map { Observation<M>.SharedInput(.advance($0)) })
        return inputs
    }
}
