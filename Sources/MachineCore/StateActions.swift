/// What a state does when it is entered and when it is exited, as statecharts' entry and exit
/// actions.
///
/// A step that changes a region's leaf runs, in order: the exit actions from the old leaf up to
/// (not including) the least common ancestor of the row's source and target, the row's action,
/// then the entry actions from below that ancestor down to the new leaf. A row without a target
/// runs neither.
///
/// ```swift
/// StateActions(in: search, .active, entry: { context, _, _ in context.searching = true },
///              exit: { context, _, out in out.cancelTimer(.searchDebounce) })
/// ```
public struct StateActions<M: MachineDefinition>: Sendable {
    /// The name of the state's region.
    package let regionName: String
    let stateType: ObjectIdentifier
    /// The state's index.
    public let state: Int
    /// What entering the state does.
    public let entry: Action<M>?
    /// What exiting the state does.
    public let exit: Action<M>?

    /// The entry and exit actions of `state` in `region`.
    public init<S: ControlState>(in region: Region<S>, _ state: S, entry: Action<M>? = nil, exit: Action<M>? = nil) {
        self.regionName = region.name
        self.stateType = ObjectIdentifier(S.self)
        self.state = state.rawValue
        self.entry = entry
        self.exit = exit
    }
}
