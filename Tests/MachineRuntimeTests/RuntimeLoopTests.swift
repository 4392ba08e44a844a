import MachineCore
import MachineRuntime
import Testing

/// A metronome whose tick restarts itself: with a period of zero it would tick forever without
/// time passing, which the runtime stops.
enum Metronome: MachineDefinition {
    struct Context: Equatable, Sendable {
        var period: Duration
        var ticks = 0
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case start, tick
        var kind: Event { self }
    }

    enum Timer: Int, IndexedCase { case tick }
    static func event(firing timer: Timer) -> Event { .tick }

    enum Beat: Int, ControlState { case still, ticking }
    static let beat = Region<Beat>("beat", index: 0, initial: .still)

    static let table = TransitionTable<Metronome>(
        regions: [beat],
        rows: [
            Row("start", in: beat, from: [.still], on: .start, to: .ticking) { context, _, out in
                out.startTimer(.tick, after: context.period)
            },
            Row("tick", in: beat, from: [.ticking], on: .tick) { context, _, out in
                context.ticks += 1
                out.startTimer(.tick, after: context.period)
            },
        ])

    static func runtime(period: Duration) -> Runtime<Metronome> {
        Runtime(table: table, state: table.initialState(context: Context(period: period)))
    }
}

@Suite("Runtime loops") struct RuntimeLoopTests {
    @Test func aTimerRestartedForZeroIsStoppedAfterTenThousandFirings() throws {
        var runtime = Metronome.runtime(period: .zero)
        _ = try runtime.send(.start)
        #expect(throws: RuntimeError.timerLoop(timer: "tick", steps: 10_000)) { _ = try runtime.advance(by: .seconds(1)) }
        // The firings until then stand; the timer is left running, unfired, and the clock where it was.
        #expect(runtime.state.context.ticks == 10_000)
        #expect(runtime.timers.map(\.timer) == [.tick])
        #expect(runtime.state.work.timers.contains(.tick))
        #expect(runtime.now == .zero)
        #expect(
            RuntimeError.timerLoop(timer: "tick", steps: 10_000).description
                == "tick fell due 10000 times at one instant; the machine restarts it for zero when it fires")
    }

    @Test func aTimerRestartedForAMillisecondIsNoLoop() throws {
        var runtime = Metronome.runtime(period: .milliseconds(1))
        _ = try runtime.send(.start)
        let steps = try runtime.advance(by: .seconds(20))
        #expect(steps.count == 20_000)
        #expect(runtime.state.context.ticks == 20_000)
        #expect(runtime.now == .seconds(20))
    }
}
