/// A sink that keeps nothing: for a replay whose outcome is all its caller needs (a coverage
/// run, a mutant's run).
package struct OutcomeOnly: TranscriptSink {
    package var wantsSteps: Bool { false }
    package init() {}
    package mutating func write(_ entry: TranscriptEntry) {}
}
