import AddressPicker
import AddressPickerScripting
import EventScripts
import Testing

/// Parses and checks `source` as the address picker's script.
func program(_ source: String, file: String = "test.events") throws(ScriptError) -> Program<AddressPicker> {
    try ScriptChecker(vocabulary: AddressPickerVocabulary()).program(from: Array(source.utf8), file: file)
}

/// The error `source` is invalid with, or `nil` when it is valid.
func scriptError(_ source: String) -> ScriptError? {
    do {
        _ = try program(source)
        return nil
    } catch {
        return error
    }
}

/// Replays `source`; returns the outcome and the text transcript.
func replay(_ source: String) -> (outcome: Outcome, transcript: String) {
    do {
        let checked = try program(source)
        var sink = TextTranscript(output: "")
        let outcome = Player(vocabulary: AddressPickerVocabulary()).play(checked, into: &sink)
        return (outcome, sink.output)
    } catch {
        return (.invalid(error), "")
    }
}

/// Asserts that `source` is invalid at `line`:`column` with a message containing `fragment`.
func expectInvalid(_ source: String, at line: Int, _ column: Int, _ fragment: String,
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let error = scriptError(source) else {
        Issue.record("expected an error containing '\(fragment)'", sourceLocation: sourceLocation)
        return
    }
    #expect(error.location == EventScripts.ScriptLocation(line: line, column: column), "\(error)", sourceLocation: sourceLocation)
    #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
}
