/// What a row does when it fires: mutate the context and put commands in the outbox.
public typealias Action<M: MachineDefinition> = @Sendable (inout M.Context, M.Event, inout Outbox<M>) -> Void

/// One transition of the table: in `region`, from one of `sources`, on an event of kind `event`,
/// when `guard` holds, go to `target` (or stay) and run `action`.
///
/// Every row has a stable ``id`` that transcripts, coverage reports and diagrams name.
///
/// In a region that nests states (see ``Region``), a row whose source is a compound state applies
/// in each of its descendant leaves, and a row that targets a compound state enters its initial
/// child, down to a leaf, or the child or leaf it remembers when the row names a ``History``.
/// Firing a row with a target exits the states from the current leaf up to (not including) the
/// least common ancestor of the row's source and target, runs the row's action, then enters the
/// states down to the new leaf, each with its ``StateActions``. A row whose target is its source
/// exits and re-enters it; an `internal` row whose target is its source or one of its descendants
/// does not exit or re-enter its source, only the states below it. A row without a target stays
/// in the current leaf and exits and enters nothing.
public struct Row<M: MachineDefinition>: Sendable {
    /// The row's stable name.
    public let id: String
    /// The name of the region the row belongs to.
    package let regionName: String
    let stateType: ObjectIdentifier
    /// The source state indexes, or `nil` for every state of the region.
    public let sources: [Int]?
    /// The kind of event that triggers the row.
    public let event: M.Event.Kind
    /// The named condition on the state and the event that must hold for the row to fire; `nil`
    /// for a row that always fires on its event.
    public let `guard`: Guard<M>?
    /// The target state index, or `nil` to stay in the source state.
    public let target: Int?
    /// The history the row enters its compound target by, if any.
    public let history: History?
    /// Whether the row is internal: it neither exits nor re-enters its source state.
    package let isInternal: Bool
    /// What the row does when it fires: changes the context and emits commands; `nil` for a row
    /// that only moves between states.
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
    ///   - history: For a compound target, enter the child (``History/shallow``) or the leaf
    ///     (``History/deep``) that was active when the target was last exited, rather than its
    ///     initial child; the initial child when it was never active.
    ///   - internal: For a target that is the source state or one of its descendants: do not
    ///     exit and re-enter the source state.
    ///   - action: What it does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        on event: M.Event.Kind,
        when guard: Guard<M>? = nil,
        to target: S? = nil,
        history: History? = nil,
        internal: Bool = false,
        action: Action<M>? = nil
    ) {
        self.id = id
        self.regionName = region.name
        self.stateType = ObjectIdentifier(S.self)
        self.sources = sources.states?.map(\.rawValue)
        self.event = event
        self.guard = `guard`
        self.target = target?.rawValue
        self.history = history
        self.isInternal = `internal`
        self.action = action
    }
}

/// How a row re-enters a compound state it targets, as SCXML's `<history>` does.
public enum History: String, Hashable, Sendable, CaseIterable {
    /// Enter the child that was active when the state was last exited, then that child's
    /// initial descendants.
    case shallow
    /// Enter the leaf that was active when the state was last exited.
    case deep
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
