import MachineCore
import MachineRuntime

/// Drives a machine with random but valid inputs and checks invariants after every move, in the
/// manner of property-based testing: host events from the samples, answers to the requests in
/// flight (and late answers to cancelled ones, which must be dropped), and advances of the
/// virtual clock that land before, on and after the timers' deadlines.
///
/// An exploration is determined by its seed. The machine starts again from its initial state
/// once it has finished (after a few more moves, which it must ignore) or after
/// `maximumEpisodeLength` moves. A violation can be shrunk to a short sequence of moves with
/// ``shrink(_:)``.
public struct Explorer<S: InputSamples>: Sendable where S.Machine.Context: Equatable {
    /// The machine explored.
    public typealias M = S.Machine

    /// The name under which a refused input is reported: the explorer only makes inputs the
    /// runtime should accept.
    @usableFromInline static var refusedInput: String { "the runtime accepts every valid input" }

    /// The table explored.
    package let table: TransitionTable<M>
    /// Where every episode starts.
    package let initial: MachineState<M>
    /// Where the inputs come from.
    package let samples: S
    /// What must hold after every move.
    package let invariants: [Invariant<M>]
    /// The most moves in one episode before the machine starts again.
    package var maximumEpisodeLength = 200
    /// How many moves are made in a finished machine before it starts again.
    var movesAfterFinishing = 3

    /// An explorer of `table` from `initial`, with inputs from `samples`, checking `invariants`.
    public init(table: TransitionTable<M>, initial: MachineState<M>, samples: S, invariants: [Invariant<M>]) {
        self.table = table
        self.initial = initial
        self.samples = samples
        self.invariants = invariants
    }

    /// Makes `moves` random moves from `seed`; stops at the first violation.
    ///
    /// - Parameters:
    ///   - seed: The seed of the `SplitMix64` (`MachineRuntime`) that chooses the moves: the same seed makes the
    ///     same moves.
    ///   - moves: How many moves to make at most.
    ///   - progress: Called with the number of moves made, every 1,000 moves (for a
    ///     progress line; it cannot change the exploration).
    public func explore(seed: UInt64, moves: Int, progress: (Int) -> Void = { _ in }) -> ExplorationReport<M> {
        explore(seed: seed, moves: moves, progress: progress, visit: { _ in })
    }

    /// ``explore(seed:moves:progress:)``, calling `visit` with the runtime after every move that
    /// passed its invariants (to count the distinct states the moves reach, say).
    package func explore(
        seed: UInt64, moves: Int, progress: (Int) -> Void, visit: (Runtime<M>) -> Void
    ) -> ExplorationReport<M> {
        var random = SplitMix64(seed: seed)
        var report = ExplorationReport<M>(rows: table.rows.count)
        var runtime = Runtime(table: table, state: initial)
        var episode: [Input<M>] = []
        var finishedMoves = 0
        report.episodes = 1
        while report.moves < moves {
            if episode.count >= maximumEpisodeLength || finishedMoves >= movesAfterFinishing {
                report.requests += runtime.requests.count
                runtime = Runtime(table: table, state: initial)
                episode = []
                finishedMoves = 0
                report.episodes += 1
            }
            let move = nextMove(in: runtime, using: &random)
            episode.append(move)
            report.moves += 1
            if report.moves % 1000 == 0 { progress(report.moves) }
            let before = runtime
            let steps: [RuntimeStep<M>]
            do {
                steps = try runtime.apply(move)
            } catch {
                report.violation = Violation(invariant: Self.refusedInput, message: error.description, inputs: episode)
                break
            }
            record(steps, in: &report)
            if let broken = check(Observation(input: move, before: before, after: runtime, steps: steps)) {
                report.violation = Violation(invariant: broken.invariant.name, message: broken.message, inputs: episode)
                break
            }
            visit(runtime)
            if table.finalState(of: runtime.state.controls) != nil { finishedMoves += 1 }
        }
        report.requests += runtime.requests.count
        return report
    }

    /// A random valid move for `runtime`, as ``explore(seed:moves:progress:)`` makes them: an
    /// answer to a request in flight or a late one to a cancelled request, an advance of the
    /// clock, or a host event from the samples. Public so that other properties than the
    /// invariants (a save and restore that changes nothing) can be checked over the same moves.
    public func nextMove(in runtime: Runtime<M>, using random: inout SplitMix64) -> Input<M> {
        let roll = random.below(100)
        let pending = runtime.pendingRequests
        if roll < 35, let record = random.pick(pending), let answer = random.pick(samples.answers(to: record.request)) {
            return .respond(record.reference.kind, ordinal: nil, answer)
        }
        let stale = runtime.requests.filter { $0.cancellation != nil && !$0.isAnswered }
        if roll < 42, let record = random.pick(stale), let answer = random.pick(samples.answers(to: record.request)) {
            return .respond(record.reference.kind, ordinal: record.reference.ordinal, answer)
        }
        if roll < 60 {
            return .advance(randomAdvance(in: runtime, using: &random))
        }
        if let event = random.pick(samples.events) { return .send(event) }
        return .advance(randomAdvance(in: runtime, using: &random))
    }

    /// Nothing, exactly to the next deadline, a millisecond short of it, or a random stretch.
    func randomAdvance(in runtime: Runtime<M>, using random: inout SplitMix64) -> Duration {
        let stretch = Duration.milliseconds(random.below(700))
        guard let deadline = runtime.nextDeadline else { return random.below(4) == 0 ? .zero : stretch }
        let due = deadline - runtime.now
        switch random.below(4) {
        case 0: return .zero
        case 1: return due
        case 2: return max(.zero, due - .milliseconds(1))
        default: return stretch
        }
    }

    /// The first invariant `observation` breaks, with what it says. Each invariant's `violation`
    /// in turn: this code is not specialised for the machine, and unspecialised,
    /// `Invariant.firstViolation(among:of:isNewState:)` (which the search specialises) costs more
    /// than it saves: 7 % more instructions for `explore --seed 3 --steps 20000`.
    func check(_ observation: Observation<M>) -> (invariant: Invariant<M>, message: String)? {
        for invariant in invariants {
            if let message = invariant.violation(observation) { return (invariant, message) }
        }
        return nil
    }

    func record(_ steps: [RuntimeStep<M>], in report: inout ExplorationReport<M>) {
        for step in steps {
            switch step.cause {
            case .drop: report.drops += 1
            case .timer, .delay: report.timersFired += 1
            case .event, .answer, .eventless, .raised, .done, .start, .sent: break
            }
            for row in step.result?.firedRows ?? [] { report.rowHits[row] += 1 }
        }
    }
}
