import Dispatch
import Foundation
import Testing

@testable import MachineTesting

/// The public manual clock: sleepers wake when the clock reaches their deadline, never before,
/// in deadline order, and a cancelled sleeper throws.
@Suite(.timeLimit(.minutes(1))) struct ManualClockTests {
    /// Waits (by yielding, never on a real clock) until `count` tasks sleep on `clock`; the
    /// suite's time limit stops a wait that never ends.
    func waitForSleepers(_ count: Int, on clock: ManualClock) async {
        while clock.sleeperCount < count { await Task.yield() }
    }

    /// A task that sleeps on `clock` until `deadline`, then notes in `log` its deadline and the
    /// time it woke at.
    func sleeper(until deadline: Duration, on clock: ManualClock, into log: WakeLog) -> Task<Void, any Error> {
        Task {
            try await clock.sleep(until: ManualClock.Instant(offset: deadline), tolerance: nil)
            log.note(deadline, at: clock.now.offset)
        }
    }

    /// A sleeper whose task runs on `executor`: sleepers on one serial executor run in the order
    /// the clock wakes them, so the order they note is the clock's.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func sleeper(
        until deadline: Duration, on clock: ManualClock, into log: WakeLog, executor: SerialTaskExecutor
    ) -> Task<Void, any Error> {
        Task(executorPreference: executor) {
            try await clock.sleep(until: ManualClock.Instant(offset: deadline), tolerance: nil)
            log.note(deadline, at: clock.now.offset)
        }
    }

    @Test func aSleeperWakesAtItsDeadlineAndNotBefore() async throws {
        let clock = ManualClock()
        let log = WakeLog()
        let task = sleeper(until: .seconds(1), on: clock, into: log)
        await waitForSleepers(1, on: clock)
        clock.advance(by: .milliseconds(999))
        #expect(clock.now.offset == .milliseconds(999))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        try await task.value
        #expect(clock.sleeperCount == 0)
        #expect(log.deadlines == [.seconds(1)])
        #expect(log.times == [.seconds(1)])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func advancingPastSeveralDeadlinesWakesThemInDeadlineOrder() async throws {
        let clock = ManualClock()
        let log = WakeLog()
        let executor = SerialTaskExecutor()
        var tasks: [Task<Void, any Error>] = []
        for deadline in [Duration.seconds(3), .seconds(1), .seconds(2), .seconds(9), .seconds(2)] {
            tasks.append(sleeper(until: deadline, on: clock, into: log, executor: executor))
            await waitForSleepers(tasks.count, on: clock)
        }
        clock.advance(by: .seconds(5))
        for index in [0, 1, 2, 4] { try await tasks[index].value }
        // Ties wake in the order the sleepers began to sleep.
        #expect(log.deadlines == [.seconds(1), .seconds(2), .seconds(2), .seconds(3)])
        #expect(log.times == Array(repeating: .seconds(5), count: 4))
        #expect(clock.sleeperCount == 1)
        clock.advance(to: ManualClock.Instant(offset: .seconds(9)))
        try await tasks[3].value
        #expect(log.deadlines == [.seconds(1), .seconds(2), .seconds(2), .seconds(3), .seconds(9)])
    }

    @Test func aCancelledSleeperThrowsCancellationError() async {
        let clock = ManualClock()
        let log = WakeLog()
        let task = sleeper(until: .seconds(1), on: clock, into: log)
        await waitForSleepers(1, on: clock)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(2))
        #expect(log.deadlines.isEmpty)
    }

    @Test func aTaskCancelledBeforeItSleepsThrowsAtOnce() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)), tolerance: nil)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aDeadlineAlreadyReachedReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(2))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)), tolerance: nil)
        try await clock.sleep(for: .zero)
        #expect(clock.now.offset == .seconds(2))
        #expect(clock.sleeperCount == 0)
    }

    @Test func theClockNeverGoesBack() {
        let clock = ManualClock()
        clock.advance(by: .seconds(2))
        clock.advance(to: ManualClock.Instant(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(2))
        let issues = capturingTestIssues {
            clock.advance(by: .seconds(-1))
        }
        #expect(issues == ["A ManualClock never goes back: advance(by: -1.0 seconds)"])
        #expect(clock.now.offset == .seconds(2))
    }
}

/// Runs jobs one at a time on a serial queue, in the order they come: tasks that prefer it
/// resume in the order their continuations are resumed.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class SerialTaskExecutor: TaskExecutor {
    let queue = DispatchQueue(label: "ManualClockTests.SerialTaskExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// What the sleepers of a test noted when they woke: their deadline and the clock's time.
final class WakeLog: @unchecked Sendable {
    // Unchecked: `entries` is read and written only under `lock`.
    private let lock = NSLock()
    private var entries: [(deadline: Duration, time: Duration)] = []

    func note(_ deadline: Duration, at time: Duration) {
        lock.withLock { entries.append((deadline, time)) }
    }

    var deadlines: [Duration] { lock.withLock { entries.map(\.deadline) } }
    var times: [Duration] { lock.withLock { entries.map(\.time) } }
}
