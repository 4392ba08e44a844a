/// A value as written in a script, with where each part is: what the parser produces and the
/// checker types against the vocabulary.
public struct SyntaxNode: Sendable {
    public enum Form: Sendable {
        case string(String)
        case number(Double, isWhole: Bool)
        case duration(Duration)
        case bool(Bool)
        case null
        /// A bare word: an enumeration case, or a constructor without arguments.
        case name(String)
        case list([SyntaxNode])
        /// `name(args)`.
        case call(String, [Argument])
    }

    /// One argument of a call, maybe labelled.
    public struct Argument: Sendable {
        public let label: String?
        public let labelLocation: ScriptLocation?
        public let value: SyntaxNode
    }

    public let form: Form
    public let location: ScriptLocation
}

/// A request reference as written: `sendCode` or `sendCode#2`.
public struct RequestSyntax: Sendable {
    public let kind: String
    /// The number after `#`, if any (checked to be a positive whole number).
    public let ordinal: Int?
    public let location: ScriptLocation
}

/// A path into the state: `contact.name`, `items[0].title`, `items.count`.
public struct PathSyntax: Sendable, CustomStringConvertible {
    public enum Step: Sendable {
        case field(String, ScriptLocation)
        case index(Int, ScriptLocation)
    }

    public let steps: [Step]
    public let location: ScriptLocation

    public var description: String {
        steps.enumerated().map { offset, step in
            switch step {
            case .field(let name, _): offset == 0 ? name : ".\(name)"
            case .index(let index, _): "[\(index)]"
            }
        }.joined()
    }
}

/// One statement of a script, as written.
public struct Statement: Sendable {
    public enum Kind: Sendable {
        case machine(String)
        case given(String, ScriptLocation, SyntaxNode)
        case send(SyntaxNode)
        case advance(SyntaxNode)
        /// `respond KIND [VALUE]`: the answer's value, `nil` for an answer that carries none,
        /// and where the statement ends (where a missing value is reported).
        case respond(RequestSyntax, SyntaxNode?, end: ScriptLocation)
        case fail(RequestSyntax, message: String?)
        case expect(PathSyntax, comparison: String, SyntaxNode)
        case expectCommand(SyntaxNode)
        case expectCommands(SyntaxNode)
        case expectDropped(RequestSyntax)
        case expectIgnored
    }

    public let kind: Kind
    /// Where the statement starts.
    public let location: ScriptLocation
}
