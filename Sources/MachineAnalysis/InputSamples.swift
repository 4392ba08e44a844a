import MachineCore

/// Inputs worth trying on a machine: what model-based testing (covering paths) and random
/// exploration feed it. A handful of representative values per event and answer is enough:
/// the search combines them.
public protocol InputSamples: Sendable {
    /// The machine whose inputs these are.
    associatedtype Machine: MachineDefinition

    /// Host events to try in every state.
    var events: [Machine.Event] { get }

    /// Answers to try for `request`: successes and failures.
    func answers(to request: Machine.Request) -> [Machine.Event]
}
