/// A mistake the static checks find in a table: something no test may ever reach.
package enum TableFinding: Hashable, Sendable, CustomStringConvertible {
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

    package var description: String {
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
        }
    }
}

/// What rows are chosen among, by name: the rows of one trigger compete in a leaf as the rows
/// of one event do in the step.
private enum TriggerKey: Hashable {
    /// An event, by name: the rows on it, and the delayed and repeating rows whose timer fires it.
    case event(String)
    /// An event descriptor's events, by the descriptor.
    case events(String)
    /// The delay of a row without a timer, by the row's id: no other row takes it.
    case delay(String)
    /// The eventless rows.
    case eventless
    /// The done event of a compound state, by index.
    case done(Int)

    init(_ row: RowListing) {
        switch row.trigger {
        case .event, .after(_, timer: _?), .every(_, timer: _?): self = .event(row.event)
        case .events: self = .events(row.event)
        case .after, .every: self = .delay(row.id)
        case .always: self = .eventless
        case .done(let state): self = .done(state)
        }
    }
}

extension TableListing {
    /// Every finding of the static checks, in a stable order: unreachable states, dead ends,
    /// eventless cycles, unhandled events, rows that never fire, then non-deterministic pairs.
    /// In a region that nests states, the checks follow the step: a row applies in the leaves
    /// below its sources (a done row in the final children of its state), rows of inner states
    /// take precedence, and pairs are looked for at each depth.
    package var findings: [TableFinding] {
        let reachable = reachableStates
        var findings: [TableFinding] = []
        for (region, description) in regions.enumerated() {
            for state in description.states.indices where !reachable[region].contains(state) {
                findings.append(.unreachableState(region: description.name, state: description.states[state]))
            }
        }
        for (region, description) in regions.enumerated() {
            for state in description.leaves where !description.endsMachine(state) && !hasWayOut(region, state) {
                findings.append(.deadEnd(region: description.name, state: description.states[state]))
            }
        }
        findings += eventlessCycles(reachable: reachable)
        let handled = Set(rows.map(\.event))
        findings += events.filter { !handled.contains($0) }.map(TableFinding.unhandledEvent)
        findings += rows.enumerated().compactMap { index, row in neverFires(index, reachable: reachable) }
        findings += nondeterministicPairs()
        return findings
    }

    /// The rows on `trigger` that apply in `leaf` of `region`, in priority order, each with
    /// the state of its that matched: the leaf's own rows, then its parent's, and so on up.
    private func candidates(region: Int, leaf: Int, trigger: TriggerKey) -> [(row: Int, state: Int)] {
        let description = regions[region]
        let chain = [leaf] + description.ancestors(of: leaf)
        var found: [(depth: Int, row: Int, state: Int)] = []
        for (index, row) in rows.enumerated() where row.region == region && TriggerKey(row) == trigger {
            let sources = sources(of: row)
            if let depth = chain.firstIndex(where: sources.contains) { found.append((depth, index, chain[depth])) }
        }
        return found.sorted { ($0.depth, $0.row) < ($1.depth, $1.row) }.map { (row: $0.row, state: $0.state) }
    }

    /// The states of each region that rows lead to from its initial state: the leaves reached,
    /// and the compound states that hold one.
    var reachableStates: [Set<Int>] {
        regions.enumerated().map { region, description in
            var reached: Set<Int> = [description.initialLeaf]
            var frontier = [description.initialLeaf]
            while let leaf = frontier.popLast() {
                for row in rows where row.region == region && firingLeaves(of: row).contains(leaf) {
                    for target in leavesEntered(by: row) where reached.insert(target).inserted { frontier.append(target) }
                }
            }
            for leaf in reached { reached.formUnion(description.ancestors(of: leaf)) }
            return reached
        }
    }

    private func hasWayOut(_ region: Int, _ state: Int) -> Bool {
        rows.contains { row in
            row.region == region && firingLeaves(of: row).contains(state) && row.target != nil
                && leavesEntered(by: row) != [state]
        }
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
    /// it, so that no other row ever fires there; the initial leaf has none, for the first input
    /// comes before any eventless row is taken.
    private func eventlessRowLeaving(region: Int, leaf: Int) -> Int? {
        guard leaf != regions[region].initialLeaf, let row = sureEventlessRow(region: region, leaf: leaf),
            rows[row].target != nil, !leavesEntered(by: rows[row]).contains(leaf)
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
                guard let row = sureEventlessRow(region: region, leaf: leaf), rows[row].history == nil else { return nil }
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
        var inner = false
        var shadowing: Set<String> = []
        var leaving: Set<String> = []
        for leaf in leaves {
            if row.trigger != .always, let eventless = eventlessRowLeaving(region: row.region, leaf: leaf) {
                leaving.insert(rows[eventless].id)
                continue
            }
            let candidates = candidates(region: row.region, leaf: leaf, trigger: TriggerKey(row))
            let position = candidates.firstIndex { $0.row == index } ?? candidates.count
            let own = candidates[position...].first?.state
            guard let first = candidates[..<position].first(where: { rows[$0.row].guard == nil }) else { return nil }
            if first.state != own { inner = true }
            shadowing.insert(rows[first.row].id)
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
        for row in rows where !triggers.contains(TriggerKey(row)) { triggers.append(TriggerKey(row)) }
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
                            let event = rows[first.row].trigger == .always ? "always" : rows[first.row].event
                            let finding = TableFinding.nondeterministic(
                                region: description.name, state: description.states[first.state], event: event,
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
