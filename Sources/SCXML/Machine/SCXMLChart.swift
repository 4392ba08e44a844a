import MachineCore

/// An SCXML document imported as a machine: its table, which the runtime and every tool of the
/// package run, with the names of its states and events.
///
/// ```swift
/// let chart = try SCXMLChart(reading: Array(text.utf8), conditions: ["hasQuery": { _ in true }])
/// var runtime = Runtime(table: chart.table, state: chart.initialState)
/// ```
///
/// The document is read with the null datamodel (SCXML §B.1): no code runs. A `cond` is an
/// `In('id')`, a bare name bound to a Swift closure in `conditions`, or `!`, `&&` and `||` of
/// those. What the importer does not run is refused (``SCXMLError``), never half imported.
public struct SCXMLChart: Sendable {
    /// A condition a chart names (`cond="hasQuery"`), bound in Swift: it sees the chart's
    /// configuration (``SCXMLContext/isIn(_:)``) and whatever the closure captures.
    public typealias Condition = @Sendable (SCXMLContext) -> Bool

    /// The machine's table: the top-level states as one region, each child of a `<parallel>` as
    /// a region of its own, each transition a row named `STATE.N` (its source's id and its
    /// position among the source's transitions, from 1).
    public let table: TransitionTable<SCXMLMachine>
    /// The document's `name`, or `scxml`.
    public let name: String
    /// The chart's state ids, in document order (`<history>` pseudo-states left out).
    public let stateIDs: [String]
    /// The names of the chart's events, by kind: every event its transitions name, raise or send,
    /// and `error.execution` or `error.communication` where a `<send>` raises one.
    public let eventNames: [String]
    /// Where the machine starts: its initial configuration, as the table lists it, with no state
    /// active in the context yet. The runtime's start enters it.
    public let initialState: MachineState<SCXMLMachine>
    /// The document as the chart was imported from it, written back as SCXML in a canonical form
    /// (indented by two spaces, every id written out, delays in seconds): it imports to the same
    /// machine.
    public let scxml: String

    /// Imports the document in `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The document, in UTF-8.
    ///   - conditions: The closure of each bare name a `cond` uses.
    ///   - limits: How large and how deep a document may be.
    /// - Throws: ``SCXMLError``: malformed XML, a refused element or expression, a broken rule of
    ///   SCXML, a condition left unbound, or a chart larger than the runtime holds; with its
    ///   line and column where it has one.
    public init(
        reading bytes: some Collection<UInt8>, conditions: [String: Condition] = [:], limits: SCXMLLimits = SCXMLLimits()
    ) throws(SCXMLError) {
        let document = try SCXMLDocument(reading: bytes, limits: limits)
        var builder = ChartBuilder(document: document, conditions: conditions)
        table = try builder.build()
        name = builder.machineName
        stateIDs = builder.stateIDs
        eventNames = builder.eventNames
        initialState = table.initialState(
            context: SCXMLContext(ids: StateIDs(builder.stateIDs), tracksConfiguration: builder.tracksConfiguration))
        scxml = document.text
    }

    /// The ids of the states active in `state`, in document order: SCXML's configuration. A
    /// finished machine shows the configuration it ended in.
    public func configuration(of state: MachineState<SCXMLMachine>) -> [String] {
        var active = Set<String>()
        for (index, region) in table.regions.enumerated() where table.isActive(region: index, in: state.controls) {
            let leaf = state.controls[index]
            guard region.states.indices.contains(leaf) else { continue }
            active.insert(region.states[leaf])
            for ancestor in region.ancestors(of: leaf) { active.insert(region.states[ancestor]) }
        }
        return stateIDs.filter(active.contains)
    }

    /// The event named `name`, if the chart has one.
    public func event(named name: String) -> SCXMLEvent? {
        eventNames.firstIndex(of: name).map { SCXMLEvent(kind: SCXMLEventKind(rawValue: $0, name: name)) }
    }
}
