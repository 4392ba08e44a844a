import EventScripts
import MachineAnalysis
import MachineCore
import SCXML

/// The words of event scripts for an imported chart: `machine NAME` (the document's name), each
/// of its events by name (`send go`), its state ids in `expect` lines, and its `<log>` lines as
/// commands, by their text (`expect command log("pass")`).
public struct SCXMLVocabulary: ScriptVocabulary {
    public let machineName: String
    public let table: TransitionTable<SCXMLMachine>
    public let initialContext: SCXMLContext
    /// None: the null datamodel has no data.
    public let fields: [ContextField<SCXMLMachine>] = []
    public let events: [Constructor<SCXMLEvent>]
    public let commands: [Constructor<Command<SCXMLMachine>>]

    /// The vocabulary of `chart`.
    public init(_ chart: SCXMLChart) {
        machineName = chart.name
        table = chart.table
        initialContext = chart.initialState.context
        events = chart.eventNames.compactMap { name in chart.event(named: name).map { Constructor(name, $0) } }
        commands = [
            Constructor(
                "log", "text", .optional(.string), { .output(.log(label: nil, text: $0)) },
                payload: { command in
                    if case .output(.log(_, let text)) = command { text } else { nil }
                })
        ]
    }
}

/// The inputs `paths`, `explore` and `verify` try on an imported chart: every one of its events.
public struct SCXMLSamples: InputSamples {
    public typealias Machine = SCXMLMachine

    public let events: [SCXMLEvent]

    /// Every event of `chart`.
    public init(_ chart: SCXMLChart) {
        events = chart.eventNames.compactMap(chart.event(named:))
    }

    /// None: an imported chart makes no request.
    public func answers(to request: NoRequest) -> [SCXMLEvent] {}
}
