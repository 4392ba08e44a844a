import EventScripts
import ScriptTestSupport
import Testing

@Suite("Transcripts of a nested machine show the compound states exited and entered") struct HierarchyTranscriptTests {
    @Test func theTextTranscriptListsCompoundStatesAfterTheRows() {
        let (outcome, transcript) = lamp.replay(
            """
            machine lamp
            send toggle
            send brighten
            send tint
            send toggle
            send resume

            """)
        #expect(outcome == .passed(expectations: 0))
        #expect(
            transcript == """
                script test.events (machine lamp)

                @0ms send toggle
                  fired   switchOn
                  entered light.on
                  state   light: off → dim
                  field   flips: 0 → 1
                @0ms send brighten
                  fired   brighten
                  entered light.bright
                  state   light: dim → warm
                @0ms send tint
                  fired   tint
                  state   light: warm → cool
                @0ms send toggle
                  fired   switchOff
                  exited  light.bright
                  exited  light.on
                  state   light: cool → off
                  field   flips: 1 → 2
                @0ms send resume
                  fired   resume
                  restored light.on
                  entered light.bright
                  state   light: off → cool

                passed: 0 expectations held

                """)
    }

    @Test func theJSONTranscriptCarriesThemOnEveryStep() throws {
        let program = try lamp.program("send toggle\nsend soften\nsend brighten\n")
        var sink = JSONTranscript(output: "")
        try Player(vocabulary: LampVocabulary()).play(program, into: &sink)
        let lines = sink.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(
            lines[1]
                == #"{"type":"step","time":"0ms","input":"send toggle","fired":["switchOn"],"ignored":null,"dropped":null,"compound":[{"change":"entered","region":"light","state":"on"}],"states":[{"name":"light","old":"off","new":"dim"}],"fields":[{"name":"flips","old":"0","new":"1"}],"commands":[]}"#
        )
        #expect(
            lines[2]
                == #"{"type":"step","time":"0ms","input":"send soften","fired":[],"ignored":"no row handles it in light dim","dropped":null,"compound":[],"states":[],"fields":[],"commands":[]}"#
        )
        #expect(
            lines[3]
                == #"{"type":"step","time":"0ms","input":"send brighten","fired":["brighten"],"ignored":null,"dropped":null,"compound":[{"change":"entered","region":"light","state":"bright"}],"states":[{"name":"light","old":"dim","new":"warm"}],"fields":[],"commands":[]}"#
        )
    }
}
