import AddressPickerScripting
import ScriptTestSupport
import Testing

/// Scripts of the address picker, checked and replayed.
let harness = ScriptHarness(AddressPickerVocabulary())

/// Records an issue unless `source` is invalid at `line`:`column` with a message containing `fragment`.
func expectInvalid(
    _ source: String, at line: Int, _ column: Int, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    if let problem = harness.mismatch(source, at: line, column, fragment) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}
