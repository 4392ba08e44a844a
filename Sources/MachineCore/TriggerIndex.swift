/// What a table derives from its rows' triggers (see ``RowTrigger``), checked when it is built:
/// the slot kind each row is found under, the done events rows wait for, and the timers the
/// delayed rows start when their states are entered.
///
/// Event and delayed rows are found under their event's kind. Eventless and done rows have no
/// event: they are found under kinds after the machine's own, the eventless kind first, then one
/// kind for each compound state whose done event a row handles. A table without such rows has
/// only the machine's kinds, and its step is the one it always was.
struct TriggerIndex<M: MachineDefinition> {
    /// The slot kind of each row.
    var slotKinds: [Int] = []
    /// How many slot kinds the table has.
    var kindCount: Int
    /// The eventless kind, or -1 when no row is eventless.
    var eventlessKind = -1
    /// The compound states whose done event a row handles, by done kind (from `eventCount + 1`).
    var doneStates: [(region: Int, state: Int)] = []
    /// The timers each state (by global index) starts when entered, in row order.
    var delays: [[(timer: M.Timer, duration: Duration)]]

    /// Reads and checks the triggers of `rows`, whose regions are `rowRegion`.
    init(
        regions: [RegionDescription], rows: [Row<M>], rowRegion: [Int], offsets: [Int], stateCount: Int,
        eventCount: Int, nested: [[[Int]]]
    ) throws(TableError) {
        delays = Array(repeating: [], count: stateCount)
        var delayedFrom: [Int: [(region: Int, state: Int)]] = [:]
        for (index, row) in rows.enumerated() {
            let region = regions[rowRegion[index]]
            switch row.trigger {
            case .event(let kind):
                slotKinds.append(kind.rawValue)
            case .after(let duration, let timer), .every(let duration, let timer):
                let repeats = if case .every = row.trigger { true } else { false }
                guard repeats ? duration > .zero : duration >= .zero else {
                    throw .invalidTrigger(
                        row: row.id, problem: repeats ? "a repeating row needs a period above zero" : "a delay cannot be negative"
                    )
                }
                if repeats, row.target != nil {
                    throw .invalidTrigger(row: row.id, problem: "a repeating row stays in its state: it has no target")
                }
                if repeats, row.guard != nil {
                    throw .invalidTrigger(
                        row: row.id, problem: "a repeating row has no guard: a firing it refused would stop its period")
                }
                guard let sources = row.sources else {
                    throw .invalidTrigger(row: row.id, problem: "a delayed row names its source states")
                }
                for source in sources {
                    let global = offsets[rowRegion[index]] + source
                    if let other = delays[global].first(where: { $0.timer == timer }) {
                        guard other.duration == duration else {
                            throw .invalidTrigger(
                                row: row.id,
                                problem:
                                    "timer '\(timer.name)' is delayed twice from '\(region.states[source])', for \(other.duration) and \(duration)"
                            )
                        }
                        continue
                    }
                    for other in delayedFrom[timer.rawValue, default: []] {
                        guard other.region == rowRegion[index] else {
                            throw .invalidTrigger(row: row.id, problem: "timer '\(timer.name)' is delayed in two regions")
                        }
                        if region.contains(other.state, source) || region.contains(source, other.state) {
                            throw .invalidTrigger(
                                row: row.id,
                                problem:
                                    "timer '\(timer.name)' is delayed from '\(region.states[source])' and from '\(region.states[other.state])', one inside the other"
                            )
                        }
                    }
                    delayedFrom[timer.rawValue, default: []].append((rowRegion[index], source))
                    delays[global].append((timer, duration))
                }
                slotKinds.append(M.event(firing: timer).kind.rawValue)
            case .always:
                eventlessKind = eventCount
                slotKinds.append(eventCount)
            case .done(let state):
                let inner = nested[rowRegion[index]][state]
                if !inner.isEmpty {
                    guard inner.allSatisfy({ regions[$0].finalStates.contains(where: regions[$0].isTopFinal) }) else {
                        throw .invalidTrigger(
                            row: row.id,
                            problem:
                                "a region within '\(region.states[state])' has no final state at its top, so it is never done")
                    }
                } else if !region.children[state].contains(where: region.finalStates.contains) {
                    throw .invalidTrigger(
                        row: row.id, problem: "'\(region.states[state])' has no final child, so it is never done")
                }
                let done = (region: rowRegion[index], state: state)
                let position = doneStates.firstIndex { $0 == done } ?? doneStates.count
                if position == doneStates.count { doneStates.append(done) }
                slotKinds.append(-1 - position)  // placed once the eventless kind is known
            }
        }
        let internalKinds = eventlessKind >= 0 || !doneStates.isEmpty ? 1 + doneStates.count : 0
        kindCount = eventCount + internalKinds
        for index in slotKinds.indices where slotKinds[index] < 0 {
            let position = -1 - slotKinds[index]
            slotKinds[index] = eventCount + 1 + position
        }
    }

    /// The done kind of `state` of `region`, if a row handles its done event.
    func doneKind(region: Int, state: Int, eventCount: Int) -> Int? {
        doneStates.firstIndex { $0 == (region, state) }.map { eventCount + 1 + $0 }
    }
}
