import MachineCore
import MachineRuntime
import Testing

/// Parallel states at any depth (``Region/init(_:index:within:_:initial:final:children:)``),
/// stepped as SCXML's Appendix D says: entry in document order, exit in reverse document order,
/// every exit before every transition's action before every entry, done events of parallel
/// states, and a row leaving every region of a parallel state at once.
@Suite struct ParallelStateTests {
    @Test func theStartEntersEveryActiveStateInDocumentOrder() {
        let runtime = Deck.runtime()
        #expect(runtime.state.context.log == ["enter:power.off", "enter:light.dim"])
        #expect(runtime.startSteps.count == 1)
        #expect(runtime.startSteps.first.map { if case .start = $0.cause { true } else { false } } == true)
    }

    @Test func enteringAParallelStateEntersEachRegionWithinItInDocumentOrder() throws {
        var runtime = Deck.runtime()
        #expect(try runtime.log(.power) == ["exit:power.off", "t:powerOn", "enter:power.on", "enter:power.idle"])
        // `play` fires in `power` and in `light`: every exit, then both actions in document
        // order, then every entry.
        #expect(
            try runtime.log(.play) == [
                "exit:light.dim", "exit:power.idle", "t:play", "t:brighten", "enter:power.plays", "enter:video.buffering",
                "enter:audio.muted", "enter:light.bright",
            ])
        #expect(runtime.state.isIn(.buffering, of: Deck.video))
        #expect(runtime.state.isIn(.muted, of: Deck.audio))
        #expect(!runtime.state.isIn(.quiet, of: Deck.left), "a region within a state that is not active is not active")
        #expect(
            try runtime.log(.mix) == ["exit:audio.muted", "t:mix", "enter:audio.mixing", "enter:left.quiet", "enter:right.quiet"])
        #expect(runtime.state.isIn(.quiet, of: Deck.left) && runtime.state.isIn(.quiet, of: Deck.right))
    }

    @Test func leavingAParallelStateExitsEveryRegionWithinItInReverseDocumentOrder() throws {
        var runtime = Deck.runtime()
        for event: Deck.Event in [.power, .play, .mix] { _ = try runtime.send(event) }
        #expect(
            try runtime.log(.power) == [
                "exit:right.quiet", "exit:left.quiet", "exit:audio.mixing", "exit:video.buffering", "exit:power.plays",
                "exit:power.on", "t:powerOff", "enter:power.off",
            ])
        #expect(!Deck.table.isActive(region: Deck.video.index, in: runtime.state.controls))
        // The regions left start over in their initial states: two configurations the machine
        // cannot tell apart are one state.
        #expect(runtime.state[Deck.audio] == .muted && runtime.state[Deck.left] == .quiet)
    }

    /// The example: two regions, each with a row on one event. SCXML's `microstep`
    /// exits the whole exit set (descendants first, then reverse document order), then runs
    /// every transition's actions in document order, then enters the whole entry set.
    @Test func rowsOfSeveralRegionsExitAllThenActThenEnterAll() throws {
        var runtime = Deck.runtime()
        for event: Deck.Event in [.power, .play, .mix] { _ = try runtime.send(event) }
        #expect(
            try runtime.log(.go) == [
                "exit:right.quiet", "exit:left.quiet", "t:leftUp", "t:rightUp", "enter:left.loud", "enter:right.loud",
            ])
    }

    @Test func aParallelStateIsDoneWhenEveryRegionWithinItIsInAFinalState() throws {
        var runtime = Deck.runtime()
        for event: Deck.Event in [.power, .play, .ready] { _ = try runtime.send(event) }
        let steps = try runtime.send(.finish)
        // `finish` ends both regions; the done event of `plays` follows as a microstep.
        #expect(steps.map(\.isMicrostep) == [false, true])
        #expect(steps.last.map { if case .done(0, Deck.Power.plays.rawValue) = $0.cause { true } else { false } } == true)
        #expect(runtime.state[Deck.power] == .idle)
        #expect(runtime.state.context.log.suffix(3) == ["exit:power.plays", "t:played", "enter:power.idle"])
    }

    @Test func aParallelStateWithOneRegionNotFinalIsNotDone() throws {
        var runtime = Deck.runtime()
        for event: Deck.Event in [.power, .play] { _ = try runtime.send(event) }
        // Only audio ends: video is still buffering.
        let steps = try runtime.send(.finish)
        #expect(steps.count == 1)
        #expect(runtime.state[Deck.audio] == .over && runtime.state[Deck.power] == .plays)
    }

    @Test func aRowOfAParallelStateLeavesEveryRegionAtOnce() throws {
        var runtime = Deck.runtime()
        for event: Deck.Event in [.power, .play, .mix, .go] { _ = try runtime.send(event) }
        #expect(
            try runtime.log(.stop) == [
                "exit:right.loud", "exit:left.loud", "exit:audio.mixing", "exit:video.buffering", "exit:power.plays", "t:stop",
                "enter:power.idle",
            ])
    }

    @Test func aRowOfAnInnerRegionFiresOnlyWhileItsRegionIsActive() throws {
        var runtime = Deck.runtime()
        for event: Deck.Event in [.power, .play] { _ = try runtime.send(event) }
        let ignored = try runtime.send(.eject)
        #expect(ignored.first?.result?.ignored == .noRow)
        _ = try runtime.send(.mix)
        #expect(try runtime.log(.eject) == ["t:leftEject"])
    }

    @Test func aTableRefusesRegionsNestedWhereTheyCannotBe() {
        func problem(_ regions: [any AnyRegion]) -> TableError? {
            do {
                _ = try TransitionTable<Deck>(validating: regions, rows: [])
                return nil
            } catch {
                return error
            }
        }
        let power = Deck.power
        // Within a compound state.
        let inCompound = Region<Deck.Video>("video", index: 1, within: power, .on, initial: .buffering)
        #expect(
            problem([power, inCompound])
                == .invalidNesting(region: "video", problem: "'power.on' has child states; regions nest only in a leaf"))
        // Listed before the region it is within.
        let early = Region<Deck.Video>("video", index: 0, within: power, .plays, initial: .buffering)
        let late = Region<Deck.Power>("power", index: 1, initial: .off, children: [.on: [.idle, .plays]])
        #expect(problem([early, late]) != nil)
        // Out of document order: `light` (at the top) between `power` and a region within it.
        let light = Region<Deck.Light>("light", index: 1, initial: .dim)
        let video = Region<Deck.Video>("video", index: 2, within: power, .plays, initial: .buffering)
        #expect(
            problem([power, light, video])
                == .invalidNesting(
                    region: "video",
                    problem:
                        "it is listed after 'light' but comes before it in the machine; list regions in document order, each nested region right after the regions before it in its parent"
                ))
    }
}
