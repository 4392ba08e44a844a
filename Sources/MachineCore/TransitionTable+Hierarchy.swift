/// The indexes a table builds from its regions' hierarchy and its rows, so that the step finds
/// a leaf's rows and what firing each does by index.
struct CandidateIndex {
    /// For each (region, state, event) slot, where its candidates start in ``rows``.
    var start: [Int] = [0]
    /// The candidate rows of every slot, in priority order: the innermost source first, then
    /// table order.
    var rows: [Int] = []
    /// For each candidate, the state of its region whose row it is: the leaf or the ancestor of
    /// it that the row leaves from (the source SCXML's transition domain is measured from).
    var sources: [Int32] = []
    /// For each candidate, its plan in ``plans`` (empty for a flat table).
    var plans: [Int32] = []
    /// What firing each candidate does.
    var transitionPlans: [TransitionPlan] = []
    /// The region of each plan.
    var planRegions: [Int] = []
    /// The states the plans exit and enter.
    var planStates: [Int32] = []
    /// The compound states entered by history, by slot.
    var historySlots: [(region: Int, state: Int)] = []
    /// For each history slot, leaf and depth (shallow 0, deep 1): the states entered below the
    /// slot's state, at `historyBase[slot] + leaf * 2 + depth`.
    var historyDescents: [StatePath] = []
    var historyBase: [Int] = []

    /// Checks that a region's children form a tree whose final states are leaves.
    static func validate(_ region: RegionDescription) throws(TableError) {
        var seenParents = Set<Int>()
        for parent in region.declaredParents {
            let name = region.states[parent]
            guard seenParents.insert(parent).inserted else {
                throw .invalidHierarchy(region: region.name, problem: "'\(name)' is given children twice")
            }
            guard !region.children[parent].isEmpty else {
                throw .invalidHierarchy(region: region.name, problem: "'\(name)' has an empty list of children")
            }
        }
        var seenChildren = Set<Int>()
        for children in region.children {
            for child in children where !seenChildren.insert(child).inserted {
                throw .invalidHierarchy(region: region.name, problem: "'\(region.states[child])' is listed as a child twice")
            }
        }
        for state in region.states.indices {
            var seen: Set<Int> = [state]
            var current = region.parents[state]
            while let parent = current {
                guard seen.insert(parent).inserted else {
                    throw .invalidHierarchy(region: region.name, problem: "'\(region.states[state])' is its own ancestor")
                }
                current = region.parents[parent]
            }
        }
        for final in region.finalStates where region.isCompound(final) {
            throw .invalidHierarchy(region: region.name, problem: "final state '\(region.states[final])' has children")
        }
    }

    /// Checks a row's history and internal marks against its region's hierarchy; `nested` lists
    /// the regions within each of the region's states. An imported internal row whose targets
    /// are all in other regions (`hasExtraTargets`, below its source: the importer checks) is
    /// left to the statechart step.
    static func validate(
        row id: String, sources: [Int], target: Int?, history: History?, isInternal: Bool, hasExtraTargets: Bool = false,
        in region: RegionDescription, nested: [[Int]]
    ) throws(TableError) {
        if history != nil {
            guard let target, region.isCompound(target) || !nested[target].isEmpty else {
                throw .invalidRowTarget(row: id, problem: "a history needs a compound or parallel target")
            }
        }
        if isInternal, !(target == nil && hasExtraTargets) {
            guard let target else { throw .invalidRowTarget(row: id, problem: "an internal row needs a target") }
            for source in sources where !region.contains(source, target) {
                throw .invalidRowTarget(
                    row: id,
                    problem:
                        "an internal row's target must be its source or below it, and '\(region.states[target])' is not in '\(region.states[source])'"
                )
            }
        }
    }

    /// Builds the candidate lists of every slot; with `planned`, also what firing each candidate
    /// does.
    init(regions: [RegionDescription], kindCount: Int, rows: [PlacedRow], planned: Bool) throws(TableError) {
        for row in rows {
            for target in row.historyTargets
            where !historySlots.contains(where: { $0.region == target.region && $0.state == target.state }) {
                historySlots.append(target)
            }
        }
        guard historySlots.count <= ControlStates.historyCapacity else { throw .tooManyHistoryStates(count: historySlots.count) }
        for slot in historySlots where regions[slot.region].states.count > 255 {
            throw .invalidHierarchy(
                region: regions[slot.region].name, problem: "a region entered by history has at most 255 states")
        }
        if planned { buildHistoryDescents(regions: regions) }

        // The rows of each region and slot kind, in table order: a slot looks at its own only, so
        // that a table of a thousand rows builds in linear time.
        var rowsOfKind = [[Int]](repeating: [], count: regions.count * kindCount)
        for (position, row) in rows.enumerated() {
            for event in row.events where (0..<kindCount).contains(event) {
                let bucket = row.region * kindCount + event
                if rowsOfKind[bucket].last != position { rowsOfKind[bucket].append(position) }
            }
        }
        for (regionIndex, region) in regions.enumerated() {
            for state in region.states.indices {
                let chain = [state] + region.ancestors(of: state)
                for event in 0..<kindCount {
                    if region.isCompound(state) {
                        start.append(self.rows.count)
                        continue
                    }
                    var found: [(depth: Int, position: Int, source: Int)] = []
                    for position in rowsOfKind[regionIndex * kindCount + event] {
                        guard let level = chain.firstIndex(where: rows[position].sources.contains) else { continue }
                        found.append((depth: level, position: position, source: chain[level]))
                    }
                    found.sort { ($0.depth, $0.position) < ($1.depth, $1.position) }
                    for candidate in found {
                        self.rows.append(candidate.position)
                        sources.append(Int32(candidate.source))
                        if planned {
                            let row = rows[candidate.position]
                            plans.append(Int32(transitionPlans.count))
                            planRegions.append(regionIndex)
                            transitionPlans.append(
                                plan(
                                    region: region, regionIndex: regionIndex, leaf: state, source: candidate.source,
                                    target: row.target, history: row.history, isInternal: row.isInternal))
                        }
                    }
                    start.append(self.rows.count)
                }
            }
        }
    }

    /// The leaf `plan` moves its region to when firing it only does that (see
    /// ``CandidateStep/isPlain``): it has a target, exits and enters no state with an action,
    /// and neither remembers nor restores a history. `nil` otherwise.
    func plainLeaf<M>(
        of plan: TransitionPlan, region: Int, offsets: [Int], entryActions: [Action<M>?], exitActions: [Action<M>?]
    ) -> Int? {
        guard plan.changes, plan.historySlot < 0, plan.rememberMask == 0 else { return nil }
        func states(_ path: StatePath) -> [Int] {
            (Int(path.start)..<Int(path.end)).map { offsets[region] + Int(planStates[$0]) }
        }
        let exitsRunActions = states(plan.exits).contains { exitActions[$0] != nil }
        let entriesRunActions = (states(plan.path) + states(plan.descent)).contains { entryActions[$0] != nil }
        guard !exitsRunActions, !entriesRunActions else { return nil }
        return Int(plan.descent.leaf)
    }

    private mutating func append(_ states: [Int], leaf: Int = -1) -> StatePath {
        let first = planStates.count
        planStates += states.map(Int32.init)
        return StatePath(start: first, end: planStates.count, leaf: leaf)
    }

    private mutating func buildHistoryDescents(regions: [RegionDescription]) {
        for slot in historySlots {
            let region = regions[slot.region]
            historyBase.append(historyDescents.count)
            for leaf in region.states.indices {
                let chain = [leaf] + region.ancestors(of: leaf)
                guard !region.isCompound(leaf), let level = chain.firstIndex(of: slot.state), level > 0 else {
                    let unused = StatePath(start: 0, end: 0)
                    historyDescents += [unused, unused]
                    continue
                }
                let below = Array(chain[..<level].reversed())
                let child = below[0]
                let shallow = [child] + region.defaultDescent(below: child)
                historyDescents.append(append(shallow, leaf: region.defaultLeaf(of: child)))
                historyDescents.append(append(below, leaf: leaf))
            }
        }
    }

    private mutating func plan(
        region: RegionDescription, regionIndex: Int, leaf: Int, source: Int, target: Int?,
        history: History?, isInternal: Bool
    ) -> TransitionPlan {
        let empty = StatePath(start: 0, end: 0)
        guard let target else {
            return TransitionPlan(
                exits: empty, path: empty, descent: empty, historySlot: -1, isDeep: false, changes: false,
                rememberMask: 0)
        }
        let targetChain = [target] + region.ancestors(of: target)
        // SCXML: an internal row keeps its source only if the source is compound and the target
        // strictly below it, or it enters its source by history (SCXML's history pseudo-state is
        // a child of its state); any other is external.
        let domain: Int? =
            if isInternal && (target != source || history != nil) && region.isCompound(source)
                && targetChain.contains(source)
            {
                source
            } else {
                region.ancestors(of: source).first { targetChain.dropFirst().contains($0) }
            }
        var exits: [Int] = []
        var current: Int? = leaf
        while let state = current, state != domain {
            exits.append(state)
            current = region.parents[state]
        }
        var path: [Int] = []
        for state in targetChain {
            if state == domain { break }
            path.append(state)
        }
        var mask: UInt64 = 0
        for state in exits {
            if let slot = historySlots.firstIndex(where: { $0.region == regionIndex && $0.state == state }) {
                mask |= 0xFF << UInt64(slot * 8)
            }
        }
        let slot = history.flatMap { _ in historySlots.firstIndex { $0.region == regionIndex && $0.state == target } }
        return TransitionPlan(
            exits: append(exits), path: append(path.reversed()),
            descent: append(region.defaultDescent(below: target), leaf: region.defaultLeaf(of: target)),
            historySlot: Int32(slot ?? -1), isDeep: history == .deep, changes: true, rememberMask: mask)
    }
}

/// What the candidate index reads of a row: its region's position, its sources (every state for
/// `.any`), its slot kinds (its event's raw value, or kinds of ``TriggerIndex``) and its target.
struct PlacedRow {
    let region: Int
    let sources: [Int]
    let events: [Int]
    let target: Int?
    let history: History?
    let isInternal: Bool
    /// The states the row enters by its history, in any region: its targets when it has one.
    let historyTargets: [(region: Int, state: Int)]
}
