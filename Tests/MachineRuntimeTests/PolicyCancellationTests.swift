import MachineRuntime
import MachineTesting
import Testing

/// A policy whose task is cancelled performs nothing more, and cancels every task it started.
@Suite(.timeLimit(.minutes(1))) struct PolicyCancellationTests {
    /// Runs `operation` under the policy named `name`.
    static func run(
        _ name: String, clock: ManualClock, _ operation: @escaping @Sendable () async throws -> String
    ) async throws -> String {
        switch name {
        case "timeout": try await Timeout(.seconds(5), clock: clock).run(operation)
        case "retry": try await RetryPolicy(attempts: 3, seed: 1, clock: clock).run(operation)
        case "rate limit": try await RateLimiter(capacity: 1, refillInterval: .seconds(1), clock: clock).run(operation)
        default: try await withFallback(operation, otherwise: operation)
        }
    }

    /// Defect: a retry (and a timeout's own task) called the operation in a task already
    /// cancelled.
    @Test(arguments: ["timeout", "retry", "rate limit", "fallback"])
    func aPolicyCancelledBeforeItBeginsPerformsNothing(policy: String) async throws {
        let calls = CallCounter()
        let clock = ManualClock()
        let task = Task {
            // Cancelled before the policy runs: nothing may be performed.
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Self.run(policy, clock: clock) {
                await calls.increment()
                return "answer"
            }
        }
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        try await ContinuousClock().sleep(for: .milliseconds(20))
        #expect(await calls.value == 0)
    }

    /// Cancelling the caller's task while the operation runs cancels the operation's task.
    @Test(arguments: ["timeout", "retry", "rate limit", "fallback"])
    func cancellingThePolicyCancelsTheOperation(policy: String) async throws {
        let started = CallCounter()
        let cancelled = CallCounter()
        let clock = ManualClock()
        let task = Task {
            try await Self.run(policy, clock: clock) {
                await started.increment()
                return try await hangUntilCancelled(counting: cancelled)
            }
        }
        await started.wait(for: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        await cancelled.wait(for: 1)
        #expect(await started.value == 1)
    }
}
