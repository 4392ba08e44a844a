import MachineCore
import Testing

/// The static checks follow the step in nested regions.
@Suite struct HierarchyFindingsTests {
    typealias Deck = Jukebox.Deck
    static let deck = Jukebox.deck
    static let isLoud = Jukebox.isLoud
    static let isQuiet = Guard<Jukebox>("isQuiet") { state, _ in !state.context.loud }

    static let table = TransitionTable<Jukebox>(
        regions: [deck],
        rows: [
            Row("powerOn", in: deck, from: [.off], on: .power, to: .on),
            Row("powerOff", in: deck, from: [.on], on: .power, to: .off),
            Row("play", in: deck, from: [.idle], on: .play, to: .busy),
            Row("pause", in: deck, from: [.playing], on: .pause, to: .paused),
            Row("stopPlaying", in: deck, from: [.playing], on: .stop, to: .idle),
            Row("stopPaused", in: deck, from: [.paused], on: .stop, to: .idle),
            // Every leaf of busy has its own unguarded stop row: this one never fires.
            Row("stopBusy", in: deck, from: [.busy], on: .stop, to: .idle),
            // Two guarded rows of on: a pair at on's depth, found once, not once per leaf.
            Row("tickLoud", in: deck, from: [.on], on: .tick, when: isLoud),
            Row("tickQuiet", in: deck, from: [.on], on: .tick, when: isQuiet),
            // A guarded row of playing and a row of on are not a pair: the inner one wins by design.
            Row("tickPlaying", in: deck, from: [.playing], on: .tick, when: isLoud),
        ])

    @Test func findingsFollowTheHierarchy() {
        let findings = Self.table.listing.findings
        #expect(findings.contains(.unreachableState(region: "deck", state: "broken")))
        #expect(!findings.contains(.unreachableState(region: "deck", state: "busy")))
        #expect(!findings.contains(.unreachableState(region: "deck", state: "paused")))
        #expect(!findings.contains(.deadEnd(region: "deck", state: "broken")), "powerOff, a row of on, leaves broken")
        #expect(
            !findings.contains { if case .deadEnd(_, "on") = $0 { true } else { false } }, "compound states are not dead ends")
        #expect(
            findings.contains(
                .neverFires(
                    row: "stopBusy",
                    reason: "stopPaused, stopPlaying has no guard and overrides it from a state inside its source")))
        let pairs = findings.filter { if case .nondeterministic = $0 { true } else { false } }
        #expect(pairs == [.nondeterministic(region: "deck", state: "on", event: "tick", rows: ["tickLoud", "tickQuiet"])])
    }

    @Test func theJukeboxIsReachableThroughHistoryAndDefaults() {
        let findings = Jukebox.table.listing.findings
        #expect(!findings.contains { if case .unreachableState = $0 { true } else { false } })
    }
}
