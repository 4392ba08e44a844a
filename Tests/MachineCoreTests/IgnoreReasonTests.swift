import Testing

@testable import MachineCore

/// A step result keeps why it fired nothing packed in one word (``IgnoreReason/code``); every
/// reason must come back as it went in, at the largest region and state a machine can have.
@Suite struct IgnoreReasonTests {
    @Test(arguments: [
        IgnoreReason.notAwaited, .noRow, .guardsFailed, .finished(region: 0, state: 0),
        .finished(region: 1, state: 3), .finished(region: 7, state: 255), .finished(region: 7, state: 0),
        .finished(region: 0, state: 255),
    ])
    func aReasonSurvivesItsCode(reason: IgnoreReason) {
        #expect(reason.code != 0)
        #expect(IgnoreReason(code: reason.code) == reason)
    }

    @Test func noCodeIsAStepThatFired() {
        #expect(IgnoreReason(code: 0) == nil)
    }

    @Test func codesDiffer() {
        let reasons: [IgnoreReason] = [
            .notAwaited, .noRow, .guardsFailed, .finished(region: 0, state: 0), .finished(region: 0, state: 1),
            .finished(region: 1, state: 0),
        ]
        #expect(Set(reasons.map(\.code)).count == reasons.count)
    }
}
