/// A value as written in a script, with where each part is: what the parser produces and the
/// checker types against the vocabulary.
///
/// Public only because ``ScriptChecker`` is `@inlinable` (so that checking is specialised for the
/// caller's machine) and reads it: a vocabulary or a tool has no use for it, and reads scripts
/// through ``ScriptChecker`` and ``CheckedScript`` instead.
@usableFromInline package struct SyntaxNode: Sendable {
    /// How the value is written.
    @usableFromInline package enum Form: Sendable {
        /// `"text"`.
        case string(String)
        /// `3`, `-74.0`, with whether it was written without a fraction.
        case number(Double, isWhole: Bool)
        /// `300ms`, `1.5s`, `2min`.
        case duration(Duration)
        /// `true` or `false`.
        case bool(Bool)
        /// `nil`.
        case null
        /// A bare word: an enumeration case, or a constructor without arguments.
        case name(String)
        /// `[a, b]`.
        case list([SyntaxNode])
        /// `name(args)`.
        case call(String, [Argument])
    }

    /// One argument of a call, maybe labelled.
    @usableFromInline package struct Argument: Sendable {
        /// Its label, if written.
        @usableFromInline package let label: String?
        /// Where the label is.
        @usableFromInline let labelLocation: ScriptLocation?
        /// The argument's value.
        @usableFromInline package let value: SyntaxNode
    }

    /// How it is written.
    @usableFromInline package let form: Form
    /// Where it starts.
    @usableFromInline package let location: ScriptLocation
}

/// A request reference as written: `sendCode` or `sendCode#2`.
///
/// Public only because ``ScriptChecker`` is `@inlinable` (so that checking is specialised for the
/// caller's machine) and reads it: a vocabulary or a tool has no use for it, and reads scripts
/// through ``ScriptChecker`` and ``CheckedScript`` instead.
@usableFromInline package struct RequestSyntax: Sendable {
    /// The request kind's name.
    @usableFromInline package let kind: String
    /// The number after `#`, if any (checked to be a positive whole number).
    @usableFromInline package let ordinal: Int?
    /// Where the reference is.
    @usableFromInline package let location: ScriptLocation
}

/// A path into the state: `contact.name`, `items[0].title`, `items.count`.
///
/// Public only because ``ScriptChecker`` is `@inlinable` (so that checking is specialised for the
/// caller's machine) and reads it: a vocabulary or a tool has no use for it, and reads scripts
/// through ``ScriptChecker`` and ``CheckedScript`` instead.
@usableFromInline package struct PathSyntax: Sendable, CustomStringConvertible {
    /// One step of a path: a field or part by name, or a list element by index.
    @usableFromInline package enum Step: Sendable {
        /// `.name` (or the first field).
        case field(String, ScriptLocation)
        /// `[index]`.
        case index(Int, ScriptLocation)
    }

    /// The steps, the first a field of the state.
    @usableFromInline package let steps: [Step]
    /// Where the path starts.
    @usableFromInline package let location: ScriptLocation

    /// The path as written.
    @usableFromInline package var description: String {
        steps.enumerated().map { offset, step in
            switch step {
            case .field(let name, _): offset == 0 ? name : ".\(name)"
            case .index(let index, _): "[\(index)]"
            }
        }.joined()
    }
}

/// One statement of a script, as written: what ``ScriptSource`` reads and ``ScriptChecker``
/// checks into a checked instruction.
///
/// Public because ``ScriptChecker`` is `@inlinable` and reads it, and because tools that edit a
/// script where it is written (rather than run it) need its statements and their locations.
@usableFromInline package struct Statement: Sendable {
    /// What the statement says.
    @usableFromInline package enum Kind: Sendable {
        /// `machine NAME`.
        case machine(String)
        /// `given FIELD VALUE`, with where the field is.
        case given(String, ScriptLocation, SyntaxNode)
        /// `send EVENT`.
        case send(SyntaxNode)
        /// `advance DURATION`.
        case advance(SyntaxNode)
        /// `respond KIND [VALUE]`: the answer's value, `nil` for an answer that carries none,
        /// and where the statement ends (where a missing value is reported).
        case respond(RequestSyntax, SyntaxNode?, end: ScriptLocation)
        /// `fail KIND ["message"]`.
        case fail(RequestSyntax, message: String?)
        /// `expect PATH OP VALUE`.
        case expect(PathSyntax, comparison: String, SyntaxNode)
        /// `expect REGION in STATE`: the region's active configuration includes the state (a
        /// compound state or a leaf), with where the state's name is.
        case expectIn(PathSyntax, state: String, ScriptLocation)
        /// `expect command COMMAND`.
        case expectCommand(SyntaxNode)
        /// `expect commands [COMMAND, …]`.
        case expectCommands(SyntaxNode)
        /// `expect dropped KIND#N`.
        case expectDropped(RequestSyntax)
        /// `expect ignored`.
        case expectIgnored
        /// `expect` alone: a placeholder for the expectations of what the last input did, which
        /// `replay --update` writes in its place.
        case expectPlaceholder
    }

    /// What it says.
    @usableFromInline package let kind: Kind
    /// Where the statement starts.
    @usableFromInline package let location: ScriptLocation
    /// Where the statement ends: just past its last character, before any comment.
    @usableFromInline package let end: ScriptLocation
}
