import Testing

@testable import MachineCore

/// The statechart semantics of nested states, one by one, on ``Jukebox``.
@Suite struct HierarchyTests {
    let table = Jukebox.table

    /// Plays `events` from the initial state; returns the state and the log each step added.
    func play(_ events: [Jukebox.Event], from start: MachineState<Jukebox>? = nil) -> (MachineState<Jukebox>, [[String]]) {
        var state = start ?? table.initialState(context: .init())
        var logs: [[String]] = []
        var result = StepResult<Jukebox>()
        for event in events {
            let before = state.context.log.count
            table.step(&state, event, into: &result)
            logs.append(Array(state.context.log[before...]))
        }
        return (state, logs)
    }

    @Test func theRegionDescribesItsHierarchy() {
        let region = table.regions[0]
        #expect(region.isHierarchical)
        #expect(region.children[Jukebox.Deck.on.rawValue] == [2, 3, 6])
        #expect(region.parents[Jukebox.Deck.playing.rawValue] == Jukebox.Deck.busy.rawValue)
        #expect(region.ancestors(of: Jukebox.Deck.paused.rawValue) == [3, 1])
        #expect(region.leaves == [0, 2, 4, 5, 6])
        #expect(region.defaultLeaf(of: Jukebox.Deck.on.rawValue) == Jukebox.Deck.idle.rawValue)
        #expect(!Kettle.table.regions[0].isHierarchical)
    }

    @Test func enteringACompoundStateEntersItsInitialChildRecursively() {
        let (state, logs) = play([.power, .play])
        #expect(state[Jukebox.deck] == .playing)
        #expect(logs[0] == ["exit off", "powerOn", "enter on", "enter idle"])
        #expect(logs[1] == ["exit idle", "play", "enter busy", "enter playing"])
        #expect(state.isIn(.busy, of: Jukebox.deck))
        #expect(state.isIn(.on, of: Jukebox.deck))
        #expect(!state.isIn(.paused, of: Jukebox.deck))
    }

    @Test func exitsRunFromTheLeafUpToTheLeastCommonAncestorThenTheActionThenEntries() {
        let (_, logs) = play([.power, .play, .pause, .power])
        #expect(logs[2] == ["exit playing", "pause", "enter paused"])
        #expect(logs[3] == ["exit paused", "exit busy", "exit on", "powerOff", "enter off"])
    }

    @Test func theInnermostRowWinsThenAncestorsInOrder() {
        // In busy, stopBusy (a row of busy) wins over stopAll (a row of on), though stopAll comes first.
        let (state, logs) = play([.power, .play, .stop])
        #expect(logs[2] == ["exit playing", "exit busy", "stopBusy", "enter idle"])
        #expect(state[Jukebox.deck] == .idle)
        // In idle, only the row of on applies: an external row from on to a state below it exits
        // and re-enters on.
        #expect(play([.power, .stop]).1[1] == ["exit idle", "exit on", "stopAll", "enter on", "enter idle"])
        let rows = table.candidates(region: 0, state: Jukebox.Deck.playing.rawValue, kind: .stop).map { table.rows[$0].id }
        #expect(rows == ["stopBusy", "stopAll"])
        #expect(table.candidates(region: 0, state: Jukebox.Deck.busy.rawValue, kind: .stop).isEmpty)
    }

    @Test func aFailedGuardFallsBackToTheAncestorsRow() {
        let (played, logs) = play([.power, .play, .tick])
        var state = played
        #expect(logs[2] == ["tickOn"])
        #expect(state[Jukebox.deck] == .playing)
        state.context.loud = true
        let result = table.step(state, .tick)
        #expect(result.result.firedRows.map { table.rows[$0].id } == ["tickLoud"])
        #expect(result.result.guardChecks.map(\.passed) == [true])
        #expect(result.result.stateChanges.isEmpty)
        #expect(result.state.context.log.last == "tickLoud")
    }

    @Test func anExternalSelfTransitionOnACompoundStateExitsAndReentersIt() {
        let (state, logs) = play([.power, .play, .pause, .reset])
        #expect(logs[3] == ["exit paused", "exit busy", "exit on", "reset", "enter on", "enter idle"])
        #expect(state[Jukebox.deck] == .idle)
    }

    @Test func anInternalSelfTransitionDoesNotExitItsSource() {
        let (state, logs) = play([.power, .play, .pause, .refresh])
        #expect(logs[3] == ["exit paused", "exit busy", "refresh", "enter idle"])
        #expect(state[Jukebox.deck] == .idle)
    }

    /// As SCXML's internal transition to its source's own history: the source stays, only the
    /// states below it are exited and entered, and its history keeps what it remembered (it is
    /// written when the source is exited). The same whether the step records state changes or
    /// not (such a table takes the statechart step either way).
    @Test func anInternalRowIntoItsSourcesHistoryDoesNotExitTheSource() {
        let rows =
            Jukebox.rows.filter { $0.id != "reset" } + [
                Row("rewind", in: Jukebox.deck, from: [.on], on: .reset, to: .on, history: .deep, internal: true)
            ]
        let table = TransitionTable<Jukebox>(regions: [Jukebox.deck], rows: rows, stateActions: Jukebox.stateActions)
        #expect(!table.listing.findings.contains(.internalActsExternal(row: "rewind")), "it is internal indeed")
        for recording in [StepRecording.all, []] {
            var state = table.initialState(context: .init())
            var result = StepResult<Jukebox>(recording: recording)
            for event: Jukebox.Event in [.power, .play, .pause, .power, .resumeDeep, .stop] {
                table.step(&state, event, into: &result)
            }
            #expect(state[Jukebox.deck] == .idle)
            let before = state.context.log.count
            table.step(&state, .reset, into: &result)
            #expect(state.context.log[before...] == ["exit idle", "enter busy", "enter paused"], "\(recording)")
            #expect(state[Jukebox.deck] == .paused, "paused, remembered when on was last exited")
        }
    }

    /// A row declared in Swift targets a state, entered by its history: from inside that state,
    /// it exits it as any external row does (up to the least common ancestor of source and
    /// target), and re-enters what the history recorded on that exit. (SCXML's transition to a
    /// history pseudo-state keeps the state: see the SCXML module's `SCXMLAlgorithmTests`.)
    @Test func aSwiftRowIntoTheHistoryOfAStateHoldingItsSourceExitsThatState() {
        let rows = Jukebox.rows + [Row("back", in: Jukebox.deck, from: [.paused], on: .tick, to: .on, history: .shallow)]
        let table = TransitionTable<Jukebox>(regions: [Jukebox.deck], rows: rows, stateActions: Jukebox.stateActions)
        for recording in [StepRecording.all, []] {
            var state = table.initialState(context: .init())
            var result = StepResult<Jukebox>(recording: recording)
            for event: Jukebox.Event in [.power, .stop, .play, .pause] { table.step(&state, event, into: &result) }
            let before = state.context.log.count
            table.step(&state, .tick, into: &result)
            #expect(
                state.context.log[before...] == [
                    "exit paused", "exit busy", "exit on", "enter on", "enter busy", "enter playing",
                ], "\(recording)")
            #expect(state[Jukebox.deck] == .playing)
        }
    }

    @Test func shallowHistoryReentersTheLastActiveChildThenItsInitialChild() {
        let (state, logs) = play([.power, .play, .pause, .power, .resume])
        #expect(logs[4] == ["exit off", "resume", "enter on", "enter busy", "enter playing"])
        #expect(state[Jukebox.deck] == .playing)
    }

    @Test func deepHistoryReentersTheLastActiveLeaf() {
        let (state, logs) = play([.power, .play, .pause, .power, .resumeDeep])
        #expect(logs[4] == ["exit off", "resumeDeep", "enter on", "enter busy", "enter paused"])
        #expect(state[Jukebox.deck] == .paused)
        let result = table.step(play([.power, .play, .pause, .power]).0, .resumeDeep).result
        #expect(result.stateChanges.map(\.kind) == [.exited, .restored, .entered, .entered])
    }

    @Test func historyFallsBackToTheDefaultWhenTheStateWasNeverActive() {
        #expect(play([.resume]).0[Jukebox.deck] == .idle)
        #expect(play([.resumeDeep]).0[Jukebox.deck] == .idle)
        let result = table.step(table.initialState(context: .init()), .resumeDeep).result
        #expect(result.stateChanges.map(\.kind) == [.exited, .entered, .entered])
    }

    @Test func historyRemembersTheLeafWhenTheStateIsExited() {
        let (state, _) = play([.power, .play, .fault, .power])
        #expect(state.controls[history: 0] == Jukebox.Deck.broken.rawValue)
        #expect(play([.power, .play, .fault, .power, .resumeDeep]).0[Jukebox.deck] == .broken)
        #expect(table.historySlots.count == 1)
        #expect(table.historySlots[0].state == Jukebox.Deck.on.rawValue)
    }

    @Test func stateChangesNameTheRowRegionAndStates() {
        let (state, _) = play([.power])
        let result = table.step(state, .play).result
        let row = table.rows.firstIndex { $0.id == "play" }
        #expect(
            result.stateChanges == [
                StateChange(row: row ?? -1, region: 0, state: Jukebox.Deck.idle.rawValue, kind: .exited),
                StateChange(row: row ?? -1, region: 0, state: Jukebox.Deck.busy.rawValue, kind: .entered),
                StateChange(row: row ?? -1, region: 0, state: Jukebox.Deck.playing.rawValue, kind: .entered),
            ])
        #expect(Kettle.table.step(Kettle.table.initialState(context: .init()), .switchOn).result.stateChanges.isEmpty)
    }

    @Test func theFlatTableKeepsItsIdentityAndANestedOneHasItsOwn() {
        let flat = TransitionTable<Jukebox>(
            regions: [Region<Jukebox.Deck>("deck", index: 0, initial: .off)],
            rows: [Row("powerOn", in: Region<Jukebox.Deck>("deck", index: 0, initial: .off), from: [.off], on: .power, to: .on)])
        let nested = TransitionTable<Jukebox>(
            regions: [Jukebox.deck], rows: [Row("powerOn", in: Jukebox.deck, from: [.off], on: .power, to: .on)])
        #expect(flat.identity != nested.identity)
        #expect(flat.identity != table.identity)
    }
}
