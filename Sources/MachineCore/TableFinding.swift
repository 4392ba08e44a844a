/// A mistake the static checks find in a table: something no test may ever reach. The tool's
/// `check` prints them; a test asserts there are none:
///
/// ```swift
/// #expect(Connection.table.listing.findings.isEmpty)
/// ```
///
/// A minor version may add a kind of finding (a new check): a `switch` over findings keeps a
/// `default` case.
public enum TableFinding: Hashable, Sendable, CustomStringConvertible {
    /// No row leads from the initial state to this state (for a compound state: to any leaf
    /// inside it).
    case unreachableState(region: String, state: String)
    /// No row leaves this leaf (its own or an ancestor's), and it does not end the machine (a
    /// final state at the top of its region): once there, the region is stuck.
    case deadEnd(region: String, state: String)
    /// Eventless rows without a guard lead from `states[0]` round `states` back to it (one row
    /// that stays, or re-enters its own state, is a cycle of one): once the region is in one of
    /// them after a step, the runtime takes `rows` one after the other until its bound of
    /// microsteps stops it with an error.
    case eventlessCycle(region: String, states: [String], rows: [String])
    /// No row handles the event in any state.
    case unhandledEvent(String)
    /// The row can never fire: it leaves only from unreachable states (a done row: its state
    /// never reaches a final child), or in every leaf it applies in, something takes its turn:
    /// a row without a guard on the same trigger (an earlier row of the same state, or a row of
    /// a state inside its source, which always overrides it), or an eventless row without a
    /// guard, which leaves the leaf right after the step that entered it.
    case neverFires(row: String, reason: String)
    /// Both rows leave the state on the trigger and their guards are not declared exclusive:
    /// when both hold, the table's order decides silently. Rows at different depths are not a
    /// pair: the innermost wins by design. A row without a guard after guarded rows of the same
    /// state and trigger is their fallback, taken when no guard holds (the "else" SCXML and
    /// XState take as the last enabled transition in document order), not a finding. `event` is
    /// the event's name, `always` for eventless rows, `done.state.NAME` for done rows.
    case nondeterministic(region: String, state: String, event: String, rows: [String])
    /// The row is marked internal but is not: its target is one of its sources (not entered by
    /// history), or a source has no child states, so it exits and re-enters its source, as an
    /// external row does (SCXML's `type="internal"` keeps only a compound source above the
    /// target, or above the states its own history enters).
    case internalActsExternal(row: String)
    /// The machine declares no start event (`MachineDefinition.startEvent`), so its start runs
    /// none of these, which a start event would: entry and initial actions of its initial
    /// states, eventless rows that apply there.
    case startSkips([String])
    /// The table's declaration is mistaken (see ``TableError``): the table is a placeholder, and
    /// this is its only finding.
    case invalidTable(TableError)

    /// The finding as `check` prints it: what, where, and why it matters.
    public var description: String {
        switch self {
        case .unreachableState(let region, let state):
            "unreachable state: \(region).\(state) (no row leads to it from \(region)'s initial state)"
        case .deadEnd(let region, let state):
            "dead end: \(region).\(state) has no way out and is not final"
        case .eventlessCycle(let region, let states, let rows):
            "eventless cycle: in \(region), \(rows.joined(separator: ", ")) "
                + "\(rows.count == 1 ? "has" : "have") no guard and \(rows.count == 1 ? "leads" : "lead") "
                + (states + [states[0]]).joined(separator: " → ") + " forever"
        case .unhandledEvent(let event):
            "unhandled event: no row handles '\(event)'"
        case .neverFires(let row, let reason):
            "row never fires: \(row) (\(reason))"
        case .nondeterministic(let region, let state, let event, let rows):
            "non-deterministic: in \(region).\(state), '\(event)' enables \(rows.joined(separator: " and ")), whose guards are not declared exclusive"
        case .internalActsExternal(let row):
            "internal row acts as external: \(row) leaves a state that has no children or targets its own source, so it exits and re-enters it (target a state below a compound source to keep the source, or give no target to stay)"
        case .startSkips(let skipped):
            "start without an event: the machine declares no startEvent, so its start runs none of "
                + skipped.joined(separator: ", ") + " (declare `static let startEvent: Event? = ...`)"
        case .invalidTable(let error):
            "invalid table: \(error)"
        }
    }
}

/// What rows are chosen among, by name: the rows of one trigger compete in a leaf as the rows
/// of one event do in the step.
private enum TriggerKey: Hashable {
    /// An event, by name: the rows on it, the delayed and repeating rows whose timer fires it,
    /// the rows on a descriptor that takes it.
    case event(String)
    /// The delay of a row without a timer, by the row's id: no other row takes it.
    case delay(String)
    /// The eventless rows.
    case eventless
    /// The done event of a compound or parallel state, by its region and index.
    case done(region: Int, state: Int)

    /// The triggers `row` takes, in `listing`: one, but for a row on a descriptor, every event
    /// and done event the descriptor takes.
    static func of(_ row: RowListing, in listing: TableListing) -> [TriggerKey] {
        switch row.trigger {
        case .event, .after(_, timer: _?), .every(_, timer: _?): return [.event(row.event)]
        case .after, .every: return [.delay(row.id)]
        case .always: return [.eventless]
        case .done(let state): return [.done(region: row.region, state: state)]
        case .events:
            let descriptor = EventDescriptor(row.event)
            var keys = listing.events.filter(descriptor.matches).map(TriggerKey.event)
            for (region, description) in listing.regions.enumerated() {
                for state in description.states.indices where descriptor.matches("done.state.\(description.states[state])") {
                    keys.append(.done(region: region, state: state))
                }
            }
            return keys
        }
    }

    /// How findings name it: the event's name, `always`, `done.state.NAME`, `after ROW`.
    func name(in listing: TableListing) -> String {
        switch self {
        case .event(let name): name
        case .delay(let row): "delay of \(row)"
        case .eventless: "always"
        case .done(let region, let state): "done.state.\(listing.regions[region].states[state])"
        }
    }
}

extension TableListing {
    /// Every finding of the static checks, in a stable order: unreachable states, dead ends,
    /// eventless cycles, unhandled events, rows that never fire, then non-deterministic pairs;
    /// for a table whose declaration is mistaken, only that (``TableFinding/invalidTable(_:)``).
    /// In a region that nests states, the checks follow the step: a row applies in the leaves
    /// below its sources (a done row in the final children of its state), rows of inner states
    /// take precedence, and pairs are looked for at each depth.
    public var findings: [TableFinding] {
        if let invalidity { return [.invalidTable(invalidity)] }
        let reachable = reachableStates
        var findings: [TableFinding] = []
        for (region, description) in regions.enumerated() {
            for state in description.states.indices where !reachable[region].contains(state) {
                findings.append(.unreachableState(region: description.name, state: description.states[state]))
            }
        }
        for (region, description) in regions.enumerated() {
            for state in description.leaves
            where !description.isTopFinal(state) && !hasWayOut(region, state) {
                findings.append(.deadEnd(region: description.name, state: description.states[state]))
            }
        }
        findings += eventlessCycles(reachable: reachable)
        let handled = Set(rows.flatMap { TriggerKey.of($0, in: self) })
        findings += events.filter { !handled.contains(.event($0)) && $0 != startEvent }.map(TableFinding.unhandledEvent)
        findings += rows.enumerated().compactMap { index, row in neverFires(index, reachable: reachable) }
        findings += nondeterministicPairs()
        findings += rows.filter { row in
            guard row.isInternal, let target = row.target else { return false }
            return sources(of: row).contains {
                ($0 == target && row.history == nil) || !regions[row.region].isCompound($0)
            }
        }.map { .internalActsExternal(row: $0.id) }
        if !startSkips.isEmpty { findings.append(.startSkips(startSkips)) }
        return findings
    }

    /// The rows on `trigger` that apply in `leaf` of `region`, in priority order, each with
    /// the state of its that matched: the leaf's own rows, then its parent's, and so on up.
    private func candidates(region: Int, leaf: Int, trigger: TriggerKey) -> [(row: Int, state: Int)] {
        let description = regions[region]
        let chain = [leaf] + description.ancestors(of: leaf)
        var found: [(depth: Int, row: Int, state: Int)] = []
        for (index, row) in rows.enumerated() where row.region == region && TriggerKey.of(row, in: self).contains(trigger) {
            let sources = sources(of: row)
            if let depth = chain.firstIndex(where: sources.contains) { found.append((depth, index, chain[depth])) }
        }
        return found.sorted { ($0.depth, $0.row) < ($1.depth, $1.row) }.map { (row: $0.row, state: $0.state) }
    }

    /// The states of each region that rows lead to from its initial state: the leaves reached,
    /// and the compound states that hold one.
    ///
    /// A region declared within a state is reached only if that state is; a done row of a
    /// parallel state leads on only if every region within it reaches a final state at its top.
    /// A row of an imported chart may lead into other regions, and an imported initial
    /// transition to states of several (see ``RegionDescription``'s imported initial targets):
    /// what they enter is reached too, with the states holding it.
    var reachableStates: [Set<Int>] {
        var reached = regions.map { _ in Set<Int>() }
        var frontier: [(region: Int, leaf: Int)] = []
        func reach(_ region: Int, _ leaf: Int) {
            guard reached[region].insert(leaf).inserted else { return }
            frontier.append((region, leaf))
            // The state a nested region is within holds what it reaches.
            if let parent = regions[region].parent { reach(parent.region, parent.state) }
        }
        func enter(_ region: Int, _ state: Int, history: History?) {
            for (inner, leaf) in entered(region: region, state: state, history: history) { reach(inner, leaf) }
        }
        for (region, description) in regions.enumerated() where description.parent == nil {
            enter(region, description.initial, history: nil)
            for address in description.importedInitialTargets {
                if let target = regionIndex(named: address.regionName) { enter(target, address.state, history: nil) }
            }
        }
        while let (region, leaf) = frontier.popLast() {
            // A parallel state reached starts the regions within it.
            for inner in nestedRegions(in: region, state: leaf) { enter(inner, regions[inner].initial, history: nil) }
            for row in rows where row.region == region && firingLeaves(of: row).contains(leaf) {
                if case .done(let state) = row.trigger, isParallel(region: region, state: state),
                    !nestedRegions(in: region, state: state).allSatisfy({ inner in
                        regions[inner].finalStates.contains { regions[inner].isTopFinal($0) && canReach($0, in: inner) }
                    })
                {
                    continue
                }
                for target in targets(of: row) { enter(target.region, target.state, history: row.history) }
            }
        }
        return reached.enumerated().map { region, leaves in
            leaves.reduce(into: leaves) { all, leaf in all.formUnion(regions[region].ancestors(of: leaf)) }
        }
    }

    /// The leaves entering `state` of `region` can reach, by region: its default leaf, or with a
    /// history any leaf below it; for a state an imported initial transition enters states of
    /// several regions from, those too.
    private func entered(region: Int, state: Int, history: History?) -> [(region: Int, leaf: Int)] {
        let description = regions[region]
        guard history == nil else { return description.leaves.filter { description.contains(state, $0) }.map { (region, $0) } }
        var leaves = [(region: region, leaf: description.defaultLeaf(of: state))]
        for address in description.importedStateInitials[state] ?? [] {
            guard let target = regionIndex(named: address.regionName) else { continue }
            leaves += entered(region: target, state: address.state, history: nil)
        }
        return leaves
    }

    /// Whether rows of region `region` alone lead from its initial leaf to `state`.
    private func canReach(_ state: Int, in region: Int) -> Bool {
        var reached: Set<Int> = [regions[region].initialLeaf]
        var frontier = [regions[region].initialLeaf]
        while let leaf = frontier.popLast() {
            for row in rows where row.region == region && firingLeaves(of: row).contains(leaf) {
                for target in leavesEntered(by: row) where reached.insert(target).inserted { frontier.append(target) }
            }
        }
        return reached.contains(state)
    }

    /// Whether a row leads out of `state` (a leaf of `region`): a row of the region, or, for a
    /// region declared within a state, a row that leaves that state; for a parallel state, also
    /// an imported row of a region within it whose targets lie in other regions (it may leave it).
    private func hasWayOut(_ region: Int, _ state: Int) -> Bool {
        let leaves = rows.contains { row in
            row.region == region && firingLeaves(of: row).contains(state) && !row.stays
                && leavesEntered(by: row) != [state]
        }
        if leaves { return true }
        let nested = Set(regions.indices.filter { isWithin($0, region: region, state: state) })
        if rows.contains(where: { nested.contains($0.region) && !$0.extraTargets.isEmpty }) { return true }
        guard let parent = regions[region].parent else { return false }
        return hasWayOut(parent.region, parent.state)
    }

    /// Whether region `inner` is declared within `state` of `region`, at any depth.
    private func isWithin(_ inner: Int, region: Int, state: Int) -> Bool {
        var current = regions[inner].parent
        while let parent = current {
            if parent == RegionParent(region: region, state: state) { return true }
            current = regions[parent.region].parent
        }
        return false
    }

    /// The eventless row that surely fires in `leaf` after a step: the first eventless row that
    /// applies there, when it has no guard.
    private func sureEventlessRow(region: Int, leaf: Int) -> Int? {
        guard let first = candidates(region: region, leaf: leaf, trigger: .eventless).first,
            rows[first.row].guard == nil
        else { return nil }
        return first.row
    }

    /// The eventless row that takes the region out of `leaf` right after the step that entered
    /// it, so that no other row ever fires there; the initial leaf of a machine without a start
    /// event has none, for its first input comes before any eventless row is taken.
    private func eventlessRowLeaving(region: Int, leaf: Int) -> Int? {
        guard leaf != regions[region].initialLeaf || startEvent != nil, let row = sureEventlessRow(region: region, leaf: leaf),
            !rows[row].stays, !leavesEntered(by: rows[row]).contains(leaf)
        else { return nil }
        return row
    }

    /// The cycles of eventless rows without a guard among the reachable leaves, each once, from
    /// its first leaf: from each leaf, the row that surely fires leads to the leaf it enters (by
    /// default: an entry by history is not sure), or stays in it.
    private func eventlessCycles(reachable: [Set<Int>]) -> [TableFinding] {
        var findings: [TableFinding] = []
        for (region, description) in regions.enumerated() {
            func next(_ leaf: Int) -> (row: Int, leaf: Int)? {
                // A row with targets in other regions leaves this one's cycle.
                guard let row = sureEventlessRow(region: region, leaf: leaf), rows[row].history == nil,
                    rows[row].extraTargets.isEmpty
                else { return nil }
                return (row, rows[row].target.map(description.defaultLeaf) ?? leaf)
            }
            var done = Set<Int>()
            for start in description.leaves where reachable[region].contains(start) && !done.contains(start) {
                var path: [Int] = []
                var leaf = start
                while !done.contains(leaf), !path.contains(leaf), let step = next(leaf) {
                    path.append(leaf)
                    leaf = step.leaf
                }
                done.formUnion(path)
                guard let entry = path.firstIndex(of: leaf) else { continue }
                let cycle = Array(path[entry...])
                let first = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
                let ordered = Array(cycle[first...] + cycle[..<first])
                let cycleRows = ordered.compactMap { leaf in next(leaf).map { rows[$0.row].id } }
                findings.append(
                    .eventlessCycle(
                        region: description.name, states: ordered.map { description.states[$0] }, rows: cycleRows))
            }
        }
        return findings
    }

    private func neverFires(_ index: Int, reachable: [Set<Int>]) -> TableFinding? {
        let row = rows[index]
        let leaves = firingLeaves(of: row).filter { reachable[row.region].contains($0) }
        if leaves.isEmpty {
            guard case .done(let state) = row.trigger else {
                return .neverFires(row: row.id, reason: "it leaves only from unreachable states")
            }
            let name = regions[row.region].states[state]
            return .neverFires(row: row.id, reason: "no row leads to a final child of \(name)")
        }
        if case .done(let state) = row.trigger, isParallel(region: row.region, state: state) {
            let stuck = nestedRegions(in: row.region, state: state).filter { inner in
                !regions[inner].finalStates.contains { regions[inner].isTopFinal($0) && canReach($0, in: inner) }
            }
            if !stuck.isEmpty {
                let names = stuck.map { regions[$0].name }.joined(separator: ", ")
                return .neverFires(row: row.id, reason: "no row leads \(names) to a final state at its top")
            }
        }
        var inner = false
        var shadowing: Set<String> = []
        var leaving: Set<String> = []
        for leaf in leaves {
            if row.trigger != .always, let eventless = eventlessRowLeaving(region: row.region, leaf: leaf) {
                leaving.insert(rows[eventless].id)
                continue
            }
            // A row on a descriptor fires if one of the events it takes reaches it.
            var shadows: [(row: Int, inner: Bool)] = []
            for trigger in TriggerKey.of(row, in: self) {
                let candidates = candidates(region: row.region, leaf: leaf, trigger: trigger)
                let position = candidates.firstIndex { $0.row == index } ?? candidates.count
                let own = candidates[position...].first?.state
                guard let first = candidates[..<position].first(where: { rows[$0.row].guard == nil }) else { return nil }
                shadows.append((first.row, first.state != own))
            }
            for shadow in shadows {
                if shadow.inner { inner = true }
                shadowing.insert(rows[shadow.row].id)
            }
        }
        var reasons: [String] = []
        if !shadowing.isEmpty {
            let how = inner ? "overrides it from a state inside its source" : "comes first"
            reasons.append("\(shadowing.sorted().joined(separator: ", ")) has no guard and \(how)")
        }
        if !leaving.isEmpty {
            reasons.append("\(leaving.sorted().joined(separator: ", ")) has no guard and no event, and leaves first")
        }
        return .neverFires(row: row.id, reason: reasons.joined(separator: "; "))
    }

    private func nondeterministicPairs() -> [TableFinding] {
        var triggers = events.map { TriggerKey.event($0) }
        for row in rows {
            for trigger in TriggerKey.of(row, in: self) where !triggers.contains(trigger) { triggers.append(trigger) }
        }
        var findings: [TableFinding] = []
        var seen = Set<TableFinding>()
        for (region, description) in regions.enumerated() {
            for leaf in description.leaves {
                for trigger in triggers {
                    let candidates = candidates(region: region, leaf: leaf, trigger: trigger)
                    for (position, first) in candidates.enumerated() {
                        guard let a = rows[first.row].guard else { continue }
                        for second in candidates[(position + 1)...] where second.state == first.state {
                            // An unguarded row after guarded ones is their fallback, by order.
                            guard let b = rows[second.row].guard else { continue }
                            if areExclusive(a, b) { continue }
                            let finding = TableFinding.nondeterministic(
                                region: description.name, state: description.states[first.state], event: trigger.name(in: self),
                                rows: [rows[first.row].id, rows[second.row].id])
                            if seen.insert(finding).inserted { findings.append(finding) }
                        }
                    }
                }
            }
        }
        return findings
    }
}
