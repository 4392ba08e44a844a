import MachineCore
import MachineRuntime

/// A context that keeps a log of what the machine did, in order: what most cases assert.
protocol Logging: Sendable {
    var log: [String] { get set }
}

extension MachineDefinition where Context: Logging {
    /// An action that appends `line` to the log.
    static func logs(_ line: String) -> Action<Self> {
        { context, _, _ in context.log.append(line) }
    }

    /// An action that appends the name of the event it sees to the log.
    static func logsEvent() -> Action<Self> {
        { context, event, _ in context.log.append(event.kind.name) }
    }

    /// Entry and exit actions for every state of `region` that log `enter:STATE` and `exit:STATE`.
    static func logging<S: ControlState>(_ region: Region<S>) -> [StateActions<Self>] {
        S.allCases.map { state in
            StateActions(in: region, state, entry: logs("enter:\(state.name)"), exit: logs("exit:\(state.name)"))
        }
    }
}

extension MachineDefinition {
    /// A runtime of `table` started from its initial state with `context`: with a start event, the
    /// initial macrostep has run when it returns.
    static func started(_ table: TransitionTable<Self>, _ context: Context) -> Runtime<Self> {
        Runtime(table: table, state: table.initialState(context: context))
    }
}

extension Runtime where M.Context: Logging {
    /// Sends `event` and returns what its macrostep (and the events it sent itself) logged.
    mutating func log(_ event: M.Event) throws -> [String] {
        let before = state.context.log.count
        _ = try send(event)
        return Array(state.context.log[before...])
    }
}
