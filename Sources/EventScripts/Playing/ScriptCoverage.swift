import MachineAnalysis
import MachineRuntime

extension TransitionCoverage {
    /// Replays `program` and records its coverage; returns the script's outcome.
    @discardableResult
    public mutating func record<V: ScriptVocabulary>(
        _ program: Program<M>, player: Player<V>, answerer: Answerer<M>? = nil
    ) -> Outcome where V.Machine == M {
        beginRun(at: program.initialState)
        var sink = OutcomeOnly()
        var coverage = self
        let outcome = player.play(program, answerer: answerer, into: &sink) { coverage.record($0) }
        self = coverage
        return outcome
    }
}

/// A sink that keeps nothing: the outcome is all a coverage run needs.
struct OutcomeOnly: TranscriptSink {
    var wantsSteps: Bool { false }
    mutating func write(_ entry: TranscriptEntry) {}
}
