import MachineCore
import MachineRuntime
import Testing

/// A connection with a heartbeat while it is connected, whichever child of `connected` it is in.
enum Link: MachineDefinition {
    struct Context: Equatable, Sendable {}

    enum Event: MachineEvent, Equatable {
        case connect, work, rest, disconnect, beat
        enum Kind: Int, IndexedCase { case connect, work, rest, disconnect, beat }
        var kind: Kind {
            switch self {
            case .connect: .connect
            case .work: .work
            case .rest: .rest
            case .disconnect: .disconnect
            case .beat: .beat
            }
        }
    }

    enum Timer: Int, IndexedCase { case heartbeat }
    static func event(firing timer: Timer) -> Event { .beat }

    enum State: Int, ControlState { case offline, connected, idle, busy }
    static let line = Region<State>("line", index: 0, initial: .offline, children: [.connected: [.idle, .busy]])

    static let table = TransitionTable<Link>(
        regions: [line],
        rows: [
            Row("connect", in: line, from: [.offline], on: .connect, to: .connected) { _, _, out in
                out.startTimer(.heartbeat, after: .seconds(1))
            },
            Row("work", in: line, from: [.idle], on: .work, to: .busy),
            Row("rest", in: line, from: [.busy], on: .rest, to: .idle),
            Row("beat", in: line, from: [.connected], on: .beat) { _, _, out in out.startTimer(.heartbeat, after: .seconds(1)) },
            Row("disconnect", in: line, from: [.connected], on: .disconnect, to: .offline) { _, _, out in
                out.cancelTimer(.heartbeat)
            },
        ])
}

/// The helpers that take a state read a compound state as the states inside it.
@Suite struct CompoundStateInvariantTests {
    /// Defect: the helper compared the leaf with `==`, so a heartbeat running in `connected`'s
    /// child `idle` was a violation after two moves.
    @Test func aTimerTiedToACompoundStateRunsInEachOfItsLeaves() throws {
        let invariant = Invariant<Link>.timer(.heartbeat, onlyIn: Link.line, .connected)
        var runtime = Runtime(table: Link.table, state: Link.table.initialState(context: .init()))
        #expect(invariant.violation(Observation(of: runtime)) == nil)
        for input: Input<Link> in [.send(.connect), .send(.work), .advance(.seconds(1)), .send(.rest)] {
            let before = runtime
            let steps = try runtime.apply(input)
            #expect(invariant.violation(Observation(input: input, before: before, after: runtime, steps: steps)) == nil)
        }
        _ = try runtime.send(.disconnect)
        #expect(invariant.violation(Observation(of: runtime)) == nil)
    }

    /// The helper still catches a timer running outside the compound state.
    @Test func aTimerOutsideItsCompoundStateIsAViolation() throws {
        let invariant = Invariant<Link>.timer(.heartbeat, onlyIn: Link.line, .busy)
        var runtime = Runtime(table: Link.table, state: Link.table.initialState(context: .init()))
        _ = try runtime.send(.connect)
        #expect(invariant.violation(Observation(of: runtime)) == "heartbeat runs while line is idle")
    }

    /// Setting a region to a compound state puts it in the state's initial leaf, as entering it
    /// does: a region is always in a leaf.
    @Test func settingACompoundStateEntersItsInitialLeaf() {
        var state = Link.table.initialState(context: .init())
        state[Link.line] = .connected
        #expect(state[Link.line] == .idle)
        #expect(state.isIn(.connected, of: Link.line))
        state[Link.line] = .busy
        #expect(state[Link.line] == .busy)
    }
}
