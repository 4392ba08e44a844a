import EventScripts
import MachineRuntime
import SignIn
import SignInScripting
import Testing

/// Every sample input, written as a script line, reads back as itself: what `sign-in paths`
/// and `sign-in explore` write replays.
@Suite("Sign-in vocabulary") struct VocabularyTests {
    let vocabulary = SignInVocabulary()

    var inputs: [Input<SignIn>] {
        let samples = SignInSamples()
        let answers = [SignIn.Request.sendCode(email: "ada@example.com"), .verifyCode(code: "1")].flatMap { request in
            samples.answers(to: request).map { Input<SignIn>.respond(request.kind, ordinal: nil, $0) }
        }
        return samples.events.map(Input.send) + answers + [.advance(.seconds(30))]
    }

    @Test func everySampleInputReadsBackAsItself() throws {
        let writer = ScriptWriter(vocabulary: vocabulary)
        let lines = inputs.map(writer.statement)
        let read = try ScriptChecker(vocabulary: vocabulary).inputs(
            in: Array(lines.joined(separator: "\n").utf8), file: "samples.events")
        #expect(read == inputs)
        #expect(lines.contains("respond sendCode"))
        #expect(lines.contains("respond verifyCode \"ada\""))
        #expect(lines.contains("fail verifyCode \"wrong code\""))
    }

    @Test func settingsOutOfRangeAreLocatedErrors() {
        let checker = ScriptChecker(vocabulary: vocabulary)
        for (line, message) in [
            ("given maxAttempts 0", "expected a whole number from 1 to 10, found 0"),
            ("given resendCooldown 0ms", "expected a duration from 1s to 60min, found 0ms"),
        ] {
            do {
                _ = try checker.check(Array(line.utf8), file: "bad.events")
                Issue.record("'\(line)' was accepted")
            } catch {
                #expect(error.message == message)
                #expect(
                    error.location
                        == ScriptLocation(line: 1, column: line.split(separator: " ").prefix(2).joined(separator: " ").count + 2))
            }
        }
    }
}
