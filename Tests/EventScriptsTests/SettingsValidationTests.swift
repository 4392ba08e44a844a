import EventScripts
import ScriptTestSupport
import Testing

/// `given` values a vocabulary refuses make a script invalid, with the file, line and column of
/// the value and what was expected; values it accepts set the context.
@Suite("Settings given by scripts") struct SettingsValidationTests {
    @Test("Settings are set with given and keep their initial values without it")
    func settings() throws {
        let configured = try harness.program("given limit 3\ngiven pause 1.5s").initialState.context
        #expect(configured.limit == 3)
        #expect(configured.pause == .milliseconds(1500))
        let defaults = try harness.program("send closed").initialState.context
        #expect(defaults == SearchBox.Context())
    }

    @Test(
        "The bounds themselves are valid",
        arguments: [
            "given limit 1", "given limit 100", "given pause 0ms", "given pause 60min",
        ])
    func boundsAreValid(_ line: String) {
        #expect(harness.error(line + "\nsend closed") == nil, "\(line)")
    }

    @Test(
        "A setting the vocabulary refuses is invalid where its value is written, saying what was expected",
        arguments: [
            ("given limit 0", "expected a whole number from 1 to 100, found 0"),
            ("given limit -3", "expected a whole number from 1 to 100, found -3"),
            ("given limit 4294967296", "expected a whole number from 1 to 100, found 4294967296"),
            ("given pause -5ms", "expected a duration from 0ms to 60min, found -5ms"),
            ("given pause 3600.001s", "expected a duration from 0ms to 60min, found 3600001ms"),
        ])
    func refused(line: String, message: String) {
        expectInvalid(line + "\nsend closed", at: 1, 13, message)
    }

    @Test("A whole number written with a fraction is invalid")
    func wholeNumbersHaveNoFraction() {
        expectInvalid("given limit 2.5", at: 1, 13, "expected a whole number, found a number with a fraction")
        expectInvalid("given limit 3.0", at: 1, 13, "expected a whole number, found a number with a fraction")
    }

    @Test("A whole number past 2^53, which no Double holds exactly, is invalid, not rounded")
    func wholeNumbersAreExact() {
        expectInvalid("given limit 9007199254740993", at: 1, 13, "found a whole number too large to be exact")
        expectInvalid("given limit -99999999999999999999", at: 1, 13, "found a whole number too large to be exact")
    }

    @Test(
        "A setting of the wrong type is invalid",
        arguments: [
            ("given pause 300", "expected a duration such as 300ms, found a number"),
            ("given limit 2ms", "expected a whole number, found a duration"),
            ("given limit \"3\"", "expected a whole number, found the string \"3\""),
        ])
    func wrongType(line: String, message: String) {
        expectInvalid(line, at: 1, 13, message)
    }

    @Test("A field the vocabulary cannot set cannot be given")
    func derivedFieldsCannotBeGiven() {
        expectInvalid("given searches 3", at: 1, 7, "'searches' is derived and cannot be given")
    }

    @Test("The error names the file, line and column")
    func errorIsLocated() {
        let error = harness.error("machine search-box\ngiven pause 1s\ngiven limit 0\nsend closed")
        #expect(
            error?.description.hasPrefix("test.events:3:13: error: expected a whole number from 1 to 100, found 0") == true,
            "\(String(describing: error))")
    }

    @Test("A script with a refused setting does not run at all")
    func refusedSettingIsInvalid() {
        let (outcome, transcript) = harness.replay("given pause -5ms\nsend typed(\"a\")\nadvance 0ms")
        guard case .invalid(let error) = outcome else {
            Issue.record("expected the script to be invalid: \(outcome)\n\(transcript)")
            return
        }
        #expect(error.location == EventScripts.ScriptLocation(line: 1, column: 13))
        #expect(outcome.exitCode == 2)
    }
}
