import MachineCore

/// One checked statement that does something when the script runs, without its line: what every
/// line with the same bytes holds. A class, so that the lines that repeat it (`advance 300ms` in
/// a long script) share one.
@usableFromInline
final class CheckedStatement<M: MachineDefinition>: Sendable {
    /// What the player performs or checks.
    @usableFromInline let kind: Instruction<M>.Kind
    /// The column the statement starts at.
    @usableFromInline let column: Int
    /// The columns `replay --update` may replace (see `Instruction/rewritable`).
    @usableFromInline let rewritable: Range<Int>?
    /// The statement's name when it needs an earlier input (`expect command`): checked again at
    /// each line that repeats it.
    @usableFromInline let needsInput: String?
    /// Whether it is an input: `send`, `advance`, `respond` or `fail`.
    @usableFromInline let isInput: Bool
    /// The line's text, for an input on a printable line: an error the input meets when it runs
    /// (a `respond` with no request) shows it, as every error of the check does.
    @usableFromInline let sourceLine: String?

    @inlinable
    init(
        kind: Instruction<M>.Kind, column: Int, rewritable: Range<Int>?, needsInput: String?, isInput: Bool,
        sourceLine: String?
    ) {
        self.kind = kind
        self.column = column
        self.rewritable = rewritable
        self.needsInput = needsInput
        self.isInput = isInput
        self.sourceLine = sourceLine
    }

    /// Where the statement starts on line `line`.
    @inlinable
    func location(line: Int) -> ScriptLocation { ScriptLocation(line: line, column: column) }

    /// The text `replay --update` may replace, on line `line`.
    @inlinable
    func rewritable(line: Int) -> Range<ScriptLocation>? {
        rewritable.map {
            ScriptLocation(line: line, column: $0.lowerBound)..<ScriptLocation(line: line, column: $0.upperBound)
        }
    }

    /// The instruction it is on line `line`.
    @inlinable
    func instruction(line: Int) -> Instruction<M> {
        Instruction(kind: kind, location: location(line: line), rewritable: rewritable(line: line))
    }

    /// `error`, met when the statement ran on line `line`, with the line's text when it has one.
    @usableFromInline
    func showing(_ error: ScriptError, line: Int) -> ScriptError {
        var error = error
        if error.sourceLine == nil, error.location.line == line, let sourceLine { error.sourceLine = sourceLine }
        return error
    }
}
