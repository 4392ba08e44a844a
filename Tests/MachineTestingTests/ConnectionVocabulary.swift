import EventScripts
import MachineCore

/// The connection's words for event scripts: `machine connection`, `send post("hi")`,
/// `respond connect`, `fail connect "refused"`, `expect queue == ["hi"]`,
/// `expect command deliver("hi")`.
struct ConnectionVocabulary: ScriptVocabulary {
    let machineName = "connection"
    let table = Connection.table
    let initialContext = Connection.Context()
    let fields: [ContextField<Connection>] = [
        ContextField("queue", .list(.string), \.queue),
        ContextField("failures", .integer, \.failures),
        ContextField("backoff", .duration, \.backoff),
        ContextField("maxAttempts", .integer.within(1...10), \.settings.maxAttempts, settable: true),
        ContextField("maxBackoff", .duration.within(.seconds(1) ... .seconds(3600)), \.settings.maxBackoff, settable: true),
        ContextField("ackTimeout", .duration.within(.milliseconds(1) ... .seconds(60)), \.settings.ackTimeout, settable: true),
        ContextField("heartbeat", .duration.within(.seconds(1) ... .seconds(3600)), \.settings.heartbeat, settable: true),
    ]
    let events: [Constructor<Connection.Event>] = [
        Constructor("open", .open),
        Constructor("post", "text", .string, Connection.Event.post),
        Constructor("connectionLost", .connectionLost),
        Constructor("close", .close),
        Constructor("opened", .opened),
        .failure("openFailed", Connection.Event.openFailed),
        Constructor("acknowledged", .acknowledged),
    ]
    let commands: [Constructor<Command<Connection>>] = [
        Constructor("connect", .request(.connect)),
        Constructor("deliver", "text", .string) { .request(.deliver($0)) },
        Constructor("delivered", "text", .string) { .output(.delivered($0)) },
        Constructor("notSent", "text", .string) { .output(.notSent($0)) },
        Constructor("ping", .output(.ping)),
        Constructor("hangUp", .output(.hangUp)),
        Constructor("unreachable", .output(.unreachable)),
    ]
}
