/// A named condition on a row: the row is enabled only when the guard holds.
///
/// A guard sees the whole state before the step (every region's control state and the context)
/// and the event. Its name appears in listings, diagrams (`[name]`) and transcripts.
public struct Guard<M: MachineDefinition>: Sendable {
    /// The name diagrams and transcripts show.
    public let name: String
    @usableFromInline let test: @Sendable (MachineState<M>, M.Event) -> Bool

    /// A guard named `name` that holds when `test` returns `true`.
    public init(_ name: String, _ test: @escaping @Sendable (MachineState<M>, M.Event) -> Bool) {
        self.name = name
        self.test = test
    }

    /// Evaluates the guard.
    @inlinable
    package func callAsFunction(_ state: MachineState<M>, _ event: M.Event) -> Bool { test(state, event) }
}
