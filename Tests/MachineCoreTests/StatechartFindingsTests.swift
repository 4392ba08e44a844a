import MachineCore
import StatechartFixtures
import Testing

/// A relay for the static checks of the statechart triggers: each test builds a small table of
/// its own from one set of states, starting in `idle`.
enum Relay: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case go, stop, tick, tock
        var kind: Event { self }
    }
    enum Timer: Int, IndexedCase { case ticker, tocker }
    static func event(firing timer: Timer) -> Event { timer == .ticker ? .tick : .tock }

    enum State: Int, ControlState { case idle, a, b, c, d, d1, d2, h, h1, h2, x }
    static let relay = Region<State>(
        "relay", index: 0, initial: .idle, final: [.x, .h2], children: [.d: [.d1, .d2], .h: [.h1, .h2]])

    static let isOn = Guard<Relay>("isOn") { state, _ in state.context > 0 }
    static let isOff = Guard<Relay>("isOff") { state, _ in state.context == 0 }

    /// The findings of a table of `rows`, guards `isOn` and `isOff` declared exclusive when asked.
    static func findings(_ rows: [Row<Relay>], exclusive: Bool = false) -> [TableFinding] {
        TransitionTable<Relay>(
            regions: [relay], rows: rows, exclusive: exclusive ? [ExclusiveGuards(isOn, isOff)] : []
        ).listing.findings
    }
}

@Suite("Static checks of the statechart triggers") struct StatechartFindingsTests {
    typealias R = Relay
    static let relay = Relay.relay

    @Test func theLinkHasNoFinding() {
        #expect(Link.table.listing.findings.isEmpty, "\(Link.table.listing.findings)")
    }

    @Test func eventlessRowsWithoutGuardsInACircleAreACycle() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("ab", in: Self.relay, from: [.a], always: nil, to: .b),
            Row("ba", in: Self.relay, from: [.b], always: nil, to: .a),
            Row("stop", in: Self.relay, from: [.a, .b], on: .stop, to: .x),
        ])
        let cycles = findings.filter { if case .eventlessCycle = $0 { true } else { false } }
        #expect(cycles == [.eventlessCycle(region: "relay", states: ["a", "b"], rows: ["ab", "ba"])])
        #expect(cycles.first?.description == "eventless cycle: in relay, ab, ba have no guard and lead a → b → a forever")
        // Neither state is ever stood in: the stop row never fires.
        #expect(findings.contains(.neverFires(row: "stop", reason: "ab, ba has no guard and no event, and leaves first")))
    }

    @Test func anEventlessRowWithoutAGuardThatStaysIsACycleOfOne() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("spin", in: Self.relay, from: [.a], always: nil),
            Row("stop", in: Self.relay, from: [.a], on: .stop, to: .x),
        ])
        #expect(findings.contains(.eventlessCycle(region: "relay", states: ["a"], rows: ["spin"])))
        #expect(
            findings.first { if case .eventlessCycle = $0 { true } else { false } }?.description
                == "eventless cycle: in relay, spin has no guard and leads a → a forever")
    }

    @Test func anInternalEventlessRowIntoItsOwnStateIsACycleOfOne() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .d),
            Row("churn", in: Self.relay, from: [.d], always: nil, to: .d, internal: true),
            Row("next", in: Self.relay, from: [.d1], on: .go, to: .d2),
            Row("stop", in: Self.relay, from: [.d], on: .stop, to: .x),
        ])
        #expect(findings.contains(.eventlessCycle(region: "relay", states: ["d1"], rows: ["churn"])))
        #expect(!findings.contains { if case .eventlessCycle(_, ["d2"], _) = $0 { true } else { false } }, "d2 is left")
    }

    @Test func guardedEventlessRowsAndEntriesByHistoryAreNoSureCycle() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("ab", in: Self.relay, from: [.a], always: R.isOn, to: .b),
            Row("ba", in: Self.relay, from: [.b], always: nil, to: .a),
            Row("enter", in: Self.relay, from: [.a], on: .go, to: .d),
            Row("back", in: Self.relay, from: [.d], always: nil, to: .d, history: .shallow),
            Row("stop", in: Self.relay, from: .any, on: .stop, to: .x),
        ])
        #expect(!findings.contains { if case .eventlessCycle = $0 { true } else { false } }, "\(findings)")
    }

    @Test func anEventlessRowIsAWayOut() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("pass", in: Self.relay, from: [.a], always: R.isOn, to: .x),
        ])
        #expect(!findings.contains(.deadEnd(region: "relay", state: "a")), "\(findings)")
    }

    @Test func aTimersEventHandledOnlyByADelayedRowIsHandled() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("timeout", in: Self.relay, from: [.a], after: .seconds(5), timer: .ticker, to: .x),
        ])
        #expect(!findings.contains(.unhandledEvent("tick")), "\(findings)")
        #expect(findings.contains(.unhandledEvent("tock")))
        #expect(!findings.contains(.deadEnd(region: "relay", state: "a")), "a delayed row is a way out")
    }

    @Test func aDelayedRowAfterARowWithoutAGuardOnItsTimersEventNeverFires() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("early", in: Self.relay, from: [.a], on: .tick, to: .b),
            Row("timeout", in: Self.relay, from: [.a], after: .seconds(5), timer: .ticker, to: .x),
            Row("leave", in: Self.relay, from: [.b], on: .stop, to: .x),
        ])
        #expect(findings.contains(.neverFires(row: "timeout", reason: "early has no guard and comes first")))
    }

    @Test func rowsOfAStateAnEventlessRowLeavesAtOnceNeverFire() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("pass", in: Self.relay, from: [.a], always: nil, to: .b),
            Row("timeout", in: Self.relay, from: [.a], after: .seconds(5), timer: .ticker, to: .x),
            Row("stopA", in: Self.relay, from: [.a], on: .stop, to: .x),
            Row("stopB", in: Self.relay, from: [.b], on: .stop, to: .x),
        ])
        let reason = "pass has no guard and no event, and leaves first"
        #expect(findings.contains(.neverFires(row: "timeout", reason: reason)))
        #expect(findings.contains(.neverFires(row: "stopA", reason: reason)))
        #expect(!findings.contains { if case .neverFires("stopB", _) = $0 { true } else { false } })
        #expect(!findings.contains { if case .neverFires("pass", _) = $0 { true } else { false } })
    }

    /// The runtime takes no eventless row before the first input: the initial state's other
    /// rows can fire then.
    @Test func theInitialStatesRowsFireBeforeItsEventlessRows() {
        let findings = R.findings([
            Row("pass", in: Self.relay, from: [.idle], always: nil, to: .a),
            Row("go", in: Self.relay, from: [.idle], on: .go, to: .x),
            Row("stop", in: Self.relay, from: [.a], on: .stop, to: .x),
        ])
        #expect(!findings.contains { if case .neverFires("go", _) = $0 { true } else { false } }, "\(findings)")
    }

    @Test func aDoneRowWhoseStateNeverReachesAFinalChildNeverFires() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .h),
            Row("hDone", in: Self.relay, done: .h, to: .x),
            Row("leave", in: Self.relay, from: [.h], on: .stop, to: .x),
        ])
        #expect(findings.contains(.neverFires(row: "hDone", reason: "no row leads to a final child of h")))
        #expect(findings.contains(.unreachableState(region: "relay", state: "h2")))
    }

    @Test func aDoneRowLeavesOnlyTheFinalChildren() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .h),
            Row("finish", in: Self.relay, from: [.h1], on: .go, to: .h2),
            Row("hDone", in: Self.relay, done: .h, to: .x),
        ])
        #expect(!findings.contains(.deadEnd(region: "relay", state: "h2")), "its done row leaves it")
        #expect(!findings.contains { if case .neverFires = $0 { true } else { false } }, "\(findings)")

        let stuck = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .h),
            Row("hDone", in: Self.relay, done: .h, to: .x),
        ])
        #expect(stuck.contains(.deadEnd(region: "relay", state: "h1")), "h's done row cannot leave h1")
        #expect(stuck.contains(.neverFires(row: "hDone", reason: "no row leads to a final child of h")))
    }

    @Test func aFinalChildWithNoWayOutIsADeadEnd() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .h),
            Row("finish", in: Self.relay, from: [.h1], on: .go, to: .h2),
        ])
        #expect(findings.contains(.deadEnd(region: "relay", state: "h2")), "only a final state at the top ends the machine")
        #expect(!findings.contains(.deadEnd(region: "relay", state: "x")))
    }

    @Test func eventlessRowsCompeteWithEachOtherNotWithEvents() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("leave", in: Self.relay, from: [.a], on: .stop, to: .x),
            Row("on", in: Self.relay, from: [.a], always: R.isOn, to: .b),
            Row("off", in: Self.relay, from: [.a], always: R.isOff, to: .c),
            Row("stopB", in: Self.relay, from: [.b, .c], on: .stop, to: .x),
        ])
        #expect(!findings.contains { if case .neverFires = $0 { true } else { false } }, "\(findings)")
        let pair = TableFinding.nondeterministic(region: "relay", state: "a", event: "always", rows: ["on", "off"])
        #expect(findings.contains(pair))
        #expect(
            pair.description
                == "non-deterministic: in relay.a, 'always' enables on and off, whose guards are not declared exclusive")
        let declared = R.findings(
            [
                Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
                Row("on", in: Self.relay, from: [.a], always: R.isOn, to: .b),
                Row("off", in: Self.relay, from: [.a], always: R.isOff, to: .c),
                Row("stopB", in: Self.relay, from: [.b, .c], on: .stop, to: .x),
            ], exclusive: true)
        #expect(!declared.contains { if case .nondeterministic = $0 { true } else { false } }, "\(declared)")
    }

    @Test func aGuardedEventlessRowAfterOneWithoutAGuardNeverFires() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .a),
            Row("first", in: Self.relay, from: [.a], always: nil, to: .b),
            Row("second", in: Self.relay, from: [.a], always: R.isOn, to: .c),
            Row("stop", in: Self.relay, from: [.b, .c], on: .stop, to: .x),
        ])
        #expect(findings.contains(.neverFires(row: "second", reason: "first has no guard and comes first")))
    }

    @Test func doneRowsOfOneStateArePairs() {
        let findings = R.findings([
            Row("start", in: Self.relay, from: [.idle], on: .go, to: .h),
            Row("finish", in: Self.relay, from: [.h1], on: .go, to: .h2),
            Row("doneOn", in: Self.relay, done: .h, when: R.isOn, to: .x),
            Row("doneOff", in: Self.relay, done: .h, when: R.isOff, to: .a),
            Row("leave", in: Self.relay, from: [.a], on: .stop, to: .x),
        ])
        #expect(
            findings.contains(
                .nondeterministic(region: "relay", state: "h", event: "done.state.h", rows: ["doneOn", "doneOff"])))
    }
}
