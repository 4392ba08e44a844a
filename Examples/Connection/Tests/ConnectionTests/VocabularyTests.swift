import Connection
import ConnectionScripting
import EventScripts
import MachineRuntime
import Testing

/// Every sample input, written as a script line, reads back as itself: what `connection paths`,
/// `connection explore` and `connection verify` write replays.
@Suite("Connection vocabulary") struct VocabularyTests {
    let vocabulary = ConnectionVocabulary()

    var inputs: [Input<Connection>] {
        let samples = ConnectionSamples()
        let answers = [Connection.Request.connect, .authenticate, .deliver("hi")].flatMap { request in
            samples.answers(to: request).map { Input<Connection>.respond(request.kind, ordinal: nil, $0) }
        }
        return samples.events.map(Input.send) + answers + [.advance(.seconds(30))]
    }

    @Test func everySampleInputReadsBackAsItself() throws {
        let writer = ScriptWriter(vocabulary: vocabulary)
        let lines = inputs.map(writer.statement)
        let read = try ScriptChecker(vocabulary: vocabulary).inputs(
            in: Array(lines.joined(separator: "\n").utf8), file: "samples.events")
        #expect(read == inputs)
        #expect(lines.contains("send post(\"hi\")"))
        #expect(lines.contains("respond authenticate \"ada\""))
        #expect(lines.contains("fail connect \"refused\""))
    }

    /// The events the machine raises for itself have words too, so that transcripts name them.
    @Test func theRaisedEventsHaveWords() {
        let writer = ScriptWriter(vocabulary: vocabulary)
        #expect(writer.statement(.send(.linkUp)) == "send linkUp")
        #expect(writer.statement(.send(.linkDown)) == "send linkDown")
    }
}
