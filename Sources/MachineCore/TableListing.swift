/// A table without its types: names only, for diagrams, checks and coverage.
public struct TableListing: Hashable, Sendable {
    /// The regions, in firing order.
    public let regions: [RegionDescription]
    /// The rows, in table order.
    public let rows: [RowListing]
    /// The names of the event kinds.
    public let events: [String]
    /// Sets of guards declared mutually exclusive: at most one of a set holds at a time.
    package let exclusiveGuards: [Set<String>]
    /// The name of the machine's start event's kind, if it declares one
    /// (`MachineDefinition.startEvent`): no row needs to handle it.
    package let startEvent: String?
    /// For a machine without a start event, what its start leaves out that a start event would
    /// run (entry actions and initial actions of the initial states, eventless rows that apply
    /// there), by name; empty otherwise.
    let startSkips: [String]
    /// The targets of the history defaults the table declares (``Initial`` with a `history`),
    /// by region, compound state and history.
    let historyDefaults: [HistoryDefaultListing]
    /// The mistake in the table's declaration, if any: the listing is then a placeholder's.
    package let invalidity: TableError?

    /// Whether the guards `a` and `b` are declared mutually exclusive.
    func areExclusive(_ a: String, _ b: String) -> Bool {
        a != b && exclusiveGuards.contains { $0.contains(a) && $0.contains(b) }
    }

    /// The states row `row` leaves from, as declared (compound states included).
    package func sources(of row: RowListing) -> [Int] {
        row.sources ?? Array(regions[row.region].states.indices)
    }

    /// The leaves row `row` applies in: its sources' leaves and the leaves below its compound
    /// sources.
    package func leaves(of row: RowListing) -> [Int] {
        let region = regions[row.region]
        let sources = sources(of: row)
        return region.leaves.filter { leaf in sources.contains { region.contains($0, leaf) } }
    }

    /// The leaves row `row` can fire in: those it applies in (``leaves(of:)``), but for a done
    /// row only the leaves of its state's final children, whose entry raises its event, or for
    /// the done row of a parallel state, that state (a leaf of its region).
    package func firingLeaves(of row: RowListing) -> [Int] {
        guard case .done(let state) = row.trigger else { return leaves(of: row) }
        if isParallel(region: row.region, state: state) { return [state] }
        let region = regions[row.region]
        let finals = region.children[state].filter(region.finalStates.contains)
        return region.leaves.filter { leaf in finals.contains { region.contains($0, leaf) } }
    }

    /// The state a row entering `state` of `region` by `history` enters while the history
    /// remembers nothing: its declared default's target, or the state's default target.
    package func historyDefault(region: Int, state: Int, history: History) -> Int? {
        historyDefaults.first { $0.region == region && $0.state == state && $0.history == history }?.target
            ?? regions[region].defaultTarget(of: state)
    }

    /// The regions declared within `state` of `region`, in table order.
    package func nestedRegions(in region: Int, state: Int) -> [Int] {
        regions.indices.filter { regions[$0].parent == RegionParent(region: region, state: state) }
    }

    /// Whether `state` of `region` is a parallel state: regions are declared within it.
    package func isParallel(region: Int, state: Int) -> Bool {
        regions.contains { $0.parent == RegionParent(region: region, state: state) }
    }

    /// The leaves entering `target` can reach: its default leaf, or with a history any leaf
    /// below it that the region can be in.
    package func leavesEntered(by row: RowListing) -> [Int] {
        guard let target = row.target else { return [] }
        let region = regions[row.region]
        guard row.history != nil else { return [region.defaultLeaf(of: target)] }
        return region.leaves.filter { region.contains(target, $0) }
    }

    /// Whether any region nests states.
    package var isHierarchical: Bool { regions.contains(where: \.isHierarchical) }

    /// Row `row`'s targets, by region and state: in its own region, then in others (an imported
    /// row's); empty for a row that stays.
    package func targets(of row: RowListing) -> [(region: Int, state: Int)] {
        (row.target.map { [(region: row.region, state: $0)] } ?? [])
            + row.extraTargets.compactMap { address in
                regionIndex(named: address.regionName).map { (region: $0, state: address.state) }
            }
    }

    /// The names of row `row`'s targets (see ``targets(of:)``), each with its history mark
    /// (`active (H)`); empty for a row that stays.
    package func targetNames(of row: RowListing) -> [String] {
        let mark = row.history.map { $0 == .deep ? " (H*)" : " (H)" } ?? ""
        return targets(of: row).map { regions[$0.region].states[$0.state] + mark }
    }

    /// The position of the region named `name`.
    package func regionIndex(named name: String) -> Int? { regions.firstIndex { $0.name == name } }
}

/// A history default without its types: where a row entering compound state `state` of region
/// `region` by `history` goes while the history remembers nothing.
struct HistoryDefaultListing: Hashable, Sendable {
    package let region: Int
    package let state: Int
    package let history: History
    package let target: Int
}

/// One row without its types.
public struct RowListing: Hashable, Sendable {
    /// The row's id.
    public let id: String
    /// The position of its region.
    public let region: Int
    /// Its source state indexes, or `nil` for any state.
    public let sources: [Int]?
    /// What makes it fire.
    public let trigger: TriggerListing
    /// The name of its event kind: for a delayed or repeating row, its timer's event; for an
    /// eventless row, the empty string; for a done row, `done.state.NAME`. No two triggers of
    /// different kinds share one (an event's name is never empty and has no dot).
    public let event: String
    /// The name of its guard, if any.
    public let `guard`: String?
    /// Its target state index, or `nil` to stay.
    public let target: Int?
    /// The history it enters its compound target by, if any.
    public let history: History?
    /// Whether it is internal: it does not exit its source.
    public let isInternal: Bool
    /// Its targets beyond ``target``, in any region: an imported row with several targets, or
    /// with a target outside its region (see `Row`'s `extraTargets`).
    package var extraTargets: [StateAddress] = []

    /// Whether it stays: it has no target, in its region or another.
    package var stays: Bool { target == nil && extraTargets.isEmpty }

    /// The trigger, then the guard in brackets when there is one: `regionChanged [isEcho]`,
    /// `after 5s`, `every 30s`, `always [hasQueued]`, `done.state.handshake`.
    public var label: String {
        let trigger = trigger.label(event: event)
        return self.guard.map { "\(trigger) [\($0)]" } ?? trigger
    }
}

/// What makes a listed row fire (see ``RowTrigger``), by name.
public enum TriggerListing: Hashable, Sendable {
    /// An event (``RowListing/event`` names it).
    case event
    /// The events an event descriptor takes (``RowListing/event`` writes the descriptor: `*`,
    /// `error`).
    case events
    /// The delay (`5s`, or a computed delay's name), started when a source state is entered; on
    /// the timer named, or without one on the row's own delay.
    case after(delay: String, timer: String?)
    /// The period, started on entry and each time the row fires; on the timer named, if any.
    case every(period: String, timer: String?)
    /// No event: taken whenever its guard holds.
    case always
    /// The done event of the compound or parallel state with this index.
    case done(Int)

    /// How diagrams and listings show it; `event` is the row's event name.
    package func label(event: String) -> String {
        switch self {
        case .event, .events, .done: event
        case .after(let delay, _): "after \(delay)"
        case .every(let period, _): "every \(period)"
        case .always: "always"
        }
    }

    /// Whether the row is delayed or repeating.
    package var isDelayed: Bool {
        switch self {
        case .after, .every: true
        case .event, .events, .always, .done: false
        }
    }
}

extension TransitionTable {
    private func trigger(of row: Row<M>) -> TriggerListing {
        switch row.trigger {
        case .event: .event
        case .events: .events
        case .after(let delay, let timer): .after(delay: delay.label, timer: timer?.name)
        case .every(let period, let timer): .every(period: period.label, timer: timer?.name)
        case .always: .always
        case .done(let state): .done(state)
        }
    }

    private func eventName(of row: Row<M>) -> String {
        if let kind = row.event { return kind.name }
        if case .events(let descriptor) = row.trigger { return descriptor.description }
        if case .done(let state) = row.trigger,
            let region = regions.first(where: { $0.name == row.regionName })
        {
            return "done.state.\(region.states[state])"
        }
        return ""
    }

    /// The table as names, for diagrams, checks and coverage.
    public var listing: TableListing {
        TableListing(
            regions: regions,
            rows: rows.enumerated().map { index, row in
                var listed = RowListing(
                    id: row.id, region: Int(rowSteps[index].region), sources: row.sources, trigger: trigger(of: row),
                    event: eventName(of: row), guard: row.guard?.name, target: row.target, history: row.history,
                    isInternal: row.isInternal)
                listed.extraTargets = row.extraTargets
                return listed
            },
            events: eventNames,
            exclusiveGuards: exclusiveGuards,
            startEvent: M.startEvent.map { $0.kind.name },
            startSkips: M.startEvent == nil ? startSkips : [],
            historyDefaults: declaredInitials.compactMap { initial in
                guard let history = initial.history, let region = regionIndex(named: initial.regionName) else { return nil }
                return HistoryDefaultListing(region: region, state: initial.state, history: history, target: initial.target)
            },
            invalidity: invalidity)
    }
}

extension TransitionTable {
    /// What a start without a start event leaves out: the entry actions of the states of the
    /// initial configuration, the initial actions of its compound states, and the eventless
    /// rows that apply in its leaves, by name (`entry of link.offline`, `eventless row drain`).
    var startSkips: [String] {
        let initial = initialControls
        var skipped: [String] = []
        for (region, description) in regions.enumerated() where isActive(region: region, in: initial) {
            let leaf = initial[region]
            guard description.states.indices.contains(leaf) else { continue }
            for state in description.ancestors(of: leaf).reversed() + [leaf] {
                let name = "\(description.name).\(description.states[state])"
                if declaredStateActions.contains(where: {
                    $0.regionName == description.name && $0.state == state && $0.entry != nil
                }) {
                    skipped.append("the entry action of \(name)")
                }
                if statechart.initialActions[statechart.tree.node(region: region, state: state)] != nil {
                    skipped.append("the initial action of \(name)")
                }
            }
            if _eventlessKind >= 0 {
                for row in candidates(region: region, state: leaf, slotKind: _eventlessKind)
                where !skipped.contains("the eventless row \(rows[row].id)") {
                    skipped.append("the eventless row \(rows[row].id)")
                }
            }
        }
        return skipped
    }
}
