/// The forms of event names and event descriptors (SCXML §3.12.1): names of dot-separated parts
/// (`error.execution`, `done.state.s1`), descriptors that are a name, a name ending in `.` or
/// `.*` (which match the name and its descendants), or `*` (every event).
enum SCXMLEventName {
    /// Whether `text` is an event name `<raise>` or `<send>` may send: dot-separated parts of
    /// letters, digits, `_` and `-`, the first beginning with a letter or `_`.
    static func isName(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first?.unicodeScalars.first, SCXMLConditionParser.isNameStart(first) else {
            return false
        }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0 != "." && SCXMLConditionParser.isNameCharacter($0) }
        }
    }

    /// Whether `text` is one descriptor of a transition's `event`: `*`, a name, or a name followed
    /// by `.` or `.*`.
    static func isDescriptor(_ text: String) -> Bool {
        if text == "*" { return true }
        if text.hasSuffix(".*") { return isName(text.dropLast(2)) }
        if text.hasSuffix(".") { return isName(text.dropLast()) }
        return isName(text)
    }
}
