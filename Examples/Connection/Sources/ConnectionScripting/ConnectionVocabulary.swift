import Connection
import EventScripts
import MachineCore

/// The chat client's words for event scripts: `machine connection`.
public struct ConnectionVocabulary: ScriptVocabulary {
    public init() {}

    public let machineName = "connection"
    public let table = Connection.table
    public let initialContext = Connection.Context()

    /// `expect queue == ["hi"]`, `expect user == "ada"`.
    public let fields: [ContextField<Connection>] = [
        ContextField("queue", .list(.string), \.queue),
        ContextField("user", .optional(.string), \.user),
    ]

    /// `send post("hi")`, `respond authenticate "ada"`, `fail connect "refused"`; `linkUp` and
    /// `linkDown`, which the machine raises itself, for transcripts to name them.
    public let events: [Constructor<Connection.Event>] = [
        Constructor("open", .open),
        Constructor("post", "text", .string, Connection.Event.post),
        Constructor("close", .close),
        Constructor("welcome", .welcome),
        Constructor("connectionLost", .connectionLost),
        Constructor("connected", .connected),
        .failure("connectFailed", Connection.Event.connectFailed),
        Constructor("authenticated", "user", .string) { .authenticated(user: $0) },
        .failure("authenticationFailed", Connection.Event.authenticationFailed),
        Constructor("acknowledged", .acknowledged),
        Constructor("linkUp", .linkUp),
        Constructor("linkDown", .linkDown),
    ]

    /// `expect command deliver("hi")`; timers' and cancellations' come with the language.
    public let commands: [Constructor<Command<Connection>>] = [
        Constructor("connect", .request(.connect)),
        Constructor("authenticate", .request(.authenticate)),
        Constructor("deliver", "text", .string) { .request(.deliver($0)) },
        Constructor("delivered", "text", .string) { .output(.delivered($0)) },
        Constructor("ping", .output(.ping)),
        Constructor("credentialsRejected", .output(.credentialsRejected)),
    ]
}
