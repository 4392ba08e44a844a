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
        var arrived = true
        await withKnownIssue("the wait times out and records an issue") {
            arrived = await log.waitFor(1, within: .milliseconds(50))
        }
        #expect(!arrived)
        #expect(started.duration(to: clock.now) >= .milliseconds(50))
    }
}
