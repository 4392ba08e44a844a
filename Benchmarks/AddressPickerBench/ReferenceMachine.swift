import MachineCore

/// The reference workload's machine, written with the framework's public API as a user would:
/// a flat search field with six states, six events and nine rows, the same machine other
/// state-machine libraries are measured with.
enum ReferenceMachine: MachineDefinition {
    struct Context: Sendable, Equatable {
        /// Incremented by `resolving-searchLoaded`: how many searches were resolved.
        var resolved = 0
    }

    enum Event: Int, MachineEvent, IndexedCase {
        case queryChanged, debounceElapsed, completionsLoaded, completionSelected, searchLoaded, cancel
        var kind: Event { self }
    }

    enum Field: Int, ControlState {
        case idle, typing, loadingCompletions, showingCompletions, resolving, resolved
    }

    static let field = Region<Field>("field", index: 0, initial: .idle)

    static let table = TransitionTable<ReferenceMachine>(
        regions: [field],
        rows: [
            Row("idle-queryChanged", in: field, from: [.idle], on: .queryChanged, to: .typing),
            Row("typing-queryChanged", in: field, from: [.typing], on: .queryChanged, to: .typing),
            Row("typing-debounceElapsed", in: field, from: [.typing], on: .debounceElapsed, to: .loadingCompletions),
            Row(
                "loadingCompletions-completionsLoaded", in: field, from: [.loadingCompletions], on: .completionsLoaded,
                to: .showingCompletions),
            Row("showingCompletions-queryChanged", in: field, from: [.showingCompletions], on: .queryChanged, to: .typing),
            Row(
                "showingCompletions-completionSelected", in: field, from: [.showingCompletions], on: .completionSelected,
                to: .resolving),
            Row("resolving-searchLoaded", in: field, from: [.resolving], on: .searchLoaded, to: .resolved) { context, _, _ in
                context.resolved += 1
            },
            Row("resolved-queryChanged", in: field, from: [.resolved], on: .queryChanged, to: .typing),
            Row("cancel", in: field, from: .any, on: .cancel, to: .idle),
        ])

    /// The repeating cycle of the workload: eight events that fire eight rows.
    static let cycle: [Event] = [
        .queryChanged, .queryChanged, .debounceElapsed, .completionsLoaded, .completionSelected, .searchLoaded,
        .queryChanged, .cancel,
    ]
}

/// The same machine as one hand-written `switch`: the baseline of the reference workload.
struct HandWrittenReferenceMachine {
    var field = ReferenceMachine.Field.idle
    var resolved = 0

    /// Handles `event`; returns whether a transition fired.
    @discardableResult
    mutating func handle(_ event: ReferenceMachine.Event) -> Bool {
        switch (field, event) {
        case (_, .cancel): field = .idle
        case (.idle, .queryChanged), (.typing, .queryChanged), (.showingCompletions, .queryChanged),
            (.resolved, .queryChanged):
            field = .typing
        case (.typing, .debounceElapsed): field = .loadingCompletions
        case (.loadingCompletions, .completionsLoaded): field = .showingCompletions
        case (.showingCompletions, .completionSelected): field = .resolving
        case (.resolving, .searchLoaded):
            field = .resolved
            resolved += 1
        default: return false
        }
        return true
    }
}
