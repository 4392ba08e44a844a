/// What a row does when it fires: mutate the context and put commands in the outbox.
public typealias Action<M: MachineDefinition> = @Sendable (inout M.Context, M.Event, inout Outbox<M>) -> Void

/// One transition of the table: in `region`, from one of `sources`, on an event of kind `event`,
/// when `guard` holds, go to `target` (or stay) and run `action`.
///
/// Every row has a stable ``id`` that transcripts, coverage reports and diagrams name.
public struct Row<M: MachineDefinition>: Sendable {
    /// The row's stable name.
    public let id: String
    /// The name of the region the row belongs to.
    public let regionName: String
    let stateType: ObjectIdentifier
    /// The source state indexes, or `nil` for every state of the region.
    public let sources: [Int]?
    /// The kind of event that triggers the row.
    public let event: M.Event.Kind
    /// The condition that must hold, if any.
    public let `guard`: Guard<M>?
    /// The target state index, or `nil` to stay in the source state.
    public let target: Int?
    /// The action, if any.
    public let action: Action<M>?

    /// Declares a row of `region`.
    ///
    /// - Parameters:
    ///   - id: A stable name, unique in the table.
    ///   - region: The region the row belongs to.
    ///   - sources: The states it leaves from: a list, or ``Sources/any``.
    ///   - event: The event kind that triggers it.
    ///   - guard: A condition that must hold.
    ///   - target: The state it enters; omit it to stay in the source state.
    ///   - action: What it does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        on event: M.Event.Kind,
        when guard: Guard<M>? = nil,
        to target: S? = nil,
        action: Action<M>? = nil
    ) {
        self.id = id
        self.regionName = region.name
        self.stateType = ObjectIdentifier(S.self)
        self.sources = sources.states?.map(\.rawValue)
        self.event = event
        self.guard = `guard`
        self.target = target?.rawValue
        self.action = action
    }
}

/// The states a row leaves from.
public struct Sources<S: ControlState>: Sendable, ExpressibleByArrayLiteral {
    /// The states, or `nil` for any state.
    public let states: [S]?

    /// Every state of the region.
    public static var any: Sources { Sources(states: nil) }

    init(states: [S]?) { self.states = states }

    public init(arrayLiteral elements: S...) { states = elements }
}
