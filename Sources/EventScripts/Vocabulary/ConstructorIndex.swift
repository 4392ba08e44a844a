import MachineCore

/// A vocabulary's constructors sorted by what scripts do with them: host events by name, answers
/// and failures by request kind, every event's by event kind, and the commands with the ones
/// every machine shares (`startTimer`, `cancelTimer`, `cancel`).
///
/// An event constructor named after no event kind, or one that scripts send, answer or fail with
/// but that cannot build its event, is a mistake in the vocabulary, like a duplicate row in a
/// table: building the index stops the program with a message that names it.
@usableFromInline
struct ConstructorIndex<M: MachineDefinition>: Sendable {
    /// The answers to one request kind (a class, so that reading them copies one reference).
    @usableFromInline
    final class Answers: Sendable {
        /// The answer that carries nothing (`respond KIND`), if any.
        @usableFromInline let bare: Constructor<M.Event>?
        /// The answers that carry arguments, in order.
        @usableFromInline let carrying: [Constructor<M.Event>]
        /// What a value after `respond KIND` is checked against: the one parameter's type of a
        /// constructor of one parameter, or the constructor under the kind's name (`respond
        /// KIND(a, b)`); several answers are tried in order.
        @usableFromInline let types: [ValueType]

        @usableFromInline
        init(bare: Constructor<M.Event>?, carrying: [Constructor<M.Event>], types: [ValueType]) {
            self.bare = bare
            self.carrying = carrying
            self.types = types
        }
    }

    /// The host events' constructors by name, overloads in order.
    @usableFromInline let hostEvents: [String: [Constructor<M.Event>]]
    /// The host events' names, in the vocabulary's order (for messages).
    @usableFromInline let hostEventNames: [String]
    /// The answers, by request kind.
    @usableFromInline let answers: [Answers]
    /// The failures, by request kind.
    @usableFromInline let failures: [[Constructor<M.Event>]]
    /// Every event's constructors, by event kind.
    @usableFromInline let byEventKind: [[Constructor<M.Event>]]
    /// The commands' constructors: `startTimer`, `cancelTimer` and `cancel`, then the
    /// vocabulary's requests and outputs as it lists them.
    @usableFromInline let commands: [Constructor<Command<M>>]
    /// How many of ``commands`` are the shared ones, which build no request and no output.
    @usableFromInline let sharedCommandCount: Int
    /// The table's names of the event kinds and request kinds, by raw value: what a value of an
    /// event no constructor builds, and a request in a statement, are written with (`name` of an
    /// `IndexedCase` is found by reflection).
    @usableFromInline let eventNames: [String]
    @usableFromInline let requestKindNames: [String]

    /// Inlinable, so that the shared commands' constructors are compiled for the machine where
    /// the index is made (a transcript reads every command through them).
    @inlinable
    init<V: ScriptVocabulary>(_ vocabulary: V) where V.Machine == M {
        let table = vocabulary.table
        var hostEvents: [String: [Constructor<M.Event>]] = [:]
        var hostEventNames: [String] = []
        var byEventKind = [[Constructor<M.Event>]](repeating: [], count: table.eventNames.count)
        var answers = [[Constructor<M.Event>]](repeating: [], count: table.requestKindNames.count)
        var failures = [[Constructor<M.Event>]](repeating: [], count: table.requestKindNames.count)
        for constructor in vocabulary.events {
            guard let index = table.eventNames.firstIndex(of: constructor.name), let kind = M.Event.Kind(rawValue: index) else {
                preconditionFailure(
                    """
                    the \(vocabulary.machineName) vocabulary's event constructor '\(constructor.name)' names no event kind; \
                    expected one of \(table.eventNames.joined(separator: ", "))
                    """)
            }
            guard constructor.make != nil || !table.isHostEvent(kind) && M.requestKind(answeredBy: kind) == nil else {
                preconditionFailure(
                    "the \(vocabulary.machineName) vocabulary's event constructor '\(constructor.name)' cannot build its event: give it make"
                )
            }
            byEventKind[index].append(constructor)
            if let requestKind = M.requestKind(answeredBy: kind) {
                if M.isFailure(kind) {
                    failures[requestKind.rawValue].append(constructor)
                } else {
                    answers[requestKind.rawValue].append(constructor)
                }
            } else if table.isHostEvent(kind) {
                if hostEvents[constructor.name] == nil { hostEventNames.append(constructor.name) }
                hostEvents[constructor.name, default: []].append(constructor)
            }
        }
        self.hostEvents = hostEvents
        self.hostEventNames = hostEventNames
        self.byEventKind = byEventKind
        self.failures = failures
        self.answers = zip(answers, table.requestKindNames).map { constructors, kindName in
            let carrying = constructors.filter { !$0.parameters.isEmpty }
            return Answers(
                bare: constructors.first { $0.parameters.isEmpty }, carrying: carrying,
                types: carrying.map { $0.parameters.count == 1 ? $0.parameters[0].type : $0.valueType(named: kindName) })
        }
        let shared = Self.sharedCommands(table)
        self.commands = shared + vocabulary.commands
        self.sharedCommandCount = shared.count
        self.eventNames = table.eventNames
        self.requestKindNames = table.requestKindNames
    }

    /// The value of `event`: its first constructor that builds it, or its kind's name when none
    /// does (a timer's event).
    @inlinable
    func value(of event: M.Event) -> Value {
        for constructor in byEventKind[event.kind.rawValue] {
            if let value = constructor.value(of: event) { return value }
        }
        return .constructed(eventNames[event.kind.rawValue], [])
    }

    /// What ``value(of:)-(M.Event)`` makes `event`'s value of, without making it: its first
    /// constructor's name and parameters and its arguments, or its kind's name and no arguments.
    @inlinable
    func arguments(of event: M.Event) -> (name: String, parameters: [Parameter], values: [Value]) {
        if let found = Self.arguments(of: event, among: byEventKind[event.kind.rawValue]) { return found }
        return (eventNames[event.kind.rawValue], [], [])
    }

    /// The name, parameters and arguments of the first of `constructors` that builds `built`,
    /// each constructor read where the list keeps it (not copied, with its closures and
    /// parameters, to be tried).
    @inlinable
    static func arguments<T>(
        of built: T, among constructors: [Constructor<T>]
    ) -> (
        name: String, parameters: [Parameter], values: [Value]
    )? {
        constructors.withUnsafeBufferPointer { constructors in
            for index in constructors.indices {
                if let values = constructors[index].arguments(built), values.count == constructors[index].parameters.count {
                    return (constructors[index].name, constructors[index].parameters, values)
                }
            }
            return nil
        }
    }

    /// The value of `command`: its first constructor that builds it, or the command as Swift
    /// describes it when none does.
    @inlinable
    func value(of command: Command<M>) -> Value {
        for constructor in commands {
            if let value = constructor.value(of: command) { return value }
        }
        return .name(String(describing: command))
    }

    /// `startTimer(name, duration)`, `cancelTimer(name)` and `cancel(kind)`.
    @inlinable
    static func sharedCommands(_ table: TransitionTable<M>) -> [Constructor<Command<M>>] {
        let timerNames = table.timerNames
        let kindNames = table.requestKindNames
        let timer = ValueType.enumeration("timer", timerNames)
        let kind = ValueType.enumeration("request kind", kindNames)
        return [
            Constructor(
                "startTimer", [Parameter("name", timer), Parameter("duration", .duration)],
                arguments: { command in
                    guard case .startTimer(let timer, let duration) = command else { return nil }
                    return [.name(timerNames[timer.rawValue]), .duration(duration)]
                }),
            Constructor(
                "cancelTimer", [Parameter("name", timer)],
                arguments: { command in
                    guard case .cancelTimer(let timer) = command else { return nil }
                    return [.name(timerNames[timer.rawValue])]
                }),
            Constructor(
                "cancel", [Parameter("kind", kind)],
                arguments: { command in
                    guard case .cancel(let requestKind) = command else { return nil }
                    return [.name(kindNames[requestKind.rawValue])]
                }),
        ]
    }
}
