import EventScripts
import MachineCore

/// The lookup's words for scripts: `machine lookup`, `send typed`, `respond lookup 3`,
/// `fail lookup`, `given room 2`.
struct LookupVocabulary: ScriptVocabulary {
    let machineName = "lookup"
    let table = Lookup.table
    let initialContext = Lookup.Context()
    let fields: [ContextField<Lookup>] = [
        ContextField("found", .integer, \.found, settable: true),
        ContextField("room", .integer, \.room, settable: true),
    ]
    let events: [Constructor<Lookup.Event>] = [
        Constructor("typed", .typed),
        Constructor("cancel", .cancel),
        Constructor("toggle", .toggle),
        Constructor("found", "count", .integer, Lookup.Event.found),
        Constructor("failed", .failed),
    ]
    let commands: [Constructor<Command<Lookup>>] = [Constructor("lookUp", .request(.lookUp))]
}
