/// What a table derives from its rows' triggers (see ``RowTrigger``), checked when it is built:
/// the slot kinds each row is found under, the done events rows wait for, and the delays the
/// delayed and repeating rows start when their states are entered.
///
/// Event rows, and delayed rows with a timer, are found under their event's kind; a row on an
/// event descriptor under the kind of every event it takes. Eventless rows, done rows and
/// delayed rows without a timer have no event: they are found under kinds after the machine's
/// own, the eventless kind first, then one kind for each state whose done event a row takes,
/// then one for each delay without a timer. A table without such rows has only the machine's
/// kinds, and its step is the one it always was.
struct TriggerIndex<M: MachineDefinition> {
    /// The slot kinds of each row.
    var slotKinds: [[Int]] = []
    /// How many slot kinds the table has.
    var kindCount = 0
    /// The eventless kind, or -1 when no row is eventless.
    var eventlessKind = -1
    /// The states whose done event a row takes, by done kind (from `eventCount + 1`).
    var doneStates: [(region: Int, state: Int)] = []
    /// The row of each delay without a timer, by delay number.
    var delayRows: [Int] = []
    /// The delays each state (by global index) starts when entered, in row order.
    var delays: [[StateDelay<M>]]

    /// Reads and checks the triggers of `rows`, whose regions are `rowRegion`; `eventNames` are
    /// the machine's event kinds, `nested` the regions within each state.
    init(
        regions: [RegionDescription], rows: [Row<M>], rowRegion: [Int], offsets: [Int], stateCount: Int,
        eventNames: [String], nested: [[[Int]]]
    ) throws(TableError) {
        let eventCount = eventNames.count
        delays = Array(repeating: [], count: stateCount)
        var delayedFrom: [Int: [(region: Int, state: Int)]] = [:]
        // Kinds after the machine's, placed once their counts are known: -1 - done position,
        // or `Int.min + delay number`.
        for (index, row) in rows.enumerated() {
            let region = regions[rowRegion[index]]
            switch row.trigger {
            case .event(let kind):
                slotKinds.append([kind.rawValue])
            case .events(let descriptor):
                var kinds = eventNames.indices.filter { descriptor.matches(eventNames[$0]) }
                for (regionIndex, description) in regions.enumerated() {
                    for state in description.states.indices
                    where Self.canBeDone(state, of: regionIndex, regions, nested)
                        && descriptor.matches("done.state.\(description.states[state])")
                    {
                        kinds.append(-1 - doneKind(regionIndex, state))
                    }
                }
                guard !kinds.isEmpty else {
                    throw .invalidTrigger(
                        row: row.id, problem: "the events '\(descriptor.description)' takes are none of the machine's")
                }
                slotKinds.append(kinds)
            case .after(let delay, let timer), .every(let delay, let timer):
                let repeats = if case .every = row.trigger { true } else { false }
                if let duration = delay.duration {
                    guard repeats ? duration > .zero : duration >= .zero else {
                        throw .invalidTrigger(
                            row: row.id,
                            problem: repeats ? "a repeating row needs a period above zero" : "a delay cannot be negative")
                    }
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
                guard let timer else {
                    guard M.startEvent != nil else {
                        throw .invalidTrigger(
                            row: row.id,
                            problem:
                                "a delay without a timer fires with no event of its own, and its closures see the machine's startEvent, which \(M.self) does not declare"
                        )
                    }
                    guard delayRows.count < 64 else {
                        throw .invalidTrigger(row: row.id, problem: "a table has at most 64 delays without a timer")
                    }
                    for source in sources {
                        for other in sources where other != source && region.contains(other, source) {
                            throw .invalidTrigger(
                                row: row.id,
                                problem:
                                    "it is delayed from '\(region.states[source])' and from '\(region.states[other])', one inside the other"
                            )
                        }
                        delays[offsets[rowRegion[index]] + source].append(
                            StateDelay(timer: nil, number: delayRows.count, delay: delay))
                    }
                    slotKinds.append([Int.min + delayRows.count])
                    delayRows.append(index)
                    continue
                }
                for source in sources {
                    let global = offsets[rowRegion[index]] + source
                    if let other = delays[global].first(where: { $0.timer == timer }) {
                        guard other.delay.duration != nil, other.delay.duration == delay.duration else {
                            throw .invalidTrigger(
                                row: row.id,
                                problem:
                                    "timer '\(timer.name)' is delayed twice from '\(region.states[source])', for \(other.delay.label) and \(delay.label)"
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
                    delays[global].append(StateDelay(timer: timer, number: -1, delay: delay))
                }
                slotKinds.append([M.event(firing: timer).kind.rawValue])
            case .always:
                eventlessKind = eventCount
                slotKinds.append([eventCount])
            case .done(let state):
                guard Self.canBeDone(state, of: rowRegion[index], regions, nested) else {
                    let problem =
                        nested[rowRegion[index]][state].isEmpty
                        ? "'\(region.states[state])' has no final child, so it is never done"
                        : "a region within '\(region.states[state])' has no final state at its top, so it is never done"
                    throw .invalidTrigger(row: row.id, problem: problem)
                }
                slotKinds.append([-1 - doneKind(rowRegion[index], state)])
            }
        }
        let hasInternalKinds = eventlessKind >= 0 || !doneStates.isEmpty || !delayRows.isEmpty
        kindCount = eventCount + (hasInternalKinds ? 1 + doneStates.count + delayRows.count : 0)
        let delayBase = eventCount + 1 + doneStates.count
        slotKinds = slotKinds.map { kinds in
            kinds.map { kind in
                if kind >= 0 { return kind }
                if kind >= -1 - doneStates.count { return eventCount + 1 + (-1 - kind) }
                return delayBase + (kind - Int.min)
            }
        }
    }

    /// The done position of `state` of `region`, added when it has none yet.
    private mutating func doneKind(_ region: Int, _ state: Int) -> Int {
        if let position = doneStates.firstIndex(where: { $0 == (region, state) }) { return position }
        doneStates.append((region, state))
        return doneStates.count - 1
    }

    /// Whether `state` of `region` can be done: a compound state with a final child, or a
    /// parallel state each of whose regions has a final state at its top.
    static func canBeDone(_ state: Int, of region: Int, _ regions: [RegionDescription], _ nested: [[[Int]]]) -> Bool {
        let inner = nested[region][state]
        guard inner.isEmpty else {
            return inner.allSatisfy { innerRegion in
                let description = regions[innerRegion]
                guard description.standsForItsState else {
                    return description.finalStates.contains(where: description.isTopFinal)
                }
                // A region that stands for its top state is done when that state is.
                return description.states.indices.contains { top in
                    description.parents[top] == nil
                        && (description.finalStates.contains(top) || canBeDone(top, of: innerRegion, regions, nested))
                }
            }
        }
        return regions[region].children[state].contains(where: regions[region].finalStates.contains)
    }

    /// The done kind of `state` of `region`, if a row takes its done event.
    func doneKind(region: Int, state: Int, eventCount: Int) -> Int? {
        doneStates.firstIndex { $0 == (region, state) }.map { eventCount + 1 + $0 }
    }

    /// The slot kind of delay `number` (of a row without a timer).
    func delayKind(_ number: Int, eventCount: Int) -> Int { eventCount + 1 + doneStates.count + number }
}

/// A delay a state starts when it is entered: on a timer of the machine's, or, without one, the
/// delay of a row declared without a timer, by its number.
struct StateDelay<M: MachineDefinition>: Sendable {
    let timer: M.Timer?
    let number: Int
    let delay: Delay<M>
}
