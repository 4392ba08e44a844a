import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

@Suite("Exploration with invariants") struct ExplorerTests {
    @Test func aCorrectMachineKeepsEveryInvariant() {
        let report = LeakyLookup.explorer(bugs: []).explore(seed: 1, moves: 5_000)
        #expect(report.violation == nil)
        #expect(report.moves == 5_000)
        #expect(report.rowHits.allSatisfy { $0 > 0 }, "every row fires: \(report.rowHits)")
        #expect(report.drops > 0, "late answers to cancelled lookups are tried")
        #expect(report.timersFired > 0, "slow lookups are given up")
        #expect(report.episodes > 1, "the machine starts again after finishing")
    }

    @Test func aLeakedRequestIsCaughtAndShrunkToTheTwoMovesThatLeakIt() throws {
        let explorer = LeakyLookup.explorer(bugs: .leakOnCancel)
        let report = explorer.explore(seed: 1, moves: 5_000)
        let violation = try #require(report.violation)
        #expect(violation.invariant == "lookup in flight exactly when phase is loading")
        #expect(violation.message == "a lookup request is in flight while phase is idle")
        let shrunk = explorer.shrink(violation)
        #expect(shrunk.invariant == violation.invariant)
        #expect(shrunk.inputs.count == 2)
        guard shrunk.inputs.count == 2, case .send(.lookUp) = shrunk.inputs[0], case .send(.cancel) = shrunk.inputs[1] else {
            Issue.record("expected lookUp, cancel; got \(shrunk.inputs)")
            return
        }
        #expect(explorer.replay(shrunk.inputs, breaking: violation.invariant) != nil)
        #expect(
            LeakyLookup.explorer(bugs: []).replay(shrunk.inputs, breaking: violation.invariant) == nil,
            "the fixed machine passes the shrunk script")
    }

    @Test func aTimerLeftRunningIsCaughtAndShrunkToTheTwoMovesThatLeakIt() throws {
        let explorer = LeakyLookup.explorer(bugs: .leakTimer)
        let violation = try #require(explorer.explore(seed: 3, moves: 5_000).violation)
        #expect(violation.invariant == "patience runs exactly when phase is loading")
        #expect(violation.message == "patience runs while phase is shown")
        let shrunk = explorer.shrink(violation)
        guard shrunk.inputs.count == 2, case .send(.lookUp) = shrunk.inputs[0],
            case .respond(.lookup, nil, .found) = shrunk.inputs[1]
        else {
            Issue.record("expected lookUp, respond lookup; got \(shrunk.inputs)")
            return
        }
    }

    @Test func finishingWhileLoadingStopsTheWorkSoEveryInvariantHolds() {
        // Entering a final state cancels the work still running: the finished machine runs nothing.
        let report = LeakyLookup.explorer(bugs: .finishWhileLoading).explore(seed: 9, moves: 5_000)
        #expect(report.violation == nil)
        let finish = LeakyLookup.table(bugs: .finishWhileLoading).rows.firstIndex { $0.id == "finish" } ?? -1
        #expect(report.rowHits[finish] > 0)
    }

    /// `visit` sees the runtime after each move that kept the invariants, and no other: as
    /// many as the moves, one fewer when the last move broke one.
    @Test func visitSeesTheRuntimeAfterEveryMoveThatKeptTheInvariants() throws {
        var visits = 0
        var phases: Set<Int> = []
        let report = LeakyLookup.explorer(bugs: []).explore(
            seed: 1, moves: 2_000, progress: { _ in },
            visit: { runtime in
                visits += 1
                phases.insert(runtime.state.controls[0])
            })
        #expect(visits == report.moves)
        #expect(phases.count > 1, "the runtimes visited are those after the moves, not the initial one")
        var broken = 0
        let leaky = LeakyLookup.explorer(bugs: .leakOnCancel).explore(
            seed: 1, moves: 5_000, progress: { _ in }, visit: { _ in broken += 1 })
        #expect(try #require(leaky.violation).inputs.isEmpty == false)
        #expect(broken == leaky.moves - 1)
    }

    @Test func theSameSeedMakesTheSameMoves() {
        let explorer = LeakyLookup.explorer(bugs: .leakOnCancel)
        let first = explorer.explore(seed: 42, moves: 3_000)
        let second = explorer.explore(seed: 42, moves: 3_000)
        #expect(first.moves == second.moves && first.rowHits == second.rowHits && first.drops == second.drops)
        #expect(first.violation?.inputs.count == second.violation?.inputs.count)
        let other = LeakyLookup.explorer(bugs: []).explore(seed: 43, moves: 3_000)
        let again = LeakyLookup.explorer(bugs: []).explore(seed: 42, moves: 3_000)
        #expect(other.rowHits != again.rowHits, "another seed makes other moves")
    }

    @Test func splitMix64MatchesItsReferenceOutputs() {
        var random = SplitMix64(seed: 0)
        #expect(
            [random.next(), random.next(), random.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
        #expect(random.below(0) == 0 && random.pick([Int]()) == nil)
    }
}

/// The standard invariants the framework keeps by construction still report a broken runtime:
/// observations forged from runtimes that disagree with what happened.
@Suite("Standard invariants") struct StandardInvariantTests {
    let table = LeakyLookup.table(bugs: [])

    func invariant(_ name: String) throws -> Invariant<LeakyLookup> {
        try #require(Invariant<LeakyLookup>.standard.first { $0.name == name })
    }

    @Test func aLedgerThatListsWorkTheRuntimeDoesNotRunBreaksTheBooks() throws {
        var state = table.initialState(context: .init())
        state.work.pending.append(.lookup)
        let honest = Runtime(table: table, state: table.initialState(context: .init()))
        let forged = Runtime(table: table, state: state)
        let books = try invariant("the runtime's timers and requests are the machine's")
        #expect(books.violation(Observation(input: .send(.noise), before: honest, after: honest, steps: [])) == nil)
        #expect(
            books.violation(Observation(input: .send(.noise), before: honest, after: forged, steps: []))
                == "the runtime has [] in flight, the machine [\"lookup\"]")
    }

    @Test func aFinishedMachineThatRunsWorkOrChangesIsReported() throws {
        let finished = try invariant("a finished machine accepts nothing and runs nothing")
        var state = table.initialState(context: .init())
        state[LeakyLookup.phase] = .done
        let done = Runtime(table: table, state: state)
        #expect(finished.violation(Observation(input: .send(.noise), before: done, after: done, steps: [])) == nil)
        var busy = state
        busy.work.pending.append(.lookup)
        #expect(
            finished.violation(
                Observation(input: .send(.noise), before: done, after: Runtime(table: table, state: busy), steps: []))
                == "phase is done (final) but work is still running")
        var changed = state
        changed.context.found = 1
        #expect(
            finished.violation(
                Observation(input: .send(.noise), before: done, after: Runtime(table: table, state: changed), steps: []))
                == "the finished machine's state changed")
    }

    @Test func aDroppedAnswerThatChangedTheStateIsReported() throws {
        var runtime = Runtime(table: table, state: table.initialState(context: .init()))
        _ = try runtime.send(.lookUp)
        _ = try runtime.send(.cancel)
        let before = runtime
        let drop = try runtime.respond(.lookup, 1, with: .found(1))
        #expect(drop.count == 1 && drop[0].result == nil, "the late answer is dropped")
        let drops = try invariant("a dropped answer changes nothing")
        let move = Input<LeakyLookup>.respond(.lookup, ordinal: 1, .found(1))
        #expect(drops.violation(Observation(input: move, before: before, after: runtime, steps: drop)) == nil)
        var changed = runtime
        _ = try changed.send(.lookUp)
        #expect(
            drops.violation(Observation(input: move, before: before, after: changed, steps: drop))
                == "a dropped answer changed the state")
    }
}
