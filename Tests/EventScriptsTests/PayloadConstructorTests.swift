import EventScripts
import Testing

/// Constructors whose argument is read back by a pattern match (`payload:`) rather than by
/// reflection: a built event reads back as the value it was built from, and another case as
/// nothing, as with reflection.
@Suite("Constructors read back by pattern matching") struct PayloadConstructorTests {
    let renamed = Constructor<Kettle.Event>("renamed", "label", .string, Kettle.Event.renamed) {
        if case .renamed(let label) = $0 { label } else { nil }
    }
    let heatFailed = Constructor<Kettle.Event>.failure("heatFailed", Kettle.Event.heatFailed) {
        if case .heatFailed(let message) = $0 { message } else { nil }
    }

    @Test func aBuiltEventReadsBackAsItsValue() {
        #expect(renamed.value(of: .renamed("two")) == .constructed("renamed", [Value.Argument("label", .string("two"))]))
        #expect(
            heatFailed.value(of: .heatFailed("offline"))
                == .constructed("heatFailed", [Value.Argument("message", .string("offline"))]))
        #expect(heatFailed.value(of: .heatFailed(nil)) == .constructed("heatFailed", [Value.Argument("message", .null)]))
    }

    @Test func anotherCaseReadsBackAsNothing() {
        #expect(renamed.value(of: .heated) == nil)
        #expect(renamed.value(of: .modeChosen(.eco)) == nil)
        #expect(heatFailed.value(of: .measureFailed("offline")) == nil)
    }

    @Test func theyReadBackWhatReflectionReads() {
        let reflected = Constructor<Kettle.Event>("renamed", "label", .string, Kettle.Event.renamed)
        let reflectedFailure = Constructor<Kettle.Event>.failure("heatFailed", Kettle.Event.heatFailed)
        for event: Kettle.Event in [.renamed(""), .renamed("é\n"), .heated, .heatFailed(nil), .heatFailed("x")] {
            #expect(renamed.value(of: event) == reflected.value(of: event))
            #expect(heatFailed.value(of: event) == reflectedFailure.value(of: event))
        }
    }
}
