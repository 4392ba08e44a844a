/// How `replay --update` makes a failed expectation hold: the text it replaces and what it
/// writes there. Only that text changes; the rest of the line (the `expect` and the path, a
/// comment after it) stays as written.
public struct ExpectationRewrite: Sendable, Equatable {
    /// What is replaced, on one line: the expected value of `expect PATH == VALUE` or `expect
    /// commands [...]`, or the whole of a bare `expect`.
    package let range: Range<ScriptLocation>
    /// What is written there, line by line: one line for a value, one `expect` line each for a
    /// bare `expect` (the later ones indented like it).
    package let lines: [String]

    /// A rewrite of `range` into `lines`.
    public init(_ range: Range<ScriptLocation>, _ lines: [String]) {
        self.range = range
        self.lines = lines
    }
}
