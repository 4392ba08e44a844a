import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime

/// The pager's words for event scripts: `send call`, `respond ring "Bob"`, `fail ring`,
/// `given patience 1s`, `expect answeredBy == "Bob"`, `expect command ring`.
struct PagerVocabulary: ScriptVocabulary {
    typealias Machine = Pager

    var table = Pager.table()
    let machineName = "pager"
    let initialContext = Pager.Context()
    let fields: [ContextField<Pager>] = [
        ContextField("answeredBy", .optional(.string), \.answeredBy, settable: true),
        ContextField("patience", .duration, \.patience, settable: true),
    ]
    let events: [Constructor<Pager.Event>] = [
        Constructor("call", .call),
        Constructor("hangUp", .hangUp),
        Constructor("answered", "name", .string, Pager.Event.answered),
        Constructor("unanswered", .unanswered),
    ]
    let commands: [Constructor<Command<Pager>>] = [Constructor("ring", .request(.ring))]
}

/// The inputs `paths` and `explore` try on the pager.
struct PagerSamples: InputSamples {
    typealias Machine = Pager
    var events: [Pager.Event] { [.call, .hangUp] }
    func answers(to request: Pager.Request) -> [Pager.Event] { [.answered("Bob"), .unanswered] }
}
