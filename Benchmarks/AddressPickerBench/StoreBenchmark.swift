import AddressPicker
import MachineObservation
import MachineRuntime
import Observation

/// The picker's live session driven through a `MachineStore` with a view observing it, against
/// the same session on the bare `LiveRuntime`: what the store costs per step.
///
/// The view reads the query, the search and map states, the completions and the address, and
/// renders again (reading them again) before the next host event whenever it was notified, as a
/// SwiftUI view re-renders on the next frame. Outputs go to the store's stream, read at the end.
@MainActor
enum StoreBenchmark {
    static func run(runs: Int, cycles: Int) async throws -> Comparison {
        let steps = try await session(cycles: cycles, throughStore: false, countingSteps: true)
        let renders = try await session(cycles: 3, throughStore: true)
        guard renders > 3 else { throw BenchmarkError.mismatch("the store notified its view \(renders) times in 3 cycles") }
        var subject: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<runs {
            subject.append(
                try await RecordingBenchmark.nanoseconds { try await session(cycles: cycles, throughStore: true) }
                    / Double(steps))
            baseline.append(
                try await RecordingBenchmark.nanoseconds { try await session(cycles: cycles, throughStore: false) }
                    / Double(steps))
        }
        return Comparison(
            subject: Measurement(name: "live session through an observed MachineStore", nanosecondsPerOperation: subject),
            baseline: Measurement(name: "live session on the bare LiveRuntime", nanosecondsPerOperation: baseline),
            note: "per step; \(cycles) cycles of 7 host events, \(steps) steps")
    }

    /// Runs a session; returns how many steps it took when `countingSteps`, how many times the
    /// view rendered when `throughStore`, else 0.
    @discardableResult
    static func session(cycles: Int, throughStore: Bool, countingSteps: Bool = false) async throws -> Int {
        let clock = SteppedClock()
        let live = LiveRuntime(
            table: AddressPicker.table, state: AddressPicker.initialState(), clock: clock,
            provider: try PickerSession.perform(), onOutput: { _ in })
        var count = 0
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), throughStore else {
            if countingSteps { live.onStep = { _ in count += 1 } }
            try await PickerSession.run(cycles: cycles, clock: clock, live: live) { try live.send($0) }
            live.stop()
            return count
        }
        let store = MachineStore(runtime: live)
        let view = View()
        func render() {
            view.isStale = false
            count += 1
            withObservationTracking {
                _ = store.query
                _ = store[AddressPicker.search]
                _ = store[AddressPicker.map]
                _ = store.completions
                _ = store.address
            } onChange: { [view] in
                view.isStale = true
            }
        }
        render()
        try await PickerSession.run(cycles: cycles, clock: clock, live: live) { event in
            if view.isStale { render() }
            store.send(event)
        }
        store.stop()
        for await _ in store.outputs {}
        return count
    }

    /// Whether the view must render again.
    final class View: @unchecked Sendable {
        // Unchecked: set and read on the main actor only (observation calls back synchronously).
        var isStale = false
    }
}
