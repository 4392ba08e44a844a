/// What an action schedules besides its commands: an event the machine sends itself, through
/// the runtime's external queue (SCXML's `<send>` to the machine, `<cancel>`), or the delay of a
/// row declared without a timer. The runtime performs them; transcripts list them after the
/// commands.
@usableFromInline package enum Send<M: MachineDefinition>: Sendable {
    /// `event` for the machine's external queue, at once when `delay` is `nil` (handled after the
    /// current macrostep, before any later input), else after `delay`, under `id` if given.
    case event(M.Event, delay: Duration?, id: String?)
    /// Every pending send under `id` cancelled.
    case cancel(id: String)
    /// The delay of a row declared without a timer, started for the duration as its state is
    /// entered (or again when the repeating row fires). Delays are numbered from 0 in the order
    /// of their rows in the table (see `TransitionTable.delayedRows`).
    case startDelay(Int, Duration)
    /// The delay with this number cancelled, as its state is left.
    case cancelDelay(Int)
}
