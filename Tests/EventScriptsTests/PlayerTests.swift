import AddressPicker
import AddressPickerScripting
import EventScripts
import Testing

@Suite("The player") struct PlayerTests {
    @Test func eachExpectFormPasses() {
        let (outcome, _) = replay("""
            machine address-picker
            send searchActivated
            send queryChanged("Apple")
            expect command startTimer(searchDebounce, 300ms)
            expect commands [startTimer(searchDebounce, 300ms)]
            expect timers == [searchDebounce]
            advance 300ms
            expect pending == [completions]
            send queryChanged("Apples")
            expect command cancel(completions)
            respond completions#1 []
            expect dropped completions#1
            expect ignored
            expect search == debouncing
            """)
        #expect(outcome == .passed(expectations: 8))
    }

    @Test func eachExpectFormFailsAndTheReplayGoesOn() {
        let (outcome, transcript) = replay("""
            send searchActivated
            send queryChanged("Apple")
            expect search == loadingCompletions
            expect command requestCompletions("Apple")
            expect commands []
            expect dropped completions#1
            expect ignored
            expect completions[0].title == "x"
            expect query != "Apple"
            expect region.center ~= center(41, -74)
            expect completions.count > 0
            expect query == "Apple"
            """)
        #expect(outcome == .failed(failures: 9, expectations: 10))
        #expect(transcript.contains("""
            FAILED 3:1 expect search == loadingCompletions
              expected: loadingCompletions
              actual:   debouncing
              line 2 changed:
                state   search: editing → debouncing
                field   query: "" → "Apple"
                field   timers: [] → [searchDebounce]
                command startTimer(searchDebounce, 300ms)
            """))
        #expect(transcript.contains("actual:   no element [0]: the list has 0"))
        #expect(transcript.contains("actual:   completions#1 was never requested"))
        #expect(transcript.contains("FAILED: 9 of 10 expectations failed"))
    }

    @Test func numbersCompareWithinTolerances() {
        let (outcome, _) = replay("""
            given region region(center(40.7, -74.0), span(0.1, 0.1))
            expect region.center.latitude == 40.7000000001
            expect region.center.latitude ~= 40.70009
            expect region.center.latitude != 40.70009
            """)
        #expect(outcome == .passed(expectations: 3))
        #expect(replay("expect region.center.latitude == 40.70001").outcome == .failed(failures: 1, expectations: 1))
        #expect(replay("expect region.center.latitude ~= 40.7002").outcome == .failed(failures: 1, expectations: 1))
    }

    @Test func aPathThroughNilIsNil() {
        #expect(replay("expect address.city == nil").outcome == .passed(expectations: 1))
        #expect(replay("expect searchOrigin.center.latitude == nil").outcome == .passed(expectations: 1))
    }

    @Test func stringsCompareByScalars() {
        // "é" precomposed and decomposed are different strings here: no normalisation.
        let (outcome, _) = replay("""
            send searchActivated
            send queryChanged("\u{E9}")
            expect query == "e\u{301}"
            """)
        #expect(outcome == .failed(failures: 1, expectations: 1))
    }

    @Test func respondingWithoutARequestIsInvalidWhenReached() {
        let (outcome, transcript) = replay("""
            send appeared
            respond address address(city: "A")
            respond address address(city: "B")
            """)
        guard case .invalid(let error) = outcome else {
            Issue.record("expected invalid, got \(outcome)")
            return
        }
        #expect(error.location.line == 3)
        #expect(error.message == "no address request is in flight")
        #expect(transcript.contains("INVALID: test.events:3:1: no address request is in flight"))
    }

    @Test func answeringTwiceOrANeverMadeRequestIsInvalid() {
        guard case .invalid(let twice) = replay("send appeared\nfail address\nfail address#1").outcome else {
            Issue.record("a second answer was accepted")
            return
        }
        #expect(twice.message == "address#1 has already been answered")
        guard case .invalid(let never) = replay("respond completions#4 []").outcome else {
            Issue.record("an answer to a request never made was accepted")
            return
        }
        #expect(never.message == "completions#4 was never requested")
    }

    @Test func theTranscriptShowsEveryPartOfAStep() {
        let (_, transcript) = replay("""
            send appeared
            send regionChanged(region(center(41, -74), span(0.1, 0.1)))
            respond address#1 address(city: "Late")
            advance 499ms
            send completionSelected(0)
            """)
        #expect(transcript == """
            script test.events (machine address-picker)

            @0ms send appeared
              fired   M7.appeared
              state   map: idle → geocoding
              field   referenceCenter: nil → center(40.7, -74.0)
              field   lookupSource: nil → mapCenter
              field   pending: [] → [address]
              command reverseGeocode(center(40.7, -74.0))
            @0ms send regionChanged(region(center(41.0, -74.0), span(0.1, 0.1)), byUser: true)
              fired   M3.moved
              state   map: geocoding → settling
              field   region: region(center(40.7, -74.0), span(0.075, 0.075)) → region(center(41.0, -74.0), span(0.1, 0.1))
              field   pending: [address] → []
              field   timers: [] → [regionDebounce]
              command cancel(address)
              command startTimer(regionDebounce, 500ms)
            @0ms drop address#1 address(city: "Late")
              dropped: cancelled at 0ms
            @499ms advance 499ms: nothing due
            @499ms send completionSelected(0)
              ignored: no row handles it in picker picking, location idle, map settling, search inactive, poi off

            passed: 0 expectations held

            """)
    }

    @Test func ignoredStepsGiveTheirReason() {
        let guards = replay("send searchActivated\nsend queryChanged(\"a\")\nadvance 300ms\nrespond completions []\nsend completionSelected(3)").transcript
        #expect(guards.contains("ignored: guards were false: isOfferedCompletion (C1.selectCompletion)"))
        let finished = replay("""
            send appeared
            respond address address(city: "A")
            send confirmTapped
            send appeared
            """).transcript
        #expect(finished.contains("ignored: the machine is finished (picker is confirmed)"))
    }

    @Test func jsonLinesCarryTheSameEntries() throws {
        let checked = try program("send appeared\nexpect map == idle")
        var sink = JSONTranscript(output: "")
        let outcome = Player(vocabulary: AddressPickerVocabulary()).play(checked, into: &sink)
        let lines = sink.output.split(separator: "\n")
        #expect(outcome == .failed(failures: 1, expectations: 1))
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"type":"script","file":"test.events","machine":"address-picker","givens":[]}"#)
        #expect(lines[1].hasPrefix(#"{"type":"step","time":"0ms","input":"send appeared","fired":["M7.appeared"]"#))
        #expect(lines[2] == #"{"type":"failure","line":2,"column":1,"statement":"expect map == idle","expected":"idle","actual":"geocoding","inputLine":1}"#)
        #expect(lines[3] == #"{"type":"end","outcome":"failed","failures":1,"expectations":1,"exitCode":1}"#)
    }
}
