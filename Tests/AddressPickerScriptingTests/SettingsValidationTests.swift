import AddressPicker
import EventScripts
import ScriptTestSupport
import Testing

/// `given` settings out of their range make a script invalid, with the file, line and column of
/// the value and what was expected; values in range set the configuration.
@Suite("Settings given by scripts") struct SettingsValidationTests {
    @Test("The request policies are set with given and are off without it")
    func requestPolicies() throws {
        let configured = try harness.program(
            """
            given minimumQueryLength 3
            given completionCache 2
            given geocodeInterval 1.5s
            """
        ).initialState.context.configuration
        #expect(configured.minimumQueryLength == 3)
        #expect(configured.completionCache == 2)
        #expect(configured.geocodeInterval == .milliseconds(1500))

        let defaults = try harness.program("send appeared").initialState.context.configuration
        #expect(defaults == AddressPicker.Configuration())
        #expect(defaults.minimumQueryLength == 1 && defaults.completionCache == 0 && defaults.geocodeInterval == .zero)
    }

    /// Defect: a setting out of range was checked after every line, so a type error on a later
    /// line was reported instead, and the range error came without its line and caret.
    @Test func aSettingOutOfRangeIsReportedAtItsLineBeforeLaterErrors() throws {
        let error = try #require(harness.error("given searchDebounce 99999min\nsend queryChanged(3)"))
        #expect(error.location == ScriptLocation(line: 1, column: 22))
        #expect(error.message.contains("expected a duration from 0ms to 1440min (24 hours)"))
        #expect(error.sourceLine == "given searchDebounce 99999min")
        #expect(error.description.hasSuffix("\n    given searchDebounce 99999min\n                         ^"))
    }

    @Test(
        "The bounds themselves are valid",
        arguments: [
            "given minimumQueryLength 1", "given minimumQueryLength 2147483647",
            "given completionCache 0", "given completionCache 2147483647",
            "given geocodeInterval 0ms", "given geocodeInterval 1440min",
            "given searchDebounce 0ms", "given regionDebounce 86400s",
            "given duplicateDistance 0", "given duplicateDistance 20015087",
            "given locationSpan span(180, 360)", "given locationSpan span(0.0001, 0.0001)",
        ])
    func boundsAreValid(_ line: String) {
        #expect(harness.error(line + "\nsend appeared") == nil, "\(line)")
    }

    @Test(
        "A setting out of range is invalid where its value is written, saying what was expected",
        arguments: [
            ("given minimumQueryLength 0", 26, "expected a whole number from 1 to 2147483647 for minimumQueryLength, found 0"),
            ("given minimumQueryLength -3", 26, "expected a whole number from 1 to 2147483647 for minimumQueryLength, found -3"),
            (
                "given minimumQueryLength 2147483648", 26,
                "expected a whole number from 1 to 2147483647 for minimumQueryLength, found 2147483648"
            ),
            ("given completionCache -1", 23, "expected a whole number from 0 to 2147483647 for completionCache, found -1"),
            (
                "given completionCache 4294967296", 23,
                "expected a whole number from 0 to 2147483647 for completionCache, found 4294967296"
            ),
            (
                "given geocodeInterval -1s", 23,
                "expected a duration from 0ms to 1440min (24 hours) for geocodeInterval, found -1s"
            ),
            (
                "given geocodeInterval 1441min", 23,
                "expected a duration from 0ms to 1440min (24 hours) for geocodeInterval, found 1441min"
            ),
            (
                "given searchDebounce -5ms", 22,
                "expected a duration from 0ms to 1440min (24 hours) for searchDebounce, found -5ms"
            ),
            (
                "given regionDebounce 86400.001s", 22,
                "expected a duration from 0ms to 1440min (24 hours) for regionDebounce, found 86400001ms"
            ),
            (
                "given duplicateDistance -1", 25,
                "expected a distance in metres from 0 to 20015087 (half the Earth's circumference) for duplicateDistance, found -1.0"
            ),
            (
                "given duplicateDistance 20015087.5", 25,
                "expected a distance in metres from 0 to 20015087 (half the Earth's circumference) for duplicateDistance, found 20015087.5"
            ),
            (
                "given locationSpan span(0, 0.05)", 20,
                "expected a span whose latitudeDelta is above 0 and at most 180 and whose longitudeDelta is above 0 and at most 360 for locationSpan, found span(0.0, 0.05)"
            ),
            ("given locationSpan span(0.05, -0.05)", 20, "for locationSpan, found span(0.05, -0.05)"),
            ("given locationSpan span(180.5, 1)", 20, "for locationSpan, found span(180.5, 1.0)"),
            ("given locationSpan span(1, 360.5)", 20, "for locationSpan, found span(1.0, 360.5)"),
        ])
    func outOfRange(line: String, column: Int, message: String) {
        expectInvalid(line + "\nsend appeared", at: 1, column, message)
    }

    @Test(
        "A whole-number setting written with a fraction is invalid",
        arguments: [
            ("given minimumQueryLength 2.5", 26), ("given completionCache 3.0", 23),
        ])
    func wholeNumbersHaveNoFraction(line: String, column: Int) {
        expectInvalid(line, at: 1, column, "expected a whole number, found a number with a fraction")
    }

    @Test(
        "A setting of the wrong type is invalid",
        arguments: [
            ("given geocodeInterval 300", 23, "expected a duration such as 300ms, found a number"),
            ("given completionCache 2ms", 23, "expected a whole number, found a duration"),
            ("given minimumQueryLength \"3\"", 26, "expected a whole number, found the string \"3\""),
        ])
    func wrongType(line: String, column: Int, message: String) {
        expectInvalid(line, at: 1, column, message)
    }

    @Test("cachedQueries is kept by the machine and cannot be given")
    func cachedQueriesCannotBeGiven() {
        expectInvalid("given cachedQueries [\"Apple\"]", at: 1, 7, "'cachedQueries' is derived and cannot be given")
    }

    @Test("The error names the file, line and column")
    func errorIsLocated() {
        let error = harness.error("machine address-picker\ngiven completionCache 2\ngiven minimumQueryLength 0\nsend appeared")
        #expect(
            error?.description.hasPrefix(
                "test.events:3:26: error: expected a whole number from 1 to 2147483647 for minimumQueryLength, found 0") == true,
            "\(String(describing: error))")
    }

    @Test("A negative debounce no longer runs the clock backwards: the script does not run at all")
    func negativeDebounceIsInvalid() {
        let (outcome, transcript) = harness.replay(
            "given searchDebounce -5ms\nsend searchActivated\nsend queryChanged(\"a\")\nadvance 0ms")
        guard case .invalid(let error) = outcome else {
            Issue.record("expected the script to be invalid: \(outcome)\n\(transcript)")
            return
        }
        #expect(error.location == EventScripts.ScriptLocation(line: 1, column: 22))
        #expect(outcome.exitCode == 2)
    }
}
