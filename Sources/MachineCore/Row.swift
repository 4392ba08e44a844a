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
/// exits and re-enters it; an `internal` row from a compound state to a state strictly below it
/// does not exit or re-enter its source, only the states below it (SCXML's `type="internal"`; an
/// internal row to its own source acts as an external one unless it enters it by ``History``,
/// as SCXML's internal transition to its source's own history does not leave the source; from a
/// state without children it acts as an external one, and one whose target is outside a source
/// is a ``TableError``). A row without a target stays in the current leaf and exits and enters
/// nothing.
public struct Row<M: MachineDefinition>: Sendable {
    /// The row's stable name.
    public let id: String
    /// The name of the region the row belongs to.
    package let regionName: String
    let stateType: ObjectIdentifier
    /// The source state indexes, or `nil` for every state of the region.
    public let sources: [Int]?
    /// The kind of event that triggers the row: the event of an event row, the firing of its
    /// timer for a delayed or repeating row with a timer; `nil` for a row on an event descriptor,
    /// a delayed or repeating row without a timer, an eventless row and a done row, which the
    /// runtime steps itself (see ``trigger``).
    public var event: M.Event.Kind? {
        switch trigger {
        case .event(let kind): kind
        case .after(_, let timer?), .every(_, let timer?): M.event(firing: timer).kind
        case .after, .every, .events, .always, .done: nil
        }
    }
    /// What makes the row fire.
    public let trigger: RowTrigger<M>
    /// The named condition on the state and the event that must hold for the row to fire; `nil`
    /// for a row that always fires on its event.
    public let `guard`: Guard<M>?
    /// The target state index, or `nil` to stay in the source state.
    public let target: Int?
    /// The history the row enters its compound target by, if any.
    public let history: History?
    /// Whether the row is internal: from a compound source to a state strictly below it, it
    /// neither exits nor re-enters its source (SCXML's `type="internal"`).
    package let isInternal: Bool
    /// What the row does when it fires: changes the context and emits commands; `nil` for a row
    /// that only moves between states.
    public let action: Action<M>?
    /// The row's targets beyond ``target``, each in any region: SCXML's transitions with several
    /// targets, or with a target outside their source's region, as an importer declares them
    /// (``init(imported:region:sources:trigger:guard:target:extraTargets:history:internal:action:)``).
    /// Empty for every row declared in Swift.
    package internal(set) var extraTargets: [StateAddress] = []
    /// Whether the row targets SCXML's history pseudo-state of its ``target`` (`target="h"`), as
    /// an importer declares it: its domain is then worked out from what the history enters (SCXML's
    /// effective targets), so a row from inside the state keeps it. A row declared in Swift
    /// targets the state itself, entered by its history, and is exited and entered as any other.
    package internal(set) var targetsHistoryState = false

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
    ///   - internal: For a compound source and a target strictly below it: do not exit and
    ///     re-enter the source state (SCXML's `type="internal"`). The target must be each source
    ///     or below it (``TableError/invalidRowTarget(row:problem:)`` otherwise); to its own
    ///     source without a `history`, or from a source without children, the row acts as an
    ///     external one.
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
        self.init(
            id, region: region, sources: sources, trigger: .event(event), guard: `guard`, target: target,
            history: history, internal: `internal`, action: action)
    }

    /// Declares a row on the events an event descriptor takes (SCXML's `event="error.*"`,
    /// `event="*"`; see ``EventDescriptor``).
    ///
    /// - Parameters:
    ///   - id: A stable name, unique in the table.
    ///   - region: The region the row belongs to.
    ///   - sources: The states it leaves from: a list, or ``Sources/any``.
    ///   - descriptor: The events it takes; it must take at least one of the machine's.
    ///   - guard: A condition that must hold.
    ///   - target: The state it enters; omit it to stay in the source state.
    ///   - history: For a compound target, enter it by its history (see ``History``).
    ///   - internal: For a compound source and a target strictly below it: do not exit and
    ///     re-enter the source state (SCXML's `type="internal"`). The target must be each source
    ///     or below it (``TableError/invalidRowTarget(row:problem:)`` otherwise); to its own
    ///     source without a `history`, or from a source without children, the row acts as an
    ///     external one.
    ///   - action: What it does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        on descriptor: EventDescriptor,
        when guard: Guard<M>? = nil,
        to target: S? = nil,
        history: History? = nil,
        internal: Bool = false,
        action: Action<M>? = nil
    ) {
        self.init(
            id, region: region, sources: sources, trigger: .events(descriptor), guard: `guard`, target: target,
            history: history, internal: `internal`, action: action)
    }

    /// Declares a delayed row, which fires `delay` after its source state was entered (XState's
    /// `after`, SCXML's `<send delay>` with a `<cancel>` on exit).
    ///
    /// Entering a source state starts the delay, after the state's own entry action; exiting it
    /// cancels the delay, before the state's own exit action: no action starts or cancels it by
    /// hand. When it falls due, the row is chosen as any row is, guard included. Without a
    /// `timer`, the delay is the row's own: it needs no timer, no event and no line of
    /// ``MachineDefinition/event(firing:)``, transcripts name it after the row, and its firing,
    /// which has no event of its own, shows its closures the machine's
    /// ``MachineDefinition/startEvent`` (the table requires one). With a `timer`, the row fires
    /// on the timer's event (``MachineDefinition/event(firing:)``), so several delayed rows of one
    /// state can share the timer and compete, with the same delay; a timer is not delayed from a
    /// state and from one of its descendants.
    ///
    /// - Parameters:
    ///   - id: A stable name, unique in the table.
    ///   - region: The region the row belongs to.
    ///   - sources: The states it leaves from, listed.
    ///   - delay: How long after entering the source the row fires; zero or more. A delay of
    ///     zero fires at the runtime's next clock advance, never inside the step that entered
    ///     the state.
    ///   - timer: The machine's timer that measures it, if any; scripts and transcripts name it.
    ///   - guard: A condition that must hold.
    ///   - target: The state it enters; omit it to stay in the source state.
    ///   - history: For a compound target, enter it by its history (see ``History``).
    ///   - internal: For a compound source and a target strictly below it: do not exit and
    ///     re-enter the source state (SCXML's `type="internal"`). The target must be each source
    ///     or below it (``TableError/invalidRowTarget(row:problem:)`` otherwise); to its own
    ///     source without a `history`, or from a source without children, the row acts as an
    ///     external one.
    ///   - action: What it does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        after delay: Duration,
        timer: M.Timer? = nil,
        when guard: Guard<M>? = nil,
        to target: S? = nil,
        history: History? = nil,
        internal: Bool = false,
        action: Action<M>? = nil
    ) {
        self.init(
            id, in: region, from: sources, after: Delay(fixed: delay), timer: timer, when: `guard`, to: target,
            history: history, internal: `internal`, action: action)
    }

    /// Declares a delayed row whose delay is computed from the context when its source state is
    /// entered (SCXML's `delayexpr`, XState's named delays); otherwise as a row delayed by a
    /// fixed duration.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        after delay: Delay<M>,
        timer: M.Timer? = nil,
        when guard: Guard<M>? = nil,
        to target: S? = nil,
        history: History? = nil,
        internal: Bool = false,
        action: Action<M>? = nil
    ) {
        self.init(
            id, region: region, sources: sources, trigger: .after(delay, timer), guard: `guard`, target: target,
            history: history, internal: `internal`, action: action)
    }

    /// Declares a repeating row, which fires every `period` while its source state is active
    /// (a heartbeat).
    ///
    /// Entering a source state starts the period; each firing runs the row's action and starts
    /// the period again; exiting the state cancels it. A repeating row stays in its state: it has
    /// no target. Nor has it a guard: a firing that did nothing would stop the period; an action
    /// that decides what each firing does keeps it. Without a `timer`, the period is the row's
    /// own, as a delayed row's delay is.
    ///
    /// - Parameters:
    ///   - id: A stable name, unique in the table.
    ///   - region: The region the row belongs to.
    ///   - sources: The states it leaves from, listed.
    ///   - period: The time between firings; more than zero.
    ///   - timer: The machine's timer that measures it, if any.
    ///   - action: What each firing does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        every period: Duration,
        timer: M.Timer? = nil,
        action: Action<M>? = nil
    ) {
        self.init(id, in: region, from: sources, every: Delay(fixed: period), timer: timer, action: action)
    }

    /// Declares a repeating row whose period is computed from the context each time it starts
    /// (on entry, and after each firing); otherwise as a row repeating at a fixed period. A
    /// period computed as zero or less falls due at once each time, until the runtime stops it
    /// as a loop.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        every period: Delay<M>,
        timer: M.Timer? = nil,
        action: Action<M>? = nil
    ) {
        self.init(
            id, region: region, sources: sources, trigger: .every(period, timer), guard: nil, target: nil,
            history: nil, internal: false, action: action)
    }

    /// Declares an eventless row (XState's `always`, SCXML's transition without an event): the
    /// runtime takes it after a step, as a step of its own (a *microstep*), whenever `guard`
    /// holds in one of its source states, and repeats until no eventless row applies.
    ///
    /// Its guard and action see the event of the step that led to it.
    ///
    /// - Parameters:
    ///   - id: A stable name, unique in the table.
    ///   - region: The region the row belongs to.
    ///   - sources: The states it leaves from, listed, or ``Sources/any``.
    ///   - guard: The condition that enables it; `nil` for a row taken as soon as its source is
    ///     active (it needs a target that leaves the source, or it would be taken forever).
    ///   - target: The state it enters; omit it to stay in the source state.
    ///   - history: For a compound target, enter it by its history (see ``History``).
    ///   - internal: For a compound source and a target strictly below it: do not exit and
    ///     re-enter the source state (SCXML's `type="internal"`). The target must be each source
    ///     or below it (``TableError/invalidRowTarget(row:problem:)`` otherwise); to its own
    ///     source without a `history`, or from a source without children, the row acts as an
    ///     external one.
    ///   - action: What it does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        from sources: Sources<S>,
        always guard: Guard<M>?,
        to target: S? = nil,
        history: History? = nil,
        internal: Bool = false,
        action: Action<M>? = nil
    ) {
        self.init(
            id, region: region, sources: sources, trigger: .always, guard: `guard`, target: target,
            history: history, internal: `internal`, action: action)
    }

    /// Declares a done row: taken when compound state `state` is done, that is when its region
    /// enters one of `state`'s final children (SCXML's `done.state.ID`, XState's `onDone`).
    ///
    /// The runtime raises the done event after the step that entered the final child, in the
    /// order of its internal queue; its guard and action see the event of that step.
    ///
    /// - Parameters:
    ///   - id: A stable name, unique in the table.
    ///   - region: The region the row belongs to.
    ///   - state: The compound state whose done event the row handles: its source.
    ///   - guard: A condition that must hold.
    ///   - target: The state it enters; omit it to stay.
    ///   - history: For a compound target, enter it by its history (see ``History``).
    ///   - action: What it does to the context and which commands it emits.
    public init<S: ControlState>(
        _ id: String,
        in region: Region<S>,
        done state: S,
        when guard: Guard<M>? = nil,
        to target: S? = nil,
        history: History? = nil,
        action: Action<M>? = nil
    ) {
        self.init(
            id, region: region, sources: [state], trigger: .done(state.rawValue), guard: `guard`, target: target,
            history: history, internal: false, action: action)
    }

    private init<S: ControlState>(
        _ id: String, region: Region<S>, sources: Sources<S>, trigger: RowTrigger<M>, guard: Guard<M>?, target: S?,
        history: History?, internal: Bool, action: Action<M>?
    ) {
        self.id = id
        self.regionName = region.name
        self.stateType = ObjectIdentifier(S.self)
        self.sources = sources.states?.map(\.rawValue)
        self.trigger = trigger
        self.guard = `guard`
        self.target = target?.rawValue
        self.history = history
        self.isInternal = `internal`
        self.action = action
    }
}

/// What makes a row fire.
public enum RowTrigger<M: MachineDefinition>: Sendable {
    /// An event of this kind.
    case event(M.Event.Kind)
    /// Any event the descriptor takes (see ``EventDescriptor``).
    case events(EventDescriptor)
    /// The delay, started when a source state is entered and cancelled when it is exited, on
    /// the timer if any (the row then fires on the timer's event), else on a delay of the row's
    /// own.
    case after(Delay<M>, M.Timer?)
    /// The period, started when a source state is entered, again each time the row fires, and
    /// cancelled when the state is exited; on the timer if any, else on a delay of the row's own.
    case every(Delay<M>, M.Timer?)
    /// Nothing: the row is taken after a step whenever its guard holds.
    case always
    /// The done event of the compound or parallel state with this index: its region entered one
    /// of its final children, or every region within it is in a final state.
    case done(Int)
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
