import EventScripts
import MachineRuntime

extension TransitionCoverage {
    /// Replays `script` and records its coverage; returns the script's outcome.
    ///
    /// - Throws: nothing: the replay runs the checked program (declared `throws` as in 1.0,
    ///   when it read the script again).
    @discardableResult
    public mutating func record<V: ScriptVocabulary>(
        _ script: CheckedScript<V>, player: Player<V>, provider: Provider<M>? = nil
    ) throws -> Outcome where V.Machine == M {
        beginRun(at: script.initialState)
        var sink = OutcomeOnly()
        var coverage = self
        let outcome = try player.play(script, provider: provider, into: &sink) { coverage.record($0) }
        self = coverage
        return outcome
    }
}
