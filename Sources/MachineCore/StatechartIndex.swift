/// What the statechart step of a table reads besides its rows and slots (see
/// ``TransitionTable``'s `stepStatechart`): the states as one tree in document order, each row's
/// targets and each candidate's source as nodes of it, the initial transitions and history
/// defaults, and the done event each node raises.
///
/// Built once with the table and shared by its copies: a table copied into every runtime copies
/// one reference for all of it.
final class StatechartIndex<M: MachineDefinition>: Sendable {
    let tree: StateTree
    /// Each row's targets as nodes; empty for a row that stays.
    let rowTargets: [[Int]]
    /// For each candidate of the table's slots, the node of the state its row leaves from.
    let candidateSources: [Int32]
    /// For each node: the node its initial transition enters (a region's initial state, a
    /// compound state's ``Initial`` target or first child), or -1.
    let initialTargets: [Int32]
    /// The targets of imported initial transitions, by node, in place of ``initialTargets``: an
    /// `initial="a b"` (see ``Initial``'s `importedTargets`).
    let initialTargetOverrides: [Int: [Int]]
    /// For each node: the action of its initial transition (``Initial``), if any.
    let initialActions: [Action<M>?]
    /// The default of each history a row enters by, for the states an ``Initial`` gives one (its
    /// target, or an imported default's several): by node times two, plus one for a deep history.
    let historyDefaults: [Int: (targets: [Int], action: Action<M>?)]
    /// For each node, the history slots it fills when exited (a byte of ones per slot).
    let historyMasks: [UInt64]
    /// For each node, the slot of its done event (``RowTrigger/done(_:)``) when a row handles it, or -1.
    let doneKinds: [Int32]
    /// For each region, whether it keeps its leaf when exited: it lies below a state a row enters
    /// by deep history, which restores it. Any other region exited starts over from its initial
    /// leaf, so that two states the machine cannot tell apart are equal.
    let retainsLeaf: [Bool]
    /// Whether transitions can compete across regions: a row of a region can exit states of
    /// another (a region is nested in a state some row exits). Without, the rows each region
    /// picks all fire, as SCXML's conflict resolution would keep them.
    let hasConflicts: Bool

    init(
        tree: StateTree, rowTargets: [[Int]], candidateSources: [Int32], initialTargets: [Int32],
        initialTargetOverrides: [Int: [Int]], initialActions: [Action<M>?],
        historyDefaults: [Int: (targets: [Int], action: Action<M>?)], historyMasks: [UInt64],
        doneKinds: [Int32], retainsLeaf: [Bool], hasConflicts: Bool
    ) {
        self.tree = tree
        self.rowTargets = rowTargets
        self.candidateSources = candidateSources
        self.initialTargets = initialTargets
        self.initialTargetOverrides = initialTargetOverrides
        self.initialActions = initialActions
        self.historyDefaults = historyDefaults
        self.historyMasks = historyMasks
        self.doneKinds = doneKinds
        self.retainsLeaf = retainsLeaf
        self.hasConflicts = hasConflicts
    }
}

extension TransitionTable {
    /// Checks `initials` against the regions and records each initial transition's target in its
    /// region (see ``RegionDescription``'s default target); returns them by region and state.
    static func resolve(
        _ initials: [Initial<M>], regions: inout [RegionDescription], regionIndex: [String: Int]
    ) throws(TableError) -> [(region: Int, initial: Initial<M>)] {
        var resolved: [(region: Int, initial: Initial<M>)] = []
        var targets = regions.map { [Int](repeating: -1, count: $0.states.count) }
        for initial in initials {
            guard let region = regionIndex[initial.regionName], regions[region].stateType == initial.stateType else {
                throw .invalidInitial(
                    region: initial.regionName, state: "#\(initial.state)", problem: "the table lists no such region")
            }
            let description = regions[region]
            let name = description.states[initial.state]
            // An imported history of a parallel state: its default enters states of the regions
            // within it (its `importedTargets`), and its `target` is the state itself.
            let isParallelHistory =
                initial.history != nil && !initial.importedTargets.isEmpty && initial.target == initial.state
                && regions.contains { $0.parent == RegionParent(region: region, state: initial.state) }
            guard description.isCompound(initial.state) || isParallelHistory else {
                throw .invalidInitial(region: description.name, state: name, problem: "it has no child states")
            }
            guard isParallelHistory || description.ancestors(of: initial.target).contains(initial.state) else {
                throw .invalidInitial(
                    region: description.name, state: name,
                    problem: "its target '\(description.states[initial.target])' is not below it")
            }
            guard
                !resolved.contains(where: {
                    $0.region == region && $0.initial.state == initial.state && $0.initial.history == initial.history
                })
            else {
                let what = initial.history.map { "the default of its \($0.rawValue) history" } ?? "its initial transition"
                throw .invalidInitial(region: description.name, state: name, problem: "\(what) is declared twice")
            }
            for address in initial.importedTargets {
                guard let other = regionIndex[address.regionName], regions[other].states.indices.contains(address.state)
                else {
                    throw .invalidInitial(
                        region: description.name, state: name,
                        problem: "it targets state #\(address.state) of '\(address.regionName)', which the table lacks")
                }
            }
            if initial.history == nil { targets[region][initial.state] = initial.target }
            if initial.history == nil, !initial.importedTargets.isEmpty {
                regions[region].importedStateInitials[initial.state] = initial.importedTargets
            }
            resolved.append((region, initial))
        }
        for region in regions.indices where targets[region].contains(where: { $0 >= 0 }) {
            regions[region] = regions[region].withInitialTargets(targets[region])
        }
        return resolved
    }

    /// The statechart index of a table being built (see ``StatechartIndex``).
    static func statechartIndex(
        tree: StateTree, regions: [RegionDescription], rows: [Row<M>], rowRegion: [Int], candidates: CandidateIndex,
        initials: [(region: Int, initial: Initial<M>)], historySlots: [(region: Int, state: Int)],
        triggers: TriggerIndex<M>, eventCount: Int
    ) -> StatechartIndex<M> {
        var initialTargets = [Int32](repeating: -1, count: tree.count)
        for (region, description) in regions.enumerated() {
            initialTargets[Int(tree.regionNodes[region])] = Int32(tree.node(region: region, state: description.initial))
            for state in description.states.indices {
                guard let target = description.defaultTarget(of: state) else { continue }
                initialTargets[tree.node(region: region, state: state)] = Int32(tree.node(region: region, state: target))
            }
        }
        let regionIndex = Dictionary(regions.enumerated().map { ($0.element.name, $0.offset) }) { first, _ in first }
        func node(of address: StateAddress) -> Int {
            tree.node(region: regionIndex[address.regionName] ?? 0, state: address.state)
        }
        var initialActions = [Action<M>?](repeating: nil, count: tree.count)
        var historyDefaults: [Int: (targets: [Int], action: Action<M>?)] = [:]
        for (region, initial) in initials {
            let node = tree.node(region: region, state: initial.state)
            if let history = initial.history {
                let targets =
                    initial.importedTargets.isEmpty
                    ? [tree.node(region: region, state: initial.target)] : initial.importedTargets.map(node(of:))
                historyDefaults[node * 2 + (history == .deep ? 1 : 0)] = (targets, initial.action)
            } else {
                initialActions[node] = initial.action
            }
        }
        var historyMasks = [UInt64](repeating: 0, count: tree.count)
        for (slot, compound) in historySlots.enumerated() {
            historyMasks[tree.node(region: compound.region, state: compound.state)] |= 0xFF << UInt64(slot * 8)
        }
        var doneKinds = [Int32](repeating: -1, count: tree.count)
        for (position, done) in triggers.doneStates.enumerated() {
            doneKinds[tree.node(region: done.region, state: done.state)] = Int32(eventCount + 1 + position)
        }
        let rowTargets = rows.map { $0.targetAddresses.map(node(of:)) }
        var retainsLeaf = [Bool](repeating: false, count: regions.count)
        for (index, row) in rows.enumerated() where row.history == .deep {
            for target in rowTargets[index] {
                for region in regions.indices where tree.isDescendant(Int(tree.regionNodes[region]), of: target) {
                    retainsLeaf[region] = true
                }
            }
        }
        var initialTargetOverrides: [Int: [Int]] = [:]
        for (region, description) in regions.enumerated() where !description.importedInitialTargets.isEmpty {
            initialTargetOverrides[Int(tree.regionNodes[region])] = description.importedInitialTargets.map(node(of:))
        }
        for (region, initial) in initials where initial.history == nil && !initial.importedTargets.isEmpty {
            initialTargetOverrides[tree.node(region: region, state: initial.state)] = initial.importedTargets.map(node(of:))
        }
        return StatechartIndex(
            tree: tree,
            rowTargets: rowTargets,
            candidateSources: candidates.rows.indices.map { position in
                Int32(tree.node(region: rowRegion[candidates.rows[position]], state: Int(candidates.sources[position])))
            },
            initialTargets: initialTargets, initialTargetOverrides: initialTargetOverrides, initialActions: initialActions,
            historyDefaults: historyDefaults, historyMasks: historyMasks, doneKinds: doneKinds,
            retainsLeaf: retainsLeaf, hasConflicts: regions.contains { $0.parent != nil })
    }
}
