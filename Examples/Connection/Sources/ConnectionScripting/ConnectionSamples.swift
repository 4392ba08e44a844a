import Connection
import MachineAnalysis
import MachineRuntime

/// The inputs `connection paths`, `connection explore` and `connection verify` try: every
/// event of the app and the socket, and each answer and failure of the server. The timers come
/// with the tools; `linkUp` and `linkDown` are the machine's own, never sent from outside.
public struct ConnectionSamples: InputSamples {
    public typealias Machine = Connection

    public init() {}

    public var events: [Connection.Event] {
        [.open, .post("hi"), .close, .welcome, .connectionLost]
    }

    public func answers(to request: Connection.Request) -> [Connection.Event] {
        switch request {
        case .connect: [.connected, .connectFailed("refused")]
        case .authenticate: [.authenticated(user: "ada"), .authenticationFailed("expired")]
        case .deliver: [.acknowledged]
        }
    }
}
