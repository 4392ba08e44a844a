import EventScripts
import MachineCore

/// The lookup's words for the transcript tests: `send typed("pie")`, `send cleared`,
/// `fail find`, `expect search == debouncing`, `expect query == "pie"`.
struct LookupVocabulary: ScriptVocabulary {
    let machineName = "lookup"
    var table = Lookup.table
    let initialContext = Lookup.Context()
    let fields: [ContextField<Lookup>] = [
        ContextField("query", .string, \.query),
        ContextField("debounce", .duration, \.debounce, settable: true),
    ]
    let events: [Constructor<Lookup.Event>] = [
        Constructor("typed", "query", .string, Lookup.Event.typed),
        Constructor("cleared", .cleared),
        Constructor("picked", "index", .integer, Lookup.Event.picked),
        Constructor.failure("failed") { _ in .failed(.offline) },
    ]
    let commands: [Constructor<Command<Lookup>>] = [
        Constructor("find", "query", .string) { .request(.find(query: $0)) }
    ]
}
