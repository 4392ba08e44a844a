import MachineCore
import StatechartFixtures
import Testing

/// A studio for the static checks of parallel states, rows on event descriptors and the start:
/// while `desk` is `on`, regions `mic` and `light` run within it.
enum Studio: MachineDefinition {
    typealias Context = Int
    enum Event: Int, MachineEvent, IndexedCase {
        case power, mute, bright, fault, errorDisk, errorNet
        var kind: Event { self }
        var name: String {
            switch self {
            case .errorDisk: "error.disk"
            case .errorNet: "error.net"
            default: String(describing: self)
            }
        }
    }

    enum Desk: Int, ControlState { case off, on, broken }
    enum Mic: Int, ControlState { case open, muted, dead }
    enum Light: Int, ControlState { case dim, bright }

    static let desk = Region<Desk>("desk", index: 0, initial: .off)
    static let mic = Region<Mic>("mic", index: 1, within: desk, .on, initial: .open, final: [.dead])
    static let light = Region<Light>("light", index: 2, within: desk, .on, initial: .dim, final: [.bright])

    static let isOn = Guard<Studio>("isOn") { state, _ in state.context > 0 }

    /// The rows every test starts from: power on and off, the mic and the light.
    static let base: [Row<Studio>] = [
        Row("powerOn", in: desk, from: [.off], on: .power, to: .on),
        Row("powerOff", in: desk, from: [.on], on: .power, to: .off),
        Row("mute", in: mic, from: [.open], on: .mute, to: .muted),
        Row("die", in: mic, from: [.muted], on: .fault, to: .dead),
        Row("brighten", in: light, from: [.dim], on: .bright, to: .bright),
    ]

    static func findings(
        _ extra: [Row<Studio>], without: Set<String> = [], actions: [StateActions<Studio>] = []
    )
        -> [TableFinding]
    {
        TransitionTable<Studio>(
            regions: [desk, mic, light], rows: base.filter { !without.contains($0.id) } + extra, stateActions: actions
        ).listing.findings
    }
}

@Suite("Static checks of parallel states") struct ParallelFindingsTests {
    typealias S = Studio

    @Test func theMixerHasNoFinding() {
        #expect(Mixer.table.listing.findings.isEmpty, "\(Mixer.table.listing.findings)")
    }

    /// A final state at the top of a region within a state makes the region done: it is no dead
    /// end. A state with no row of its own region out of it is none either while a row leaves
    /// the state its region is within.
    @Test func aNestedRegionsFinalStateAndAStateItsParentLeavesAreNoDeadEnds() {
        let findings = S.findings([Row("errors", in: S.desk, from: .any, on: "error", to: .off)])
        #expect(!findings.contains { if case .deadEnd = $0 { true } else { false } }, "\(findings)")
        let stuck = S.findings([], without: ["powerOff"])
        #expect(stuck.contains(.deadEnd(region: "desk", state: "on")))
        #expect(stuck.contains(.deadEnd(region: "mic", state: "dead")) == false)
    }

    /// A region within a state no row reaches is unreachable through and through.
    @Test func theStatesOfARegionWithinAnUnreachableStateAreUnreachable() {
        let findings = S.findings([Row("unused", in: S.desk, from: .any, on: "error.disk")], without: ["powerOn"])
        for (region, state) in [("desk", "on"), ("mic", "open"), ("light", "dim"), ("light", "bright")] {
            #expect(findings.contains(.unreachableState(region: region, state: state)), "\(region).\(state)")
        }
    }

    /// A parallel state is done when every region within it is in a final state at its top: a
    /// done row waits for ever when one region never gets there.
    @Test func aDoneRowOfAParallelStateNeverFiresWhenARegionNeverEnds() {
        let done = Row<Studio>("wrapUp", in: S.desk, done: .on, to: .off)
        #expect(!S.findings([done]).contains { if case .neverFires = $0 { true } else { false } })
        #expect(
            S.findings([done], without: ["die"]).contains(
                .neverFires(row: "wrapUp", reason: "no row leads mic to a final state at its top")))
    }

    /// A row on a descriptor handles every event it takes, and competes with the rows on them.
    @Test func aRowOnADescriptorHandlesTheEventsItTakesAndCompetesWithTheirRows() {
        let findings = S.findings([Row("errors", in: S.desk, from: .any, on: "error", to: .broken)])
        #expect(!findings.contains { if case .unhandledEvent(let name) = $0 { name.hasPrefix("error") } else { false } })
        #expect(findings.contains(.unhandledEvent("fault")) == false)
        let shadowed = S.findings([
            Row("disk", in: S.desk, from: [.on], on: .errorDisk, to: .broken),
            Row("net", in: S.desk, from: [.on], on: .errorNet, to: .broken),
            Row("errors", in: S.desk, from: [.on], on: "error", to: .off),
        ])
        #expect(shadowed.contains(.neverFires(row: "errors", reason: "disk, net has no guard and comes first")))
        let guarded = S.findings([
            Row("disk", in: S.desk, from: [.on], on: .errorDisk, when: S.isOn, to: .broken),
            Row("errors", in: S.desk, from: [.on], on: "error", when: S.isOn, to: .off),
        ])
        #expect(guarded.contains(.nondeterministic(region: "desk", state: "on", event: "error.disk", rows: ["disk", "errors"])))
    }

    /// A machine without a start event starts without running its initial states' closures:
    /// `check` says what is left out; the start event itself needs no row.
    @Test func aStartWithoutAnEventSaysWhatItLeavesOut() {
        let entry = StateActions<Studio>(in: S.desk, .off, entry: { context, _, _ in context += 1 })
        let findings = S.findings([Row("errors", in: S.desk, from: .any, on: "error", to: .off)], actions: [entry])
        #expect(findings.contains(.startSkips(["the entry action of desk.off"])), "\(findings)")
        #expect(
            TableFinding.startSkips(["the entry action of desk.off"]).description
                == "start without an event: the machine declares no startEvent, so its start runs none of the entry action of desk.off (declare `static let startEvent: Event? = ...`)"
        )
        #expect(!Mixer.table.listing.findings.contains(.unhandledEvent("start")), "the mixer's start event needs no row")
    }

    /// An internal row to its own source, or from a state without children, acts as an external
    /// one (SCXML): `check` says so.
    @Test func anInternalRowThatActsExternalIsAFinding() {
        let findings = S.findings([Row("stay", in: S.desk, from: [.broken], on: .fault, to: .broken, internal: true)])
        #expect(findings.contains(.internalActsExternal(row: "stay")), "\(findings)")
        #expect(!Mixer.table.listing.findings.contains { if case .internalActsExternal = $0 { true } else { false } })
    }
}
