import MachineCore

/// The mutants of a table: every fault of every kind (``Mutant/Fault``) that applies to each
/// row, in table order, then in the order of the kinds.
///
/// - A row removed.
/// - A row's target changed to each other state of its region; a compound state is entered by
///   its initial child (the row keeps its history mark only when the new target is compound).
///   Rows without a target (they stay) keep none.
/// - A guard that always holds, never holds, or is negated.
/// - A row's action skipped.
/// - Each command the action was seen to emit (``ActionProfile``) dropped, one at a time: the
///   action runs into an outbox of its own, and its commands but the k-th are passed on.
/// - Each timer the action was seen to start, started for half and for twice its duration; a
///   delayed or repeating row's delay, halved and doubled.
/// - The row swapped with each later row of its region that competes with it: the same event,
///   and a source state in common, and guards not declared exclusive (``ExclusiveGuards``: then
///   at most one is ever enabled, and their order cannot matter).
/// - For a row whose target is compound, each other history: shallow, deep, or none.
///
/// A mutant the table rejects (an internal row sent outside its source, say) is not made.
package enum Mutants {
    /// The mutants of `table`, with the commands and timers `profile` saw its actions emit.
    package static func of<M>(_ table: TransitionTable<M>, profile: ActionProfile) -> [Mutant<M>] {
        let rows = table.rows
        var edits: [(id: String, row: String, fault: Mutant<M>.Fault, description: String, rows: [Row<M>])] = []
        func add(_ row: Row<M>, _ fault: Mutant<M>.Fault, _ change: String, _ description: String, _ edited: [Row<M>]) {
            edits.append(("\(row.id)/\(change)", row.id, fault, "row \(row.id): \(description)", edited))
        }
        func replacing(_ index: Int, with row: Row<M>) -> [Row<M>] {
            var edited = rows
            edited[index] = row
            return edited
        }
        for (index, row) in rows.enumerated() {
            guard let regionIndex = table.regionIndex(named: row.regionName) else { continue }
            let region = table.regions[regionIndex]
            func name(_ state: Int) -> String { "\(region.name).\(region.states[state])" }

            var removed = rows
            removed.remove(at: index)
            add(row, .rowRemoved, "removed", "removed", removed)

            if let target = row.target {
                for state in region.states.indices where state != target {
                    let compound = region.isCompound(state)
                    add(
                        row, .targetChanged, "target=\(region.states[state])",
                        "goes to \(name(state))\(compound ? " (by its initial child)" : "") instead of \(name(target))",
                        replacing(
                            index,
                            with: row.replacing(
                                guard: row.guard, target: state, history: compound ? row.history : nil, action: row.action)))
                }
            }

            if let test = row.guard {
                let edits: [(String, String, Guard<M>?)] = [
                    ("guard=true", "guard \(test.name) always holds", nil),
                    ("guard=false", "guard \(test.name) never holds", Guard("false") { _, _ in false }),
                    ("guard=negated", "guard \(test.name) negated", Guard("!\(test.name)") { !test($0, $1) }),
                ]
                for (change, description, edited) in edits {
                    let fault: Mutant<M>.Fault =
                        edited == nil ? .guardTrue : change == "guard=false" ? .guardFalse : .guardNegated
                    add(
                        row, fault, change, description,
                        replacing(
                            index,
                            with: row.replacing(guard: edited, target: row.target, history: row.history, action: row.action)
                        ))
                }
            }

            if let action = row.action {
                add(
                    row, .actionSkipped, "action-skipped", "its action is not run",
                    replacing(index, with: row.replacing(guard: row.guard, target: row.target, history: row.history, action: nil))
                )
                for dropped in 0..<profile.commandCounts[index] {
                    let filtered: Action<M> = { context, event, outbox in
                        var own = Outbox(continuing: outbox)
                        action(&context, event, &own)
                        for (position, command) in own.commands.enumerated() where position != dropped {
                            outbox.append(command)
                        }
                    }
                    add(
                        row, .commandDropped, "command-\(dropped + 1)-dropped",
                        "the \(ordinal(dropped + 1)) command its action emits is dropped",
                        replacing(
                            index,
                            with: row.replacing(guard: row.guard, target: row.target, history: row.history, action: filtered)))
                }
                for timer in profile.timersStarted[index] {
                    for (change, scale) in [("halved", 0.5), ("doubled", 2.0)] {
                        let scaled: Action<M> = { context, event, outbox in
                            var own = Outbox(continuing: outbox)
                            action(&context, event, &own)
                            for command in own.commands {
                                if case .startTimer(let started, let duration) = command, started.rawValue == timer {
                                    outbox.append(.startTimer(started, duration * scale))
                                } else {
                                    outbox.append(command)
                                }
                            }
                        }
                        let timerName = table.timerNames[timer]
                        add(
                            row, .timerChanged, "timer-\(timerName)-\(change)",
                            "timer \(timerName) started for \(change == "halved" ? "half" : "twice") its duration",
                            replacing(
                                index,
                                with: row.replacing(guard: row.guard, target: row.target, history: row.history, action: scaled)))
                    }
                }
            }

            switch row.trigger {
            case .after(let delay, let timer), .every(let delay, let timer):
                let repeats = if case .every = row.trigger { true } else { false }
                for (change, scale) in [("halved", 0.5), ("doubled", 2.0)] {
                    let scaledDelay = delay.scaled(by: scale)
                    let scaled: RowTrigger<M> = repeats ? .every(scaledDelay, timer) : .after(scaledDelay, timer)
                    let measure = timer.map { " (timer \($0.name))" } ?? ""
                    add(
                        row, .timerChanged, "delay-\(change)",
                        "its \(repeats ? "period" : "delay") \(change == "halved" ? "halved" : "doubled")\(measure)",
                        replacing(index, with: row.replacing(trigger: scaled)))
                }
            case .event, .events, .always, .done:
                break
            }

            for other in rows.indices
            where other > index && competes(index, other, in: table)
                && !exclusive(row, rows[other], in: table.exclusiveGuards)
            {
                var swapped = rows
                swapped.swapAt(index, other)
                add(
                    row, .rowsSwapped, "swapped-with-\(rows[other].id)",
                    "swapped with row \(rows[other].id), which competes with it",
                    swapped)
            }

            if let target = row.target, region.isCompound(target) {
                let kinds: [History?] = [nil, .shallow, .deep]
                for kind in kinds where kind != row.history {
                    add(
                        row, .historyChanged, "history=\(kind?.rawValue ?? "none")",
                        "enters \(name(target)) by \(kind.map { "\($0.rawValue) history" } ?? "its initial child") instead of \(row.history.map { "\($0.rawValue) history" } ?? "its initial child")",
                        replacing(
                            index, with: row.replacing(guard: row.guard, target: row.target, history: kind, action: row.action)))
                }
            }
        }
        // Building a table is most of the cost of a mutant: on every core.
        let edited = edits.map(\.rows)
        let tables = Parallel.map(edited.count) { try? table.replacingRows(edited[$0]) }
        return edits.indices.compactMap { index in
            let edit = edits[index]
            return tables[index].map {
                Mutant(id: edit.id, row: edit.row, fault: edit.fault, description: edit.description, table: $0)
            }
        }
    }

    /// Whether rows `first` and `second` of `table` compete: a slot kind (an event, a delay, the
    /// eventless rows, a done event) and a source in common, in one region.
    static func competes<M>(_ first: Int, _ second: Int, in table: TransitionTable<M>) -> Bool {
        let (one, other) = (table.rows[first], table.rows[second])
        guard one.regionName == other.regionName,
            !Set(table.rowSlotKinds[first]).isDisjoint(with: table.rowSlotKinds[second])
        else { return false }
        let all = Set(table.regions.first { $0.name == one.regionName }?.states.indices ?? 0..<0)
        return !Set(one.sources ?? Array(all)).isDisjoint(with: other.sources ?? Array(all))
    }

    /// Whether `first` and `second` have guards declared exclusive: at most one of them is ever
    /// enabled, so their order cannot matter.
    static func exclusive<M>(_ first: Row<M>, _ second: Row<M>, in sets: [Set<String>]) -> Bool {
        guard let one = first.guard?.name, let other = second.guard?.name else { return false }
        return sets.contains { $0.contains(one) && $0.contains(other) }
    }

    static func ordinal(_ number: Int) -> String {
        switch number {
        case 1: "first"
        case 2: "second"
        case 3: "third"
        default: "\(number)th"
        }
    }
}
