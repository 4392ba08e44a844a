/// What mutation analysis needs of the core: a table rebuilt from edited rows, rows edited part
/// by part, and an outbox that takes commands as they are, without the rules of its methods.
extension TransitionTable {
    /// The table with `rows` in place of its own: the same regions, state actions, initial
    /// transitions and exclusive guards. A mutant of the machine, made without compiling anything.
    ///
    /// - Throws: ``TableError`` when the edited rows do not fit the regions (a history mark on a
    ///   target that is no longer compound, say).
    package func replacingRows(_ rows: [Row<M>]) throws(TableError) -> TransitionTable<M> {
        return try TransitionTable(
            validating: regions.map(ImportedRegion.init(listing:)), rows: rows,
            exclusive: exclusiveGuards.map(ExclusiveGuards.init(names:)), stateActions: declaredStateActions,
            initials: declaredInitials, importedEventNames: importedEventNames)
    }
}

extension ExclusiveGuards {
    init(names: Set<String>) { self.names = names }
}

extension Row {
    /// This row with its guard, target, history and action replaced (its id, region, sources,
    /// trigger and internal mark kept).
    package func replacing(guard: Guard<M>?, target: Int?, history: History?, action: Action<M>?) -> Row<M> {
        var row = Row(
            id: id, regionName: regionName, stateType: stateType, sources: sources, trigger: trigger, guard: `guard`,
            target: target, history: history, isInternal: isInternal, action: action)
        row.extraTargets = extraTargets
        // A mutant of an imported row into a history targets the history still; one that lost
        // its history targets the state.
        row.targetsHistoryState = targetsHistoryState && history != nil
        return row
    }

    /// This row with its trigger replaced (a delay halved, say), the rest kept.
    package func replacing(trigger: RowTrigger<M>) -> Row<M> {
        var row = Row(
            id: id, regionName: regionName, stateType: stateType, sources: sources, trigger: trigger, guard: self.guard,
            target: target, history: history, isInternal: isInternal, action: action)
        row.extraTargets = extraTargets
        row.targetsHistoryState = targetsHistoryState
        return row
    }

    init(
        id: String, regionName: String, stateType: ObjectIdentifier, sources: [Int]?, trigger: RowTrigger<M>,
        guard: Guard<M>?, target: Int?, history: History?, isInternal: Bool, action: Action<M>?
    ) {
        self.id = id
        self.regionName = regionName
        self.stateType = stateType
        self.sources = sources
        self.trigger = trigger
        self.guard = `guard`
        self.target = target
        self.history = history
        self.isInternal = isInternal
        self.action = action
    }
}

extension Outbox {
    /// An empty outbox whose work ledger is `outbox`'s: where a wrapped action emits, before its
    /// commands are passed on.
    package init(continuing outbox: Outbox) { _work = outbox._work }

    /// Appends `command` as it is and keeps the work ledger in step with it, without the rules of
    /// the named methods (a request does not cancel the one in flight first): for replaying an
    /// action's commands with one of them left out.
    package mutating func append(_ command: Command<M>) {
        switch command {
        case .startTimer(let timer, _): _work.timers.append(timer)
        case .cancelTimer(let timer): _ = _work.timers.remove(timer)
        case .request(let request): _work.pending.append(request.kind)
        case .cancel(let kind): _ = _work.pending.remove(kind)
        case .output: break
        }
        _commands.append(command)
    }
}
