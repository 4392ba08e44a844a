/// A mistake the static checks find in a table: something no test may ever reach.
public enum TableFinding: Hashable, Sendable, CustomStringConvertible {
    /// No row leads from the initial state to this state.
    case unreachableState(region: String, state: String)
    /// No row leaves this state, and it is not final: once there, the region is stuck.
    case deadEnd(region: String, state: String)
    /// No row handles the event in any state.
    case unhandledEvent(String)
    /// The row can never fire: it leaves only from unreachable states, or an earlier row without
    /// a guard takes its event in every state it leaves from.
    case neverFires(row: String, reason: String)
    /// Both rows leave the state on the event and their guards are not declared exclusive: when
    /// both hold, the table's order decides silently.
    case nondeterministic(region: String, state: String, event: String, rows: [String])

    public var description: String {
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
    /// unhandled events, rows that never fire, then non-deterministic pairs.
    public var findings: [TableFinding] {
        let reachable = reachableStates
        var findings: [TableFinding] = []
        for (region, description) in regions.enumerated() {
            for state in description.states.indices where !reachable[region].contains(state) {
                findings.append(.unreachableState(region: description.name, state: description.states[state]))
            }
        }
        for (region, description) in regions.enumerated() {
            for state in description.states.indices where !description.finalStates.contains(state) && !hasWayOut(region, state) {
                findings.append(.deadEnd(region: description.name, state: description.states[state]))
            }
        }
        let handled = Set(rows.map(\.event))
        findings += events.filter { !handled.contains($0) }.map(TableFinding.unhandledEvent)
        findings += rows.enumerated().compactMap { index, row in neverFires(index, reachable: reachable) }
        findings += nondeterministicPairs()
        return findings
    }

    /// The states of each region that rows lead to from its initial state.
    var reachableStates: [Set<Int>] {
        regions.enumerated().map { region, description in
            var reached: Set<Int> = [description.initial]
            var frontier = [description.initial]
            while let state = frontier.popLast() {
                for row in rows where row.region == region && sources(of: row).contains(state) {
                    if let target = row.target, reached.insert(target).inserted { frontier.append(target) }
                }
            }
            return reached
        }
    }

    private func hasWayOut(_ region: Int, _ state: Int) -> Bool {
        rows.contains { row in
            row.region == region && sources(of: row).contains(state) && row.target.map { $0 != state } == true
        }
    }

    private func neverFires(_ index: Int, reachable: [Set<Int>]) -> TableFinding? {
        let row = rows[index]
        let states = sources(of: row).filter { reachable[row.region].contains($0) }
        if states.isEmpty {
            return .neverFires(row: row.id, reason: "it leaves only from unreachable states")
        }
        let shadowing = states.map { state in
            rows[..<index].first { earlier in
                earlier.region == row.region && earlier.event == row.event && earlier.guard == nil
                    && sources(of: earlier).contains(state)
            }
        }
        guard shadowing.allSatisfy({ $0 != nil }) else { return nil }
        let names = Set(shadowing.compactMap { $0?.id }).sorted()
        return .neverFires(row: row.id, reason: "\(names.joined(separator: ", ")) has no guard and comes first")
    }

    private func nondeterministicPairs() -> [TableFinding] {
        var findings: [TableFinding] = []
        for (region, description) in regions.enumerated() {
            for state in description.states.indices {
                for event in events {
                    let candidates = rows.filter { $0.region == region && $0.event == event && sources(of: $0).contains(state) }
                    for (position, first) in candidates.enumerated() where first.guard != nil {
                        for second in candidates[(position + 1)...] {
                            guard let a = first.guard else { continue }
                            if let b = second.guard, areExclusive(a, b) { continue }
                            findings.append(.nondeterministic(region: description.name, state: description.states[state],
                                                              event: event, rows: [first.id, second.id]))
                        }
                    }
                }
            }
        }
        return findings
    }
}
