/// Guards declared mutually exclusive: at most one of them holds for any state and event.
///
/// Rows of one region that leave the same state on the same event must have exclusive guards,
/// or the table is non-deterministic (the first row in table order would win silently); the
/// static checks (`TableListing.findings`) report the pairs that are not declared.
public struct ExclusiveGuards<M: MachineDefinition>: Sendable {
    /// The guards' names.
    public let names: Set<String>

    /// Declares `guards` mutually exclusive.
    public init(_ guards: Guard<M>...) {
        names = Set(guards.map(\.name))
    }
}
