import MachineAnalysis
import MachineCore
import MachineRuntime
import StatechartFixtures
import Testing

/// The mutant operators, on the pager's table and on a small table with guards and history.
@Suite struct MutantsTests {
    /// The profile of one call: `call` emits a request and starts the patience timer.
    var callProfile: ActionProfile {
        var profile = ActionProfile(rowCount: Pager.table().rows.count)
        profile.record(row: 0, commands: ArraySlice<Command<Pager>>([.request(.ring), .startTimer(.patience, .seconds(10))]))
        return profile
    }

    @Test func everyRowGetsRemovedRetargetedAndItsActionSkipped() {
        let table = Pager.table()
        let ids = Mutants.of(table, profile: ActionProfile(rowCount: table.rows.count)).map(\.id)
        #expect(
            ids.filter { $0.hasPrefix("call/") } == [
                "call/removed", "call/target=idle", "call/target=talking", "call/target=done", "call/action-skipped",
            ])
        // `hangUp` has no action: nothing to skip.
        #expect(ids.filter { $0.hasPrefix("hangUp/") }.count == 4)
        #expect(ids.count == 24)
        #expect(Set(ids).count == ids.count)
    }

    @Test func aDroppedCommandIsLeftOutAndTheLedgerFollows() throws {
        let mutants = Mutants.of(Pager.table(), profile: callProfile)
        let dropRequest = try #require(mutants.first { $0.id == "call/command-1-dropped" })
        #expect(dropRequest.fault == .commandDropped)
        #expect(dropRequest.description == "row call: the first command its action emits is dropped")
        var runtime = Runtime(table: dropRequest.table, state: dropRequest.table.initialState(context: Pager.Context()))
        let steps = try runtime.send(.call)
        #expect(steps.flatMap(\.commands) == [.startTimer(.patience, .seconds(10))])
        #expect(runtime.pendingRequests.isEmpty)
        #expect(runtime.state.controls[0] == Pager.Line.ringing.rawValue)
    }

    @Test func aTimerIsHalvedAndDoubled() throws {
        let mutants = Mutants.of(Pager.table(), profile: callProfile)
        for (id, expected) in [
            ("call/timer-patience-halved", Duration.seconds(5)), ("call/timer-patience-doubled", .seconds(20)),
        ] {
            let mutant = try #require(mutants.first { $0.id == id })
            var runtime = Runtime(table: mutant.table, state: mutant.table.initialState(context: Pager.Context()))
            #expect(try runtime.send(.call).flatMap(\.commands) == [.request(.ring), .startTimer(.patience, expected)])
        }
    }

    @Test func guardsAreForcedNegatedAndCompetingRowsSwapped() throws {
        let table = Gate.table
        let mutants = Mutants.of(table, profile: ActionProfile(rowCount: table.rows.count))
        let ids = mutants.map(\.id)
        #expect(ids.contains("open/guard=true"))
        #expect(ids.contains("open/guard=false"))
        #expect(ids.contains("open/guard=negated"))
        #expect(ids.contains("open/swapped-with-refuse"))
        #expect(!ids.contains { $0.hasPrefix("refuse/swapped") })
        func target(of id: String, unlocked: Bool) throws -> Int {
            let mutant = try #require(mutants.first { $0.id == id })
            var runtime = Runtime(
                table: mutant.table, state: mutant.table.initialState(context: Gate.Context(unlocked: unlocked)))
            _ = try runtime.send(.push)
            return runtime.state.controls[0]
        }
        #expect(try target(of: "open/guard=negated", unlocked: false) == Gate.State.open.rawValue)
        #expect(try target(of: "open/guard=false", unlocked: true) == Gate.State.refused.rawValue)
        // Swapped, the unguarded `refuse` comes first and always wins.
        #expect(try target(of: "open/swapped-with-refuse", unlocked: true) == Gate.State.refused.rawValue)
    }

    @Test func rowsWithExclusiveGuardsAreNotSwapped() {
        let isLocked = Guard<Gate>("isLocked") { state, _ in !state.context.unlocked }
        let rows = [
            Row("open", in: Gate.region, from: [.closed], on: .push, when: Gate.isUnlocked, to: .open),
            Row("refuse", in: Gate.region, from: [.closed], on: .push, when: isLocked, to: .refused),
        ]
        func swaps(_ table: TransitionTable<Gate>) -> [String] {
            Mutants.of(table, profile: ActionProfile(rowCount: 2)).map(\.id).filter { $0.contains("swapped") }
        }
        #expect(swaps(TransitionTable(regions: [Gate.region], rows: rows)) == ["open/swapped-with-refuse"])
        #expect(
            swaps(TransitionTable(regions: [Gate.region], rows: rows, exclusive: [ExclusiveGuards(Gate.isUnlocked, isLocked)]))
                .isEmpty)
    }

    @Test func aRowThatFiresAndChangesNothingIsToldApartByIgnored() throws {
        // `idleHangUp` never fires; forced, it fires on a hang-up while idle and changes nothing
        // a script reads but `expect ignored`.
        let never = Guard<Pager>("never") { _, _ in false }
        let original = Pager.table()
        let table = try original.replacingRows(
            original.rows + [Row("idleHangUp", in: Pager.line, from: [.idle], on: .hangUp, when: never)])
        let mutant = try #require(
            Mutants.of(table, profile: ActionProfile(rowCount: table.rows.count)).first { $0.id == "idleHangUp/guard=true" })
        let search = DistinguishingInputs.search(
            original: table, mutant: mutant.table, from: table.initialState(context: Pager.Context()),
            samples: PagerSamples(), maximumDepth: 3
        ) { $0.controls != $1.controls || $0.context != $1.context }
        guard case .found(let inputs) = search else {
            Issue.record("no difference found: \(search)")
            return
        }
        #expect(inputs.count == 1)
        #expect(inputs.first.map { if case .send(.hangUp) = $0 { true } else { false } } == true)
    }

    @Test func aCompoundTargetGetsEveryOtherHistory() {
        let ids = Mutants.of(Gate.table, profile: ActionProfile(rowCount: Gate.table.rows.count)).map(\.id)
        #expect(ids.filter { $0.hasPrefix("resume/history=") } == ["resume/history=none", "resume/history=deep"])
        // A target changed to the compound state keeps the row's history; to a leaf, loses it.
        #expect(ids.contains("open/target=working"))
    }
}

/// A gate with a guarded row competing with an unguarded one, and a compound state entered by history.
enum Gate: MachineDefinition {
    struct Context: Sendable { var unlocked = false }
    enum Event: MachineEvent {
        case push, pause, resume
        enum Kind: Int, IndexedCase { case push, pause, resume }
        var kind: Kind {
            switch self {
            case .push: .push
            case .pause: .pause
            case .resume: .resume
            }
        }
    }
    enum State: Int, ControlState { case closed, open, refused, working, fast, slow, paused }
    static let region = Region<State>("gate", index: 0, initial: .closed, children: [.working: [.fast, .slow]])
    static let isUnlocked = Guard<Gate>("isUnlocked") { state, _ in state.context.unlocked }
    static let table = TransitionTable<Gate>(
        regions: [region],
        rows: [
            Row("open", in: region, from: [.closed], on: .push, when: isUnlocked, to: .open),
            Row("refuse", in: region, from: [.closed], on: .push, to: .refused),
            Row("pause", in: region, from: [.working], on: .pause, to: .paused),
            Row("resume", in: region, from: [.paused], on: .resume, to: .working, history: .shallow),
        ])
}

/// The mutants of a table with statechart triggers.
@Suite struct TriggerMutantsTests {
    let ids = Mutants.of(Link.table, profile: ActionProfile(rowCount: Link.table.rows.count)).map(\.id)

    @Test func aDelayAndAPeriodAreHalvedAndDoubled() {
        for id in [
            "ackTimeout/delay-halved", "ackTimeout/delay-doubled", "heartbeat/delay-halved", "heartbeat/delay-doubled",
        ] {
            #expect(ids.contains(id), "\(id)")
        }
        let mutants = Mutants.of(Link.table, profile: ActionProfile(rowCount: Link.table.rows.count))
        let halved = mutants.first { $0.id == "ackTimeout/delay-halved" }
        let row = halved?.table.rows.first { $0.id == "ackTimeout" }
        guard case .after(let delay, _) = row?.trigger else {
            Issue.record("no delayed ackTimeout in the mutant")
            return
        }
        #expect(delay.duration == .milliseconds(2500))
    }

    @Test func anEventlessRowAndADoneRowDoNotCompete() {
        #expect(!ids.contains { $0.hasPrefix("drain/swapped") || $0.hasPrefix("handshakeDone/swapped") })
    }
}
