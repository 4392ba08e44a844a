import MachineCore
import MachineRuntime
import ScriptTestSupport
import Testing

@testable import EventScripts

/// The declarative helpers: fields of every shape through key paths, constructors of no and of
/// one argument, failures, commands, all with the kettle.
@Suite("Vocabulary helpers") struct VocabularyHelpersTests {
    let vocabulary = KettleVocabulary()

    let harness = ScriptHarness(KettleVocabulary())

    func transcript(_ source: String) throws -> (outcome: Outcome, text: String) {
        try Player(vocabulary: vocabulary).transcript(of: try harness.program(source))
    }

    @Test func givenSetsEveryShapeThroughItsKeyPath() throws {
        let checked = try harness.program(
            """
            given label "kettle \\"two\\""
            given target 85
            given pause 1.5s
            given locked true
            given mode turbo
            given readings [90, 95]
            given note nil
            """)
        var expected = Kettle.Context()
        expected.label = "kettle \"two\""
        expected.target = 85
        expected.pause = .milliseconds(1500)
        expected.locked = true
        expected.mode = .turbo
        expected.readings = [90, 95]
        #expect(checked.initialState.context == expected)
    }

    @Test func expectReadsEveryShape() throws {
        let (outcome, text) = try transcript(
            """
            given mode eco
            send switchedOn
            expect label == "kettle"
            expect target == 100
            expect boils == 0
            expect pause == 1000ms
            expect locked == false
            expect mode == eco
            expect readings == []
            expect lastRequest == heat
            expect note == nil
            """)
        #expect(outcome == .passed(expectations: 9), "\(text)")
    }

    @Test func aFieldWithoutSettableIsDerived() {
        #expect(harness.error("given boils 3")?.message == "'boils' is derived and cannot be given")
        #expect(harness.error("given lastRequest measure")?.message == "'lastRequest' is derived and cannot be given")
    }

    @Test func withinLimitsGivenValuesWithALocatedError() {
        let tooHot = harness.error("given target 120")
        #expect(tooHot?.message == "expected a number from 0.0 to 100.0, found 120.0")
        #expect(tooHot?.location == ScriptLocation(line: 1, column: 14))
        #expect(harness.error("given pause 2min")?.message == "expected a duration from 0ms to 1min, found 2min")
        #expect(harness.error("given target 100") == nil)
    }

    @Test func enumerationsNameTheirCasesAndTheirType() {
        #expect(harness.error("given mode boiling")?.message == "unknown mode 'boiling'; expected one of eco, turbo")
        #expect(
            harness.error("expect lastRequest == brew")?.message == "unknown request kind 'brew'; expected one of heat, measure")
        #expect(harness.error("send modeChosen(eco)") == nil)
    }

    @Test func constructorsOfOneArgumentCheckTheirShape() {
        #expect(harness.error("send targetSet(\"hot\")")?.message == "expected a number, found the string \"hot\"")
        #expect(harness.error("send renamed(label: \"pot\")") == nil)
        #expect(harness.error("send renamed(name: \"pot\")")?.message == "argument 1 of 'renamed' is 'label:', not 'name:'")
        #expect(harness.error("send heated")?.message == "'heated' answers a request; use 'respond' or 'fail'")
        #expect(harness.error("send cooled")?.message == "'cooled' is fired by a timer; use 'advance'")
    }

    @Test func eventsAndCommandsReadBackAsValues() {
        let writer = ScriptWriter(vocabulary: vocabulary)
        #expect(writer.value(of: Kettle.Event.targetSet(21.5)).description == "targetSet(21.5)")
        #expect(writer.value(of: Kettle.Event.modeChosen(.eco)).description == "modeChosen(eco)")
        #expect(writer.value(of: Kettle.Event.switchedOn).description == "switchedOn")
        #expect(writer.value(of: Kettle.Event.cooled).description == "cooled")
        #expect(writer.value(of: Command<Kettle>.request(.measure("pot"))).description == "measure(\"pot\")")
        #expect(writer.value(of: Command<Kettle>.request(.heat)).description == "heat")
        #expect(writer.value(of: Command<Kettle>.output(.show("pot"))).description == "show(\"pot\")")
        #expect(writer.value(of: Command<Kettle>.output(.beep)).description == "beep")
        #expect(writer.value(of: Command<Kettle>.startTimer(.cooling, .seconds(2))).description == "startTimer(cooling, 2s)")
        #expect(writer.value(of: Command<Kettle>.cancel(.measure)).description == "cancel(measure)")
    }

    @Test func everyInputTheWriterWritesReadsBack() throws {
        let writer = ScriptWriter(vocabulary: vocabulary)
        let inputs: [Input<Kettle>] = [
            .send(.switchedOn), .send(.targetSet(-2.25)), .send(.renamed("a \"b\" \\ c")), .send(.modeChosen(.turbo)),
            .respond(.heat, ordinal: nil, .heated), .respond(.heat, ordinal: 3, .heatFailed(nil)),
            .respond(.heat, ordinal: nil, .heatFailed("no water")), .respond(.measure, ordinal: 1, .measured(97)),
            .respond(.measure, ordinal: nil, .measureFailed("no sensor")), .advance(.milliseconds(250)),
        ]
        let lines = inputs.map(writer.statement)
        #expect(
            lines == [
                "send switchedOn", "send targetSet(-2.25)", #"send renamed("a \"b\" \\ c")"#, "send modeChosen(turbo)",
                "respond heat", "fail heat#3", #"fail heat "no water""#, "respond measure#1 97",
                #"fail measure "no sensor""#, "advance 250ms",
            ])
        let checked = try harness.program(lines.joined(separator: "\n"))
        let readBack = checked.instructions().compactMap { instruction -> String? in
            guard case .input(let input) = instruction.kind else { return nil }
            return writer.statement(input)
        }
        #expect(readBack == lines)
    }

    @Test func commandsAreExpectedByTheirConstructors() throws {
        let (outcome, text) = try transcript(
            """
            send switchedOn
            expect command heat
            respond heat
            expect commands [measure("kettle")]
            respond measure 97
            expect commands [show("kettle"), startTimer(cooling, 1000ms)]
            expect readings == [97]
            advance 1s
            expect power == off
            """)
        #expect(outcome == .passed(expectations: 5), "\(text)")
        #expect(
            harness.error("send switchedOn\nexpect command brew")?.message
                == "unknown 'brew'; expected one of startTimer, cancelTimer, cancel, heat, measure, beep, show")
    }

    /// A transcript's step shows the fields whose values differ, each with its text before and
    /// after; a field read through a key path is found unchanged by its bytes, and one whose
    /// bytes differ but whose value does not (the same elements in another buffer) is no change.
    @Test func aStepShowsTheFieldsWhoseValuesDiffer() {
        #expect(vocabulary.fields.allSatisfy { $0.bytes != nil })
        let fields = StateFields(vocabulary)
        let before = vocabulary.table.initialState(context: Kettle.Context())
        var after = before
        after.context.label = String(repeating: "caf\u{E9} ", count: 8)
        after.context.readings = [1, 2]
        var (states, changed) = ([TranscriptStep.Change](), [TranscriptStep.Change]())
        var kept = ContextTexts<Kettle>()
        fields.changes(from: before, to: after, states: &states, fields: &changed, kept: &kept)
        #expect(states.isEmpty)
        #expect(changed.map(\.name) == ["label", "readings"])
        #expect(changed.map(\.old) == [#""kettle""#, "[]"])
        #expect(changed.map(\.new) == [#""\#(after.context.label)""#, "[1, 2]"])
        // The same values in other buffers: other bytes, no change.
        var again = after
        again.context.label = (0..<8).map { _ in "caf\u{E9} " }.joined()
        again.context.readings = after.context.readings.map { $0 }
        (states, changed) = ([], [])
        fields.changes(from: after, to: again, states: &states, fields: &changed, kept: &kept)
        #expect(changed.isEmpty)
        // A field that differs by its Unicode scalars only is a change.
        again.context.label = String(repeating: "cafe\u{301} ", count: 8)
        fields.changes(from: after, to: again, states: &states, fields: &changed, kept: &kept)
        #expect(changed.map(\.name) == ["label"])
    }

    /// A field's text before a step is the text after its last change, kept from step to step,
    /// only while its bytes are the ones it was written from: a change no transcript showed (a
    /// step not rendered, a state set by hand) is read afresh.
    @Test func aFieldsTextBeforeIsKeptOnlyWhileItsBytesAre() {
        let fields = StateFields(vocabulary)
        var kept = ContextTexts<Kettle>()
        var state = vocabulary.table.initialState(context: Kettle.Context())
        /// The label's change from the state before to one with `label`, as shown.
        func relabel(_ label: String, from before: MachineState<Kettle>? = nil) -> String {
            var (states, changed) = ([TranscriptStep.Change](), [TranscriptStep.Change]())
            var after = before ?? state
            after.context.label = label
            fields.changes(from: before ?? state, to: after, states: &states, fields: &changed, kept: &kept)
            state = after
            return changed.map { "\($0.old) → \($0.new)" }.joined(separator: "; ")
        }
        let (a, b, c, d) = ("a long label, on the heap", "b long label, on the heap", "c long label", "d long label")
        #expect(relabel(a) == #""kettle" → "\#(a)""#)
        #expect(relabel(b) == #""\#(a)" → "\#(b)""#)
        // A step no transcript showed made the label `c`; the next shown one starts from `c`.
        var unseen = state
        unseen.context.label = c
        #expect(relabel(d, from: unseen) == #""\#(c)" → "\#(d)""#)
        // Seen unchanged in a step, after a change no transcript showed: its kept text is dropped.
        unseen = state
        unseen.context.label = a
        #expect(relabel(a, from: unseen).isEmpty)
        #expect(relabel(b) == #""\#(a)" → "\#(b)""#)
    }

    @Test func stringFieldsDifferByUnicodeScalars() throws {
        let label = try #require(vocabulary.fields.first { $0.name == "label" })
        var composed = Kettle.Context()
        composed.label = "caf\u{E9}"
        var decomposed = Kettle.Context()
        decomposed.label = "cafe\u{301}"
        #expect(composed.label == decomposed.label)
        #expect(label.differs(composed, decomposed))
        #expect(!label.differs(composed, composed))
        let readings = try #require(vocabulary.fields.first { $0.name == "readings" })
        var more = Kettle.Context()
        more.readings = [1]
        #expect(readings.differs(Kettle.Context(), more))
        // The same elements in another buffer: not the same bits, the same value.
        var again = Kettle.Context()
        again.readings = more.readings.map { $0 }
        #expect(!readings.differs(more, again))
        // A long string (on the heap) built twice: equal text, not the same bits.
        var long = Kettle.Context()
        long.label = String(repeating: "caf\u{E9} ", count: 8)
        var built = Kettle.Context()
        built.label = (0..<8).map { _ in "caf\u{E9} " }.joined()
        #expect(!label.differs(long, built))
        built.label += "!"
        #expect(label.differs(long, built))
    }
}
