import MachineCore
import MachineRuntime
import Testing

/// The test helper's own deadline. It waits on the real clock, as every deadline does (briefly).
@Suite(.timeLimit(.minutes(1))) struct StepLogTests {
    /// A wait for a step that never comes fails the test at its deadline: a runtime that loses a
    /// step cannot hang the whole run.
    @Test @MainActor func aStepThatNeverComesFailsTheWaitInsteadOfHangingIt() async {
        let log = StepLog()
        let clock = ContinuousClock()
        let started = clock.now
        var timeouts: [String] = []
        log.reportTimeout = { message, _ in timeouts.append(message) }
        let arrived = await log.waitFor(1, within: .milliseconds(50))
        #expect(!arrived)
        #expect(timeouts == ["timed out after 0.05 seconds waiting for 1 steps; 0 steps:\n  "])
        #expect(started.duration(to: clock.now) >= .milliseconds(50))
    }
}
