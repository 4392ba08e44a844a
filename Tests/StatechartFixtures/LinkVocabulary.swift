import EventScripts
import MachineAnalysis
import MachineCore

/// The link's words for event scripts: `send connect`, `expect queued == 1`, `expect command ping`.
/// `delivered` is no word of them: only the machine raises it.
package struct LinkVocabulary: ScriptVocabulary {
    package typealias Machine = Link

    package let machineName = "link"
    package let table = Link.table
    package let initialContext = Link.Context()
    package let fields: [ContextField<Link>] = [
        ContextField("queued", .integer, \.queued),
        ContextField("delivered", .integer, \.delivered),
        ContextField("pings", .integer, \.pings),
    ]
    package let events: [Constructor<Link.Event>] = [
        Constructor("connect", .connect),
        Constructor("greet", .greet),
        Constructor("queue", .queue),
        Constructor("ack", .ack),
    ]
    package let commands: [Constructor<Command<Link>>] = [Constructor("ping", .output(.ping))]

    package init() {}
}

/// The inputs `paths` and `explore` try on the link: every event a host sends.
package struct LinkSamples: InputSamples {
    package typealias Machine = Link

    package var events: [Link.Event] { [.connect, .greet, .queue, .ack] }
    package func answers(to request: NoRequest) -> [Link.Event] {}

    package init() {}
}
