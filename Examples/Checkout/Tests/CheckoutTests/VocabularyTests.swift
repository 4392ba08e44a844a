import Checkout
import CheckoutScripting
import EventScripts
import MachineRuntime
import Testing

/// Every sample input, written as a script line, reads back as itself: what `checkout paths`,
/// `checkout explore` and `checkout verify` write replays.
@Suite("Checkout vocabulary") struct VocabularyTests {
    let vocabulary = CheckoutVocabulary()

    var inputs: [Input<Checkout>] {
        let samples = CheckoutSamples()
        let requests: [Checkout.Request] = [
            .geocode("1 Main St"), .challenge(card: "tok_visa"), .score(total: 4250),
            .placeOrder(Checkout.Order(total: 4250, address: "1 Main St, Springfield", card: "tok_visa")),
        ]
        let answers = requests.flatMap { request in
            samples.answers(to: request).map { Input<Checkout>.respond(request.kind, ordinal: nil, $0) }
        }
        return samples.events.map(Input.send) + answers + [.advance(.seconds(30))]
    }

    @Test func everySampleInputReadsBackAsItself() throws {
        let writer = ScriptWriter(vocabulary: vocabulary)
        let lines = inputs.map(writer.statement)
        let read = try ScriptChecker(vocabulary: vocabulary).inputs(
            in: Array(lines.joined(separator: "\n").utf8), file: "samples.events")
        #expect(read == inputs)
        #expect(lines.contains("send typeAddress(\"1 Main St\")"))
        #expect(lines.contains("respond geocode \"1 Main St, Springfield\""))
        #expect(lines.contains("fail score \"risky\""))
        #expect(lines.contains("fail challenge \"wrong code\""))
    }

    /// The three ways a card is declined are named `decline.…`: scripts write the two answers as
    /// failures of their requests, and a transcript writes the raised one by its name.
    @Test func theDeclinesAreFailuresAndARaisedEvent() {
        let writer = ScriptWriter(vocabulary: vocabulary)
        #expect(Checkout.Event.Kind.challengeFailed.name == "decline.challenge")
        #expect(writer.statement(.respond(.score, ordinal: nil, .flagged("risky"))) == "fail score \"risky\"")
        #expect(writer.statement(.send(.challengeExpired)) == "send decline.timeout")
        #expect(writer.statement(.send(.reservationEnds)) == "send reservationEnds")
    }

    /// Every field of the context has a word, and the settings can be given.
    @Test func everyFieldOfTheContextHasAWord() {
        #expect(
            vocabulary.fields.map(\.name) == [
                "total", "savedAddress", "addressText", "deliveryAddress", "card", "attempts", "reserved",
                "challengeWindow", "orderID",
            ])
        #expect(vocabulary.fields.filter { $0.write != nil }.map(\.name) == ["total", "savedAddress", "challengeWindow"])
        #expect(Mirror(reflecting: Checkout.Context()).children.count == vocabulary.fields.count)
    }
}
