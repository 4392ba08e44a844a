/// A side effect, described as a value: the machine returns commands and the runtime performs them.
///
/// Timers and requests are shared by every machine, so the runtime can run them; what a request
/// asks for and what an output tells the host are the machine's own types.
public enum Command<M: MachineDefinition>: Sendable, Equatable {
    /// Start (or restart) the timer, which fires ``MachineDefinition/event(firing:)`` after the duration.
    case startTimer(M.Timer, Duration)
    /// Stop a running timer.
    case cancelTimer(M.Timer)
    /// Ask a provider; the answer comes back as an event.
    case request(M.Request)
    /// Abandon the request of this kind in flight; a late answer to it is dropped.
    case cancel(M.Request.Kind)
    /// Hand something to the host.
    case output(M.Output)
}
