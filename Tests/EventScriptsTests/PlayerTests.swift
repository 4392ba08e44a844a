import EventScripts
import ScriptTestSupport
import Testing

@Suite("The player") struct PlayerTests {
    @Test func eachExpectFormPasses() {
        let (outcome, _) = harness.replay(
            """
            machine search-box
            send typed("Apple")
            expect command startTimer(pause, 300ms)
            expect commands [startTimer(pause, 300ms)]
            expect timers == [pause]
            advance 300ms
            expect pending == [hits]
            send typed("Apples")
            expect command cancel(hits)
            respond hits#1 []
            expect dropped hits#1
            expect ignored
            expect search == waiting
            """)
        #expect(outcome == .passed(expectations: 8))
    }

    @Test func eachExpectFormFailsAndTheReplayGoesOn() {
        let (outcome, transcript) = harness.replay(
            """
            send typed("Apple")
            expect search == loading
            expect command find("Apple", area(point(0, 0), size(10, 10)))
            expect commands []
            expect dropped hits#1
            expect ignored
            expect hits[0].title == "x"
            expect query != "Apple"
            expect view.corner ~= point(1, 0)
            expect hits.count > 0
            expect query == "Apple"
            """)
        #expect(outcome == .failed(failures: 9, expectations: 10))
        #expect(
            transcript.contains(
                """
                FAILED 2:1 expect search == loading
                  expected: loading
                  actual:   waiting
                  line 1 changed:
                    state   search: idle → waiting
                    field   query: "" → "Apple"
                    field   timers: [] → [pause]
                    command startTimer(pause, 300ms)
                """))
        #expect(transcript.contains("actual:   no element [0]: the list has 0"))
        #expect(transcript.contains("actual:   hits#1 was never requested"))
        #expect(transcript.contains("FAILED: 9 of 10 expectations failed"))
    }

    @Test func numbersCompareWithinTolerances() {
        let (outcome, _) = harness.replay(
            """
            given view area(point(40.7, -74.0), size(0.1, 0.1))
            expect view.corner.x == 40.7000000001
            expect view.corner.x ~= 40.70009
            expect view.corner.x != 40.70009
            """)
        #expect(outcome == .passed(expectations: 3))
        #expect(harness.replay("expect view.corner.x == 0.00001").outcome == .failed(failures: 1, expectations: 1))
        #expect(harness.replay("expect view.corner.x ~= 0.0002").outcome == .failed(failures: 1, expectations: 1))
    }

    @Test func aPathThroughNilIsNil() {
        #expect(harness.replay("expect chosen.title == nil").outcome == .passed(expectations: 1))
        #expect(harness.replay("expect chosen.tag.name == nil").outcome == .passed(expectations: 1))
    }

    @Test func stringsCompareByScalars() {
        // "é" precomposed and decomposed are different strings here: no normalisation.
        let (outcome, _) = harness.replay(
            """
            send typed("\u{E9}")
            expect query == "e\u{301}"
            """)
        #expect(outcome == .failed(failures: 1, expectations: 1))
    }

    @Test func respondingWithoutARequestIsInvalidWhenReached() {
        let (outcome, transcript) = harness.replay(
            """
            send typed("a")
            advance 300ms
            respond hits []
            respond hits []
            """)
        guard case .invalid(let error) = outcome else {
            Issue.record("expected invalid, got \(outcome)")
            return
        }
        #expect(error.location.line == 4)
        #expect(error.message == "no hits request is in flight")
        #expect(transcript.contains("INVALID: test.events:4:1: no hits request is in flight"))
        // As every other script error, it shows its line with a caret.
        #expect(error.description == "test.events:4:1: error: no hits request is in flight\n    respond hits []\n    ^")
    }

    @Test func answeringTwiceOrANeverMadeRequestIsInvalid() {
        guard case .invalid(let twice) = harness.replay("send typed(\"a\")\nadvance 300ms\nfail hits\nfail hits#1").outcome else {
            Issue.record("a second answer was accepted")
            return
        }
        #expect(twice.message == "hits#1 has already been answered")
        guard case .invalid(let never) = harness.replay("respond hits#4 []").outcome else {
            Issue.record("an answer to a request never made was accepted")
            return
        }
        #expect(never.message == "hits#4 was never requested")
    }

    /// A transcript's `given` lines are the script's own statements: copied back, they replay.
    @Test func theTranscriptsGivenLinesReadBackAsAScript() {
        let transcript = harness.replay("given limit 1\nsend typed(\"a\")\n").transcript
        let givens = transcript.split(separator: "\n").filter { $0.hasPrefix("given ") }
        #expect(givens == ["given limit 1"])
        let again = harness.replay(givens.joined(separator: "\n") + "\nsend typed(\"a\")\n")
        #expect(again.outcome == .passed(expectations: 0))
        #expect(again.transcript == transcript)
    }

    @Test func theTranscriptShowsEveryPartOfAStep() {
        let (_, transcript) = harness.replay(
            """
            given limit 1
            send typed("a")
            advance 300ms
            send typed("ab")
            respond hits#1 [hit("Late", point(1, 1), "x")]
            advance 299ms
            send picked(0)
            send moved(area(point(1, 2), size(3, 4)))
            advance 1ms
            fail hits#2 "offline"
            send typed("abc")
            advance 300ms
            respond hits(area(point(0, 0), size(5, 5)), [hit("A", point(1, 1), tag(colour: "red")), hit("B", point(2, 2), "b")])
            send picked(0)
            """)
        #expect(
            transcript == """
                script test.events (machine search-box)
                given limit 1

                @0ms send typed("a")
                  fired   S1.type
                  state   search: idle → waiting
                  field   query: "" → "a"
                  field   timers: [] → [pause]
                  command startTimer(pause, 300ms)
                @300ms timer pause
                  fired   S2.ask
                  state   search: waiting → loading
                  field   searches: 0 → 1
                  field   pending: [] → [hits]
                  field   timers: [pause] → []
                  command find("a", area(point(0.0, 0.0), size(10.0, 10.0)))
                @300ms send typed("ab")
                  fired   S1.type
                  state   search: loading → waiting
                  field   query: "a" → "ab"
                  field   pending: [hits] → []
                  field   timers: [] → [pause]
                  command cancel(hits)
                  command startTimer(pause, 300ms)
                @300ms drop hits#1 [hit("Late", point(1.0, 1.0), tag(name: "x"))]
                  dropped: cancelled at 300ms
                @599ms advance 299ms: nothing due
                @599ms send picked(0)
                  ignored: no row handles it in search waiting, panel open
                @599ms send moved(area(point(1.0, 2.0), size(3.0, 4.0)), byUser: true)
                  fired   V1.move
                  field   view: area(point(0.0, 0.0), size(10.0, 10.0)) → area(point(1.0, 2.0), size(3.0, 4.0))
                @600ms timer pause
                  fired   S2.ask
                  state   search: waiting → loading
                  field   searches: 1 → 2
                  field   pending: [] → [hits]
                  field   timers: [pause] → []
                  command find("ab", area(point(1.0, 2.0), size(3.0, 4.0)))
                @600ms fail hits#2 "offline"
                  fired   S4.fail
                  state   search: loading → idle
                  field   pending: [hits] → []
                @600ms send typed("abc")
                  fired   S1.type
                  state   search: idle → waiting
                  field   query: "ab" → "abc"
                  field   timers: [] → [pause]
                  command startTimer(pause, 300ms)
                @900ms timer pause
                  fired   S2.ask
                  state   search: waiting → loading
                  field   searches: 2 → 3
                  field   pending: [] → [hits]
                  field   timers: [pause] → []
                  command find("abc", area(point(1.0, 2.0), size(3.0, 4.0)))
                @900ms respond hits#3(area(point(0.0, 0.0), size(5.0, 5.0)), [hit("A", point(1.0, 1.0), tag(colour: "red")), hit("B", point(2.0, 2.0), tag(name: "b"))])
                  fired   S3.show
                  state   search: loading → showing
                  field   hits: [] → [hit("A", point(1.0, 1.0), tag(colour: "red"))]
                  field   view: area(point(1.0, 2.0), size(3.0, 4.0)) → area(point(0.0, 0.0), size(5.0, 5.0))
                  field   pending: [hits] → []
                @900ms send picked(0)
                  fired   S5.pick
                  state   search: showing → idle
                  field   chosen: nil → hit("A", point(1.0, 1.0), tag(colour: "red"))
                  command choose(hit("A", point(1.0, 1.0), tag(colour: "red")))

                passed: 0 expectations held

                """)
    }

    @Test func ignoredStepsGiveTheirReason() {
        let guards = harness.replay("send typed(\"a\")\nadvance 300ms\nrespond hits []\nsend picked(3)").transcript
        #expect(guards.contains("ignored: guards were false: isOffered (S5.pick)"))
        let notTheUser = harness.replay("send moved(area(point(1, 1), size(1, 1)), byUser: false)").transcript
        #expect(notTheUser.contains("ignored: guards were false: isByUser (V1.move)"))
        let noRow = harness.replay("send picked(0)").transcript
        #expect(noRow.contains("ignored: no row handles it in search idle, panel open"))
        let finished = harness.replay("send closed\nsend typed(\"a\")").transcript
        #expect(finished.contains("ignored: the machine is finished (panel is closed)"))
    }

    @Test func jsonLinesCarryTheSameEntries() throws {
        let checked = try harness.program("given query \"q\"\nsend typed(\"a\")\nexpect search == idle")
        var sink = JSONTranscript(output: "")
        let outcome = try Player(vocabulary: SearchBoxVocabulary()).play(checked, into: &sink)
        let lines = sink.output.split(separator: "\n")
        #expect(outcome == .failed(failures: 1, expectations: 1))
        #expect(lines.count == 4)
        #expect(
            lines[0]
                == #"{"type":"script","file":"test.events","machine":"search-box","givens":[{"field":"query","value":"\"q\""}]}"#)
        #expect(
            lines[1]
                == #"{"type":"step","time":"0ms","input":"send typed(\"a\")","fired":["S1.type"],"ignored":null,"dropped":null,"compound":[],"states":[{"name":"search","old":"idle","new":"waiting"}],"fields":[{"name":"query","old":"\"q\"","new":"\"a\""},{"name":"timers","old":"[]","new":"[pause]"}],"commands":["startTimer(pause, 300ms)"]}"#
        )
        #expect(
            lines[2]
                == #"{"type":"failure","line":3,"column":1,"statement":"expect search == idle","expected":"idle","actual":"waiting","inputLine":2}"#
        )
        #expect(lines[3] == #"{"type":"end","outcome":"failed","failures":1,"expectations":1,"error":null,"exitCode":1}"#)
    }

    @Test func everyLineOfAKindHasTheSameKeysInTheSameOrder() throws {
        var keysByType: [String: Set<[String]>] = [:]
        for script in [
            "send typed(\"a\")\nadvance 300ms\nrespond hits []\nexpect search == showing",
            "send typed(\"a\")\nexpect search == idle", "send typed(\"a\")\nrespond hits []",
            "send typed(\"a\")\nsend typed(\"b\")\nadvance 300ms\nsend closed\nsend typed(\"c\")",
        ] {
            var sink = JSONTranscript(output: "")
            _ = try Player(vocabulary: SearchBoxVocabulary()).play(harness.program(script), into: &sink)
            for line in sink.output.split(separator: "\n") {
                let keys = Self.keys(of: String(line))
                keysByType[keys.first == "type" ? Self.type(of: String(line)) : "?", default: []].insert(keys)
            }
        }
        #expect(Set(keysByType.keys) == ["script", "step", "failure", "end"])
        for (type, shapes) in keysByType { #expect(shapes.count == 1, "\(type) lines have keys \(shapes)") }
    }

    /// The top-level keys of a JSON object, in their order.
    static func keys(of line: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    previous = character
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\"": inString = true; current = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":" where depth == 1 && previous == "\"": keys.append(current)
            default: break
            }
            previous = character
        }
        return keys
    }

    static func type(of line: String) -> String {
        let start = line.index(line.startIndex, offsetBy: #"{"type":""#.count)
        return String(line[start...].prefix { $0 != "\"" })
    }

    @Test func anInvalidScriptEndsItsJSONLinesWithTheLocatedError() throws {
        let checked = try harness.program("send typed(\"a\")\nadvance 300ms\nrespond hits []\nrespond hits []")
        var sink = JSONTranscript(output: "")
        let outcome = try Player(vocabulary: SearchBoxVocabulary()).play(checked, into: &sink)
        #expect(outcome.exitCode == 2)
        #expect(
            sink.output.hasSuffix(
                """
                {"type":"step","time":"300ms","input":"respond hits#1 []","fired":["S3.show"],"ignored":null,"dropped":null,"compound":[],"states":[{"name":"search","old":"loading","new":"showing"}],"fields":[{"name":"pending","old":"[hits]","new":"[]"}],"commands":[]}
                {"type":"end","outcome":"invalid","failures":null,"expectations":null,"error":{"file":"test.events","line":4,"column":1,"message":"no hits request is in flight"},"exitCode":2}

                """))
    }
}
