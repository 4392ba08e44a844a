/// What an importer declares a table with when a machine's names are known only at run time (an
/// SCXML document's states and events): regions, rows, state actions and initial transitions by
/// index, and the event names, rather than by the cases of Swift enumerations.
///
/// Every declaration of this file names its states by index in a region whose states an
/// ``ImportedRegion`` lists; the table checks them as it checks any other.

/// A state of any region: the region's name and the state's index in it.
package struct StateAddress: Hashable, Sendable {
    /// The name of the state's region.
    package let regionName: String
    /// The state's index in that region.
    package let state: Int

    package init(regionName: String, state: Int) {
        self.regionName = regionName
        self.state = state
    }
}

/// The state type of every imported region: its states are the names an ``ImportedRegion``
/// lists, not cases of an enumeration.
enum ImportedState {}

/// A region whose states are named at run time.
package struct ImportedRegion: AnyRegion {
    package let listing: RegionDescription

    /// A region of `states` (by index), starting in `initial`; `children` lists each compound
    /// state's children, its initial child first. `parent`, with `parentName`, is the state the
    /// region is within, if any. With `standsForItsState`, the region is one state of a parallel
    /// state, as an SCXML `<parallel>`'s child is: its only top state, the one it stands for, is
    /// done when it is in a final state as SCXML says (a compound state with a final child
    /// active, a parallel state whose regions all are), and the region with it. `initialTargets`,
    /// when not empty, are the states entering the region enters in place of `initial` and its
    /// default descendants (SCXML's `initial="a b"` on `<scxml>`, whose targets may lie in the
    /// regions nested below `initial`).
    package init(
        _ name: String, index: Int, states: [String], initial: Int, final finalStates: [Int] = [],
        children: [(parent: Int, children: [Int])] = [], within parent: RegionParent? = nil, parentName: String? = nil,
        standsForItsState: Bool = false, initialTargets: [StateAddress] = []
    ) {
        var listing = RegionDescription(
            name: name, index: index, stateType: ObjectIdentifier(ImportedState.self), states: states, initial: initial,
            finalStates: finalStates, children: children, parent: parent, parentName: parentName)
        listing.standsForItsState = standsForItsState
        listing.importedInitialTargets = initialTargets
        self.listing = listing
    }

    /// A region already listed, handed back to a table.
    package init(listing: RegionDescription) { self.listing = listing }
}

extension Row {
    /// A row of an imported region: from `sources` (by index, `nil` for every state), on
    /// `trigger`, to `target` in its own region and to each of `extraTargets` in any region
    /// (SCXML's `target="a b"`, a target across a parallel state's border).
    package init(
        imported id: String, region: String, sources: [Int]?, trigger: RowTrigger<M>, guard: Guard<M>?, target: Int?,
        extraTargets: [StateAddress] = [], history: History? = nil, internal: Bool = false, action: Action<M>?
    ) {
        self.init(
            id: id, regionName: region, stateType: ObjectIdentifier(ImportedState.self), sources: sources,
            trigger: trigger, guard: `guard`, target: target, history: history, isInternal: `internal`, action: action)
        self.extraTargets = extraTargets
        // SCXML's history is a pseudo-state, child of the state it belongs to.
        self.targetsHistoryState = history != nil
    }

    /// The row's targets, its own region's first: where the statechart step enters.
    var targetAddresses: [StateAddress] {
        (target.map { [StateAddress(regionName: regionName, state: $0)] } ?? []) + extraTargets
    }
}

extension StateActions {
    /// The entry and exit actions of state `state` of the imported region `region`.
    package init(imported region: String, state: Int, entry: Action<M>?, exit: Action<M>?) {
        self.regionName = region
        self.stateType = ObjectIdentifier(ImportedState.self)
        self.state = state
        self.entry = entry
        self.exit = exit
    }
}

extension Initial {
    /// The initial transition of compound state `state` of the imported region `region` (with
    /// `history`, that history's default): to `target`, a state below it in that region, or, when
    /// `targets` is not empty, to those states in place of it, in that region or in the regions
    /// nested below it (SCXML's `initial="a b"`); `target` is then the state of the region on the
    /// way to the first of them.
    package init(
        imported region: String, state: Int, history: History? = nil, target: Int, targets: [StateAddress] = [],
        action: Action<M>?
    ) {
        self.init(
            regionName: region, stateType: ObjectIdentifier(ImportedState.self), state: state, history: history,
            target: target, action: action)
        self.importedTargets = targets
    }
}

extension TransitionTable {
    /// Builds and checks an imported table: its regions and rows as
    /// ``init(validating:rows:exclusive:stateActions:initials:)`` takes them, and the names of
    /// its event kinds, by raw value, in place of the cases of `M.Event.Kind`.
    package init(
        importing regions: [ImportedRegion], rows: [Row<M>], stateActions: [StateActions<M>], initials: [Initial<M>],
        eventNames: [String]
    ) throws(TableError) {
        try self.init(
            validating: regions, rows: rows, stateActions: stateActions, initials: initials,
            importedEventNames: eventNames)
    }
}
