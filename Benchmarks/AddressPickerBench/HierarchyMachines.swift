import MachineCore

/// The reference workload's search field with nesting: `idle`, or `active` holding the five
/// states of a search, so that "cancel" and "type again" are rows of `active` (the latter
/// internal: it does not leave `active`); entering `active` counts a session (an entry action).
enum NestedField: MachineDefinition {
    struct Context: Sendable, Equatable {
        /// How many times `active` was entered.
        var sessions = 0
        /// Incremented by `resolving-searchLoaded`: how many searches were resolved.
        var resolved = 0
    }

    typealias Event = ReferenceMachine.Event

    enum Field: Int, ControlState {
        case idle, active, typing, loadingCompletions, showingCompletions, resolving, resolved
    }

    static let field = Region<Field>(
        "field", index: 0, initial: .idle,
        children: [.active: [.typing, .loadingCompletions, .showingCompletions, .resolving, .resolved]])

    static let table = TransitionTable<NestedField>(
        regions: [field],
        rows: [
            Row("start", in: field, from: [.idle], on: .queryChanged, to: .active),
            Row("retype", in: field, from: [.active], on: .queryChanged, to: .typing, internal: true),
            Row("typing-debounceElapsed", in: field, from: [.typing], on: .debounceElapsed, to: .loadingCompletions),
            Row(
                "loadingCompletions-completionsLoaded", in: field, from: [.loadingCompletions], on: .completionsLoaded,
                to: .showingCompletions),
            Row(
                "showingCompletions-completionSelected", in: field, from: [.showingCompletions], on: .completionSelected,
                to: .resolving),
            Row("resolving-searchLoaded", in: field, from: [.resolving], on: .searchLoaded, to: .resolved) { context, _, _ in
                context.resolved += 1
            },
            Row("cancel", in: field, from: [.active], on: .cancel, to: .idle),
        ],
        stateActions: [StateActions(in: field, .active, entry: { context, _, _ in context.sessions += 1 })])
}

/// ``NestedField`` flattened by hand with the same framework: the leaves only, each row of
/// `active` written for its five leaves, and the entry action of `active` in the row that enters
/// it.
enum FlatField: MachineDefinition {
    typealias Context = NestedField.Context
    typealias Event = ReferenceMachine.Event

    enum Field: Int, ControlState {
        case idle, typing, loadingCompletions, showingCompletions, resolving, resolved
    }

    static let field = Region<Field>("field", index: 0, initial: .idle)
    static let active: Sources<Field> = [.typing, .loadingCompletions, .showingCompletions, .resolving, .resolved]

    static let table = TransitionTable<FlatField>(
        regions: [field],
        rows: [
            Row("start", in: field, from: [.idle], on: .queryChanged, to: .typing) { context, _, _ in context.sessions += 1 },
            Row("retype", in: field, from: active, on: .queryChanged, to: .typing),
            Row("typing-debounceElapsed", in: field, from: [.typing], on: .debounceElapsed, to: .loadingCompletions),
            Row(
                "loadingCompletions-completionsLoaded", in: field, from: [.loadingCompletions], on: .completionsLoaded,
                to: .showingCompletions),
            Row(
                "showingCompletions-completionSelected", in: field, from: [.showingCompletions], on: .completionSelected,
                to: .resolving),
            Row("resolving-searchLoaded", in: field, from: [.resolving], on: .searchLoaded, to: .resolved) { context, _, _ in
                context.resolved += 1
            },
            Row("cancel", in: field, from: active, on: .cancel, to: .idle),
        ])

    /// The flat leaf that is `nested`'s leaf.
    static func leaf(of nested: NestedField.Field) -> Field? {
        switch nested {
        case .idle: .idle
        case .active: nil
        case .typing: .typing
        case .loadingCompletions: .loadingCompletions
        case .showingCompletions: .showingCompletions
        case .resolving: .resolving
        case .resolved: .resolved
        }
    }
}

/// The hierarchical machine against its hand-flattened equivalent, both stepped by the table,
/// on the reference workload's cycle plus a `cancel` in `idle` (ignored by both).
enum HierarchyBenchmark {
    static let cycle: [ReferenceMachine.Event] = ReferenceMachine.cycle + [.cancel, .queryChanged, .cancel]

    static func runNested(count: Int) -> Int {
        let table = NestedField.table
        var state = table.initialState(context: .init())
        var result = StepResult<NestedField>(recording: [])
        var index = 0
        var fired = 0
        for _ in 0..<count {
            table.step(&state, cycle[index], into: &result)
            fired &+= result.firedRowCount
            index = index == cycle.count - 1 ? 0 : index + 1
        }
        return fired &+ state.context.resolved &+ state.context.sessions
    }

    static func runFlat(count: Int) -> Int {
        let table = FlatField.table
        var state = table.initialState(context: .init())
        var result = StepResult<FlatField>(recording: [])
        var index = 0
        var fired = 0
        for _ in 0..<count {
            table.step(&state, cycle[index], into: &result)
            fired &+= result.firedRowCount
            index = index == cycle.count - 1 ? 0 : index + 1
        }
        return fired &+ state.context.resolved &+ state.context.sessions
    }

    /// Checks that both machines take the same steps: the same rows by id, the same leaf, the
    /// same context and the same reason for ignoring an event, recording everything and nothing.
    static func verify() throws {
        for recording in [StepRecording.all, []] {
            var nested = NestedField.table.initialState(context: .init())
            var flat = FlatField.table.initialState(context: .init())
            var nestedResult = StepResult<NestedField>(recording: recording)
            var flatResult = StepResult<FlatField>(recording: recording)
            for (number, event) in (cycle + cycle + cycle).enumerated() {
                NestedField.table.step(&nested, event, into: &nestedResult)
                FlatField.table.step(&flat, event, into: &flatResult)
                let nestedRows = nestedResult.firedRows.map { NestedField.table.rows[$0].id }
                let flatRows = flatResult.firedRows.map { FlatField.table.rows[$0].id }
                guard nestedRows == flatRows, FlatField.leaf(of: nested[NestedField.field]) == flat[FlatField.field],
                    nested.context == flat.context, nestedResult.ignored == flatResult.ignored
                else {
                    throw BenchmarkError.mismatch(
                        "hierarchy: event \(number) (\(event)): \(nestedRows) in \(nested[NestedField.field]) vs \(flatRows) in \(flat[FlatField.field])"
                    )
                }
            }
        }
    }

    static func run(runs: Int, events: Int) throws -> Comparison {
        try verify()
        let (comparison, checksums) = compare(
            "hierarchical machine (table)", { runNested(count: events) },
            against: "its hand-flattened equivalent (table)", { runFlat(count: events) },
            runs: runs, operations: events, note: "\(events) events of an \(cycle.count)-event cycle")
        guard checksums.0 == checksums.1 else {
            throw BenchmarkError.mismatch("hierarchy: checksum \(checksums.0) vs \(checksums.1)")
        }
        return comparison
    }
}
