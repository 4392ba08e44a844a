import MachineCore
import MachineRuntime
import MachineTesting
import Testing

/// A machine that makes no requests and answers itself: entering `waiting` sends `pong` through
/// the live runtime that runs it, from within the entry action.
enum Echo: MachineDefinition {
    struct Context: Equatable, Sendable {
        var log: [String] = []
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case ping, pong
        var kind: Self { self }
    }

    enum Phase: Int, ControlState { case idle, waiting, answered }
    static let phase = Region<Phase>("phase", index: 0, initial: .idle)

    /// The live runtime the entry action sends through.
    @MainActor static let relay = Relay()

    @MainActor final class Relay {
        var live: LiveRuntime<Echo, ManualClock>?
        var error: RuntimeError?
    }

    static let table = TransitionTable<Echo>(
        regions: [phase],
        rows: [
            Row("ping", in: phase, from: [.idle], on: .ping, to: .waiting),
            Row("pong", in: phase, from: [.waiting], on: .pong, to: .answered),
        ],
        stateActions: [
            StateActions(
                in: phase, .waiting,
                entry: { context, _, _ in
                    context.log.append("entered waiting")
                    MainActor.assumeIsolated {
                        do throws(RuntimeError) { try relay.live?.send(.pong) } catch { relay.error = error }
                    }
                })
        ])
}

@Suite struct LiveRuntimeActionTests {
    /// Defect: `send` read the runtime's table while the input in progress held the runtime, and
    /// the process stopped on an exclusivity violation ("Simultaneous accesses"). A send from an
    /// action is queued, as one from a callback is, and handled once the input is.
    @Test @MainActor func aSendFromAnEntryActionIsQueuedAndHandledAfterTheInput() throws {
        let live = LiveRuntime(
            runtime: Runtime(table: Echo.table, state: Echo.table.initialState(context: .init())), clock: ManualClock()
        ) { _ in }
        var causes: [String] = []
        live.onStep = { step in
            if case .event(let event) = step.cause { causes.append("\(event)") }
        }
        Echo.relay.live = live
        defer { Echo.relay.live = nil }
        try live.send(.ping)
        #expect(Echo.relay.error == nil)
        #expect(causes == ["ping", "pong"])
        #expect(live.state[Echo.phase] == .answered)
        live.stop()
    }
}
