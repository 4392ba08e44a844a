import EventScripts
import MachineAnalysis
import MachineCore
import MachineRuntime
import Testing

/// The shortest sequence of inputs, from `initial`, that breaks one of `invariants` or of the
/// standard invariants, among every sequence the samples make up to `depth` inputs long; `nil`
/// when every invariant holds on every transition within that depth (or within the first
/// `maximumStates` distinct states, whichever ends first).
///
/// The search visits each distinct runtime state once, breadth first, trying in each every
/// sample event, every sample answer to each request in flight, late answers to cancelled
/// requests, and advances to each timer's deadline and just before it: the same search as the
/// command line's `verify`. `ignoring` leaves fields of the context out of what makes a state
/// distinct, by setting them to one value (`{ $0.attempts = 0 }`): a field that grows without end
/// otherwise keeps the search from ending.
public func counterexample<S: InputSamples>(
    in table: TransitionTable<S.Machine>, from initial: MachineState<S.Machine>, samples: S,
    invariants: [Invariant<S.Machine>] = [], depth: Int, maximumStates: Int = 1_000_000,
    ignoring: (@Sendable (inout S.Machine.Context) -> Void)? = nil
) -> Violation<S.Machine>? where S.Machine.Context: Hashable {
    verification(table, initial, samples, invariants, depth, maximumStates, ignoring).violation
}

/// Fails the test when some sequence of sample inputs up to `depth` long, from `initial` (the
/// vocabulary's initial state by default), breaks one of `invariants` or of the standard
/// invariants: the failure holds the shortest such sequence as an event script with the
/// expectations of each input, ready to save and replay. It fails too when the search stops at
/// `maximumStates` before `depth`, since the depth was then not verified. `ignoring` is as for
/// ``counterexample(in:from:samples:invariants:depth:maximumStates:ignoring:)``.
public func assertVerifies<V: ScriptVocabulary, S: InputSamples>(
    _ vocabulary: V, samples: S, from initial: MachineState<V.Machine>? = nil, invariants: [Invariant<V.Machine>] = [],
    depth: Int, maximumStates: Int = 1_000_000, ignoring: (@Sendable (inout V.Machine.Context) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) where S.Machine == V.Machine, V.Machine.Context: Hashable {
    let start = initial ?? vocabulary.table.initialState(context: vocabulary.initialContext)
    let report = verification(vocabulary.table, start, samples, invariants, depth, maximumStates, ignoring)
    if let violation = report.violation {
        let script = ExplorationScript.render(
            violation, vocabulary: vocabulary, initial: start,
            header: ["A shortest counterexample, \(violation.inputs.count.counted("input")) long."], expectations: true)
        TestIssue.record(
            """
            An invariant is broken after \(violation.inputs.count.counted("input")): \(violation.invariant)
              \(violation.message)
            This script reproduces it:
            \(script)
            """, at: sourceLocation)
    } else if report.stoppedAtMaximumStates {
        TestIssue.record(
            "The search stopped at \(maximumStates) states, while visiting depth \(report.depth) of \(depth): not verified to depth \(depth).",
            at: sourceLocation)
    }
}

/// The verification of `table` from `initial`, checking the standard invariants and then
/// `invariants` (one named like a standard one is checked once).
private func verification<S: InputSamples>(
    _ table: TransitionTable<S.Machine>, _ initial: MachineState<S.Machine>, _ samples: S,
    _ invariants: [Invariant<S.Machine>], _ depth: Int, _ maximumStates: Int,
    _ ignoring: (@Sendable (inout S.Machine.Context) -> Void)?
) -> VerificationReport<S.Machine> where S.Machine.Context: Hashable {
    let standard = Invariant<S.Machine>.standard
    var verifier = Verifier(
        table: table, initial: initial, samples: samples,
        invariants: standard + invariants.filter { invariant in !standard.contains { $0.name == invariant.name } })
    verifier.maximumDepth = depth
    verifier.maximumStates = maximumStates
    verifier.ignoring = ignoring
    return verifier.verify()
}
