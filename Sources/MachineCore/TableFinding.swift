/// A mistake the static checks find in a table: something no test may ever reach.
package enum TableFinding: Hashable, Sendable, CustomStringConvertible {
    /// No row leads from the initial state to this state (for a compound state: to any leaf
    /// inside it).
    case unreachableState(region: String, state: String)
    /// No row leaves this leaf (its own or an ancestor's), and it is not final: once there, the
    /// region is stuck.
    case deadEnd(region: String, state: String)
    /// No row handles the event in any state.
    case unhandledEvent(String)
    /// The row can never fire: it leaves only from unreachable states, or in every leaf it
    /// applies in, a row without a guard takes its event first (an earlier row of the same
    /// state, or a row of a state inside its source, which always overrides it).
    case neverFires(row: String, reason: String)
    /// Both rows leave the state on the event and their guards are not declared exclusive: when
    /// both hold, the table's order decides silently. Rows at different depths are not a pair:
    /// the innermost wins by design. A row without a guard after guarded rows of the same state
    /// and event is their fallback, taken when no guard holds (the "else" SCXML and XState take
    /// as the last enabled transition in document order), not a finding.
    case nondeterministic(region: String, state: String, event: String, rows: [String])

    package var description: String {
        switch self {
        case .unreachableState(let region, let state):
            "unreachable state: \(region).\(state) (no row leads to it from \(region)'s initial state)"
        case .deadEnd(let region, let state):
            "dead end: \(region).\(state) has no way out and is not final"
        case .unhandledEvent(let event):
            "unhandled event: no row handles '\(event)'"
        case .neverFires(let row, let reason):
            "row never fires: \(row) (\(reason))"
        case .nondeterministic(let region, let state, let event, let rows):
            "non-deterministic: in \(region).\(state), '\(event)' enables \(rows.joined(separator: " and ")), whose guards are not declared exclusive"
        }
    }
}

extension TableListing {
    /// Every finding of the static checks, in a stable order: unreachable states, dead ends,
    /// unhandled events, rows that never fire, then non-deterministic pairs. In a region that
    /// nests states, the checks follow the step: a row applies in the leaves below its sources,
    /// rows of inner states take precedence, and pairs are looked for at each depth.
    package var findings: [TableFinding] {
        let reachable = reachableStates
        var findings: [TableFinding] = []
        for (region, description) in regions.enumerated() {
            for state in description.states.indices where !reachable[region].contains(state) {
                findings.append(.unreachableState(region: description.name, state: description.states[state]))
            }
        }
        for (region, description) in regions.enumerated() {
            for state in description.leaves where !description.finalStates.contains(state) && !hasWayOut(region, state) {
                findings.append(.deadEnd(region: description.name, state: description.states[state]))
            }
        }
        let handled = Set(rows.map(\.event))
        findings += events.filter { !handled.contains($0) }.map(TableFinding.unhandledEvent)
        findings += rows.enumerated().compactMap { index, row in neverFires(index, reachable: reachable) }
        findings += nondeterministicPairs()
        return findings
    }

    /// The rows that handle `event` in `leaf` of `region`, in priority order, each with the state
    /// of its that matched: the leaf's own rows, then its parent's, and so on up.
    func candidates(region: Int, leaf: Int, event: String) -> [(row: Int, state: Int)] {
        let description = regions[region]
        let chain = [leaf] + description.ancestors(of: leaf)
        var found: [(depth: Int, row: Int, state: Int)] = []
        for (index, row) in rows.enumerated() where row.region == region && row.event == event {
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
                for row in rows where row.region == region && leaves(of: row).contains(leaf) {
                    for target in leavesEntered(by: row) where reached.insert(target).inserted { frontier.append(target) }
                }
            }
            for leaf in reached { reached.formUnion(description.ancestors(of: leaf)) }
            return reached
        }
    }

    private func hasWayOut(_ region: Int, _ state: Int) -> Bool {
        rows.contains { row in
            row.region == region && leaves(of: row).contains(state) && row.target != nil && leavesEntered(by: row) != [state]
        }
    }

    private func neverFires(_ index: Int, reachable: [Set<Int>]) -> TableFinding? {
        let row = rows[index]
        let leaves = leaves(of: row).filter { reachable[row.region].contains($0) }
        if leaves.isEmpty {
            return .neverFires(row: row.id, reason: "it leaves only from unreachable states")
        }
        var inner = false
        let shadowing = leaves.map { leaf in
            let candidates = candidates(region: row.region, leaf: leaf, event: row.event)
            let position = candidates.firstIndex { $0.row == index } ?? candidates.count
            let own = candidates[position...].first?.state
            let first = candidates[..<position].first { rows[$0.row].guard == nil }
            if let first, first.state != own { inner = true }
            return first.map { rows[$0.row] }
        }
        guard shadowing.allSatisfy({ $0 != nil }) else { return nil }
        let names = Set(shadowing.compactMap { $0?.id }).sorted()
        let how = inner ? "overrides it from a state inside its source" : "comes first"
        return .neverFires(row: row.id, reason: "\(names.joined(separator: ", ")) has no guard and \(how)")
    }

    private func nondeterministicPairs() -> [TableFinding] {
        var findings: [TableFinding] = []
        var seen = Set<TableFinding>()
        for (region, description) in regions.enumerated() {
            for leaf in description.leaves {
                for event in events {
                    let candidates = candidates(region: region, leaf: leaf, event: event)
                    for (position, first) in candidates.enumerated() {
                        guard let a = rows[first.row].guard else { continue }
                        for second in candidates[(position + 1)...] where second.state == first.state {
                            // An unguarded row after guarded ones is their fallback, by order.
                            guard let b = rows[second.row].guard else { continue }
                            if areExclusive(a, b) { continue }
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
