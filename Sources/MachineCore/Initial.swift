/// How a compound state is entered when a row targets the state itself: the descendant it enters
/// and an action, SCXML's `<initial><transition>`; or, with `history`, the default of that
/// history, taken while the state remembers nothing (SCXML's `<history>` default transition).
///
/// Without one, a compound state enters its first child and runs no action, and a history that
/// remembers nothing enters the state that way. With one:
///
/// ```swift
/// Initial(in: search, of: .active, to: .debouncing) { context, _, outbox in
///     context.query = ""
/// }
/// Initial(in: player, of: .on, history: .deep, to: .paused)
/// ```
///
/// Entering the state by default runs, in document order, the state's entry action, then the
/// initial action, then the entry actions down to `target` and below it. A history's default runs
/// its action once the state is entered, and enters `target` as a row targeting it would; the
/// state's own initial action does not run then.
public struct Initial<M: MachineDefinition>: Sendable {
    /// The name of the state's region.
    package let regionName: String
    let stateType: ObjectIdentifier
    /// The compound state's index.
    package let state: Int
    /// The history whose default this is, or `nil` for the state's initial transition.
    package let history: History?
    /// The descendant entered, by index.
    package let target: Int
    /// What entering that way does, after the state's own entry action.
    package let action: Action<M>?
    /// The states it enters in place of ``target`` when not empty, in the state's region or the
    /// regions nested below it (an imported `initial="a b"`); empty for every initial transition
    /// declared in Swift.
    var importedTargets: [StateAddress] = []

    /// The initial transition of `state`, or with `history`, that history's default.
    ///
    /// - Parameters:
    ///   - region: The state's region.
    ///   - state: A compound state.
    ///   - history: The history whose default this is; `nil` for the state's initial transition.
    ///   - target: A state below `state`: its child or a deeper descendant.
    ///   - action: What entering that way does.
    public init<S: ControlState>(
        in region: Region<S>, of state: S, history: History? = nil, to target: S, action: Action<M>? = nil
    ) {
        self.init(
            regionName: region.name, stateType: ObjectIdentifier(S.self), state: state.rawValue, history: history,
            target: target.rawValue, action: action)
    }

    init(regionName: String, stateType: ObjectIdentifier, state: Int, history: History?, target: Int, action: Action<M>?) {
        self.regionName = regionName
        self.stateType = stateType
        self.state = state
        self.history = history
        self.target = target
        self.action = action
    }
}
