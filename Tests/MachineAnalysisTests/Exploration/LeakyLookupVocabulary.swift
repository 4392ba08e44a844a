import EventScripts
import MachineCore

/// The leaky lookup's words for scripts: `machine leaky-lookup`, `send lookUp`,
/// `respond lookup 2`, `fail lookup`, `given found 3`.
struct LeakyLookupVocabulary: ScriptVocabulary {
    let machineName = "leaky-lookup"
    let table: TransitionTable<LeakyLookup>
    let initialContext = LeakyLookup.Context()
    let fields: [ContextField<LeakyLookup>] = [ContextField("found", .integer, \.found, settable: true)]
    let events: [Constructor<LeakyLookup.Event>] = [
        Constructor("lookUp", .lookUp),
        Constructor("cancel", .cancel),
        Constructor("finish", .finish),
        Constructor("noise", .noise),
        Constructor("found", "count", .integer, LeakyLookup.Event.found),
        Constructor("failed", .failed),
    ]
    let commands: [Constructor<Command<LeakyLookup>>] = [Constructor("lookUp", .request(.lookUp))]

    /// The words of the table with `bugs`.
    init(bugs: LeakyLookup.Bugs) {
        table = LeakyLookup.table(bugs: bugs)
    }
}
