import MachineCore

/// What a replay's transcript wrote lately, kept from step to step to be written again rather
/// than made anew: the context's fields' texts in the last state shown, and the last commands,
/// events and answers written, with their text.
@usableFromInline
package struct RecentTexts<M: MachineDefinition> {
    /// The context's fields' texts in the last state shown.
    @usableFromInline var context = ContextTexts<M>()
    /// The last commands written.
    @usableFromInline var commands = ValueTexts<Command<M>, String>()
    /// The last events sent, as their `send` statements.
    @usableFromInline var events = ValueTexts<M.Event, String>()
    /// The last answers, as their statement's keyword (`respond`, `fail`) and what follows the
    /// request in it.
    @usableFromInline var answers = ValueTexts<M.Event, (keyword: String, tail: String)>()

    /// Nothing written yet.
    @inlinable
    package init() {}
}
