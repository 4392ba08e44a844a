import MachineCore

/// The machine every imported SCXML document runs as: its states and events are the
/// document's, named at run time, so one type serves every chart (see ``SCXMLChart``).
///
/// A chart's table (``SCXMLChart/table``) holds the document's states as regions (the top-level
/// states, then one region for each child of a `<parallel>`), its transitions as rows, its
/// executable content as actions. The runtime runs it as any other machine.
public enum SCXMLMachine: MachineDefinition {
    /// The configuration, which the chart's conditions read.
    public typealias Context = SCXMLContext
    /// The chart's events, by name.
    public typealias Event = SCXMLEvent
    /// The chart's `<log>` lines.
    public typealias Output = SCXMLOutput

    /// The start: SCXML leaves the event of the first macrostep unbound, and no content of the
    /// null datamodel reads it. Its name, `(start)`, is no event name a document can write, so
    /// that a chart's own `start` event is an event like any other.
    public static let startEvent: SCXMLEvent? = SCXMLEvent(kind: SCXMLEventKind(rawValue: -1, name: "(start)"))
}

/// An event of an imported chart: its kind, which carries its name (`error.execution`,
/// `done.state.s1`, `foo.bar`).
public struct SCXMLEvent: MachineEvent, Hashable, CustomStringConvertible {
    /// Its kind, which the table's rows are found by.
    public let kind: SCXMLEventKind

    /// The event of `kind`; a chart makes its events by name (``SCXMLChart/event(named:)``).
    public init(kind: SCXMLEventKind) { self.kind = kind }

    /// The event's name.
    public var name: String { kind.name }
    public var description: String { kind.name }
}

/// The kind of an imported chart's event: its position among the chart's events
/// (``SCXMLChart/eventNames``) and its name.
///
/// The cases are the chart's, known only once it is read: ``allCases`` is empty, and a kind is
/// made by the chart (``SCXMLChart/event(named:)``). Two kinds are equal when their positions are.
public struct SCXMLEventKind: IndexedCase {
    /// Its position among the chart's events.
    public let rawValue: Int
    /// The event's name, as the document writes it.
    public let name: String

    /// The kind at `rawValue`, with a name that only says its position: a chart makes kinds with
    /// their names (``SCXMLChart/event(named:)``).
    public init?(rawValue: Int) {
        guard rawValue >= 0 else { return nil }
        self.init(rawValue: rawValue, name: "#\(rawValue)")
    }

    init(rawValue: Int, name: String) {
        self.rawValue = rawValue
        self.name = name
    }

    /// None: an imported chart's kinds are known only once it is read.
    public static var allCases: [SCXMLEventKind] { [] }

    public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// What an imported chart remembers besides its configuration: nothing, with the null datamodel,
/// but, for a chart whose conditions read it (`In('id')`, or a condition bound in Swift), the
/// configuration itself.
///
/// Each state's entry then adds it before its `<onentry>` runs, and its exit removes it after its
/// `<onexit>`, as SCXML's configuration changes, so that a condition reads it as it is at that
/// instant, in the middle of a microstep too. A chart without such conditions keeps nothing here
/// (its steps run no action for it): read its configuration with ``SCXMLChart/configuration(of:)``.
public struct SCXMLContext: Hashable, Sendable {
    /// One bit per state of the chart, by document order; empty when the chart's conditions do
    /// not read the configuration.
    private(set) var active: [UInt64]
    /// The chart's state ids, by document order, for the conditions of Swift code.
    let ids: StateIDs

    init(ids: StateIDs, tracksConfiguration: Bool) {
        self.ids = ids
        self.active = Array(repeating: 0, count: tracksConfiguration ? (ids.names.count + 63) / 64 : 0)
    }

    /// Whether state `index` (by document order) is active.
    func isActive(_ index: Int) -> Bool { active[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    mutating func enter(_ index: Int) { active[index >> 6] |= 1 << UInt64(index & 63) }
    mutating func exit(_ index: Int) { active[index >> 6] &= ~(1 << UInt64(index & 63)) }

    /// Whether the state with id `id` is active (SCXML's `In('id')`), as a condition the chart
    /// names sees it when it is evaluated; `false` for an id the chart lacks.
    public func isIn(_ id: String) -> Bool {
        guard let index = ids.index[id], index >> 6 < active.count else { return false }
        return isActive(index)
    }

}

/// The state ids of a chart, shared by every copy of its context. Every context of one chart
/// holds the same ids, so they never tell two contexts apart: all are equal, and hash alike.
final class StateIDs: Hashable, Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
        self.names = names
        self.index = Dictionary(names.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    }

    static func == (a: StateIDs, b: StateIDs) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// What an imported chart tells its host: its `<log>` lines.
public enum SCXMLOutput: Hashable, Sendable, CustomStringConvertible {
    /// A `<log>`: its label and its literal text, either of which may be absent.
    case log(label: String?, text: String?)

    public var description: String {
        switch self {
        case .log(let label, let text): [label, text].compactMap { $0 }.joined(separator: ": ")
        }
    }
}
