/// An SCXML document as the importer reads it: the structure, transitions and executable content
/// of the null datamodel (SCXML §B.1), each with where it was written. Everything else was refused
/// while reading (``SCXMLError``), so a document that exists is one the importer can build.
struct SCXMLDocument: Sendable {
    /// The `name` attribute of `<scxml>`, if any.
    var name: String?
    /// The ids of the `initial` attribute of `<scxml>`; empty for the first child state.
    var initial: [String]
    /// The top-level states, in document order.
    var states: [SCXMLStateNode]
    /// Where `<scxml>` starts.
    var location: SourceLocation
}

/// One `<state>`, `<parallel>`, `<final>` or `<history>`.
struct SCXMLStateNode: Sendable {
    /// What kind of node it is.
    enum Kind: Sendable, Equatable {
        case state
        case parallel
        case final
        /// A `<history>`: `deep` for `type="deep"`, otherwise shallow.
        case history(deep: Bool)
    }

    var kind: Kind
    /// Its id; an id the document leaves out is generated, unique in the document
    /// (`_state.LINE.COLUMN`), so that every state has a name to be shown and scripted by.
    var id: String
    /// The ids of its `initial` attribute; empty when it has none.
    var initial: [String]
    /// Its `<initial>` element's transition, if it has one (targets and actions, no event, no
    /// condition).
    var initialTransition: SCXMLTransition?
    /// Each `<onentry>` block, in document order (each a block of its own, as SCXML runs them).
    var onEntry: [[SCXMLAction]]
    /// Each `<onexit>` block, in document order.
    var onExit: [[SCXMLAction]]
    /// Its transitions in document order; for a `<history>`, its one default transition.
    var transitions: [SCXMLTransition]
    /// Its child states, in document order.
    var children: [SCXMLStateNode]
    /// Where its start tag is.
    var location: SourceLocation
}

/// One `<transition>` (or the transition of an `<initial>`).
struct SCXMLTransition: Sendable {
    /// The tokens of its `event` attribute (event descriptors: `error`, `error.*`, `*`); empty
    /// for an eventless transition.
    var events: [String]
    /// Its `cond`, if any.
    var condition: SCXMLCondition?
    /// The ids of its `target` attribute; empty for a targetless transition.
    var targets: [String]
    /// `type="internal"`.
    var isInternal: Bool
    /// Its executable content.
    var actions: [SCXMLAction]
    /// Where its start tag is.
    var location: SourceLocation
}

/// A `cond` the null datamodel can evaluate: `In('id')`, a bare name bound in Swift, `true` and
/// `false`, and `and`/`or`/`not` of those (written `&&`, `||`, `!` or the words, with
/// parentheses).
indirect enum SCXMLCondition: Sendable, Equatable {
    /// `In('id')`: whether the state `id` is active.
    case inState(String)
    /// A bare name (`isValid`, `form.ready`): a condition the Swift code binds.
    case named(String)
    /// `true` or `false`.
    case constant(Bool)
    /// `!x` or `not x`.
    case not(SCXMLCondition)
    /// `x && y` or `x and y`.
    case and(SCXMLCondition, SCXMLCondition)
    /// `x || y` or `x or y`.
    case or(SCXMLCondition, SCXMLCondition)
}

/// One element of executable content.
enum SCXMLAction: Sendable {
    /// `<raise event>`.
    case raise(event: String, location: SourceLocation)
    /// `<send>`.
    case send(SCXMLSend)
    /// `<cancel sendid>`.
    case cancel(sendID: String, location: SourceLocation)
    /// `<log label expr>`: `expr` only as a quoted literal (`'pass'`), its text without quotes.
    case log(label: String?, text: String?, location: SourceLocation)
    /// `<if cond>`, its `<elseif>`s and its `<else>`: each branch's condition (`nil` for
    /// `<else>`) and content, in order.
    case `if`(branches: [(condition: SCXMLCondition?, actions: [SCXMLAction])], location: SourceLocation)
}

/// One `<send>`.
struct SCXMLSend: Sendable {
    /// Its `event` attribute.
    var event: String
    /// Its `id` attribute, for `<cancel>`.
    var id: String?
    /// Its `delay` (a CSS2 time: `1s`, `500ms`, `1.5s`); `nil` for none.
    var delay: Duration?
    /// Its `target`, if any: `#_internal` is the machine's internal queue; none is its external
    /// queue; any other target cannot be delivered (the importer raises `error.communication`
    /// for a target it cannot reach, `error.execution` for one that is not valid).
    var target: String?
    /// Its `type`, if any: the SCXML event processor
    /// (`http://www.w3.org/TR/scxml/#SCXMLEventProcessor`, or `scxml`) or none; any other type
    /// raises `error.execution` when the send runs.
    var type: String?
    /// Where its start tag is.
    var location: SourceLocation
}

/// A line and a column (both from 1, the column in characters) in a document.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1; a line ends at a line feed, a carriage return or both.
    public let line: Int
    /// The column, from 1, in Unicode scalars.
    public let column: Int

    /// The place at `line` and `column`.
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
