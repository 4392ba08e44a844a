/// Everything a machine is at one instant: the control state of each region, the context, and
/// what it has running.
public struct MachineState<M: MachineDefinition>: Sendable {
    /// The control state of every region, by region index.
    public var controls: ControlStates
    /// The extended state.
    public var context: M.Context
    /// The timers running and the requests in flight.
    public var work: WorkLedger<M.Timer, M.Request.Kind>

    /// A state with the given parts.
    @inlinable
    public init(controls: ControlStates, context: M.Context, work: WorkLedger<M.Timer, M.Request.Kind> = .init()) {
        self.controls = controls
        self.context = context
        self.work = work
    }

    /// The control state of `region`: its leaf. Set to a compound state, the region enters the
    /// state's initial leaf, as a row that targets it does (a region is always in a leaf).
    ///
    /// A nested region that is not active (see ``Region/init(_:index:within:_:initial:final:children:)``)
    /// keeps the state it will start in: its initial leaf, or under a deep history the leaf it
    /// will resume.
    @inlinable
    public subscript<S>(region: Region<S>) -> S {
        get { S(rawValue: controls[region.index]) ?? region.initial }
        set { controls[region.index] = region.initialLeaf(of: newValue).rawValue }
    }

    /// Whether `region` is in `state`: the region is active and its leaf is `state` or a
    /// descendant of it.
    @inlinable
    public func isIn<S>(_ state: S, of region: Region<S>) -> Bool {
        region.isActive(in: controls) && region.isIn(state, whenIn: self[region])
    }
}

extension MachineState: Equatable where M.Context: Equatable {}
extension MachineState: Hashable where M.Context: Hashable {}
