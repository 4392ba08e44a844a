extension TransitionTable {
    /// The history slot of `compound` in `region`: its place in the history memory of
    /// ``ControlStates``, or `nil` when no row of the table enters it by ``History``.
    func historySlot(region: Int, state compound: Int) -> Int? {
        historySlots.firstIndex { $0.region == region && $0.state == compound }
    }

    /// The leaf `compound` remembers in `machineState`: the leaf that was active when it was
    /// last exited, which a row entering it by deep history re-enters (shallow history
    /// re-enters the child of `compound` that holds it). `nil` when `compound` was never exited,
    /// or when no row enters it by history (the table keeps no memory for it).
    ///
    /// ```swift
    /// table.remembered(.on, of: Heater.mode, in: state)  // .high: `resume` re-enters high
    /// ```
    public func remembered<S>(_ compound: S, of region: Region<S>, in machineState: MachineState<M>) -> S? {
        guard let slot = historySlot(region: region.index, state: compound.rawValue),
            let leaf = machineState.controls[history: slot]
        else { return nil }
        return S(rawValue: leaf)
    }

    /// Makes `compound` remember `leaf` in `machineState`, as exiting it from `leaf` does; `nil`
    /// forgets, as if it had never been exited. A test uses it to say how a step changed the
    /// history memory:
    ///
    /// ```swift
    /// store.send(.power) {
    ///     $0[Heater.mode] = .off
    ///     Heater.table.remember(.high, for: .on, of: Heater.mode, in: &$0)
    /// }
    /// ```
    ///
    /// A compound state no row enters by history has no memory, and a `leaf` that is not a
    /// descendant of `compound` is no memory it could hold: either stops the program, as a
    /// mistake in the test's own declaration.
    public func remember<S>(_ leaf: S?, for compound: S, of region: Region<S>, in machineState: inout MachineState<M>) {
        guard let slot = historySlot(region: region.index, state: compound.rawValue) else {
            preconditionFailure("no row of the table enters \(region.name).\(compound.name) by history")
        }
        if let leaf {
            let description = regions[region.index]
            precondition(
                !description.isCompound(leaf.rawValue) && description.ancestors(of: leaf.rawValue).contains(compound.rawValue),
                "\(region.name).\(leaf.name) is not a leaf of \(compound.name)")
        }
        machineState.controls[history: slot] = leaf?.rawValue
    }
}
